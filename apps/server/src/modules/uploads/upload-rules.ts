import { isStaff } from '@queuecast/contract';
import { stripHiddenFormatting } from '../../lib/text.js';

/** What the upload answers, in words a listener can act on. */
export const UPLOAD_TEXT = {
  noFile: 'Please select a file to upload.',
  emptyFile: 'The file is empty.',
  notAudio: 'The file is not audio that the station can play.',
  songIdMissing: 'songid is required.',
  songIdInvalid: 'songid must be a positive whole number.',
  songNotFound: 'Song not found.',
  songHasFile: 'This song already has a file.',
  oneFile: 'Send one file at a time.',
  notMultipart: 'Send the file as multipart/form-data, with the fields file and songid.',
  tooManyParts: 'The upload form has too many parts.',
  malformed: 'The upload is not a valid multipart form.',
  interrupted: 'The upload was interrupted.',
  tooLarge: (mib: number) => `The file is larger than the ${mib} MiB limit.`,
  duplicate: (fileId: number) => `This file is already in the library (file ${fileId}).`,
} as const;

/**
 * The file and the song after an upload. Staff's file is approved at once and a song missing
 * its file becomes playable (a song waiting for review keeps waiting); a listener's file waits
 * for staff, and so does the song.
 */
export function uploadOutcome(
  role: string,
  songStatus: string,
): { pending: 0 | 1; status: 'active' | 'review' } {
  if (!isStaff(role)) return { pending: 1, status: 'review' };
  return { pending: 0, status: songStatus === 'review' ? 'review' : 'active' };
}

/** The `songid` field as a song id, or the refusal. */
export function parseSongId(value: string | undefined): { id: number } | { refusal: string } {
  if (value === undefined || value.trim() === '') return { refusal: UPLOAD_TEXT.songIdMissing };
  const text = value.trim();
  if (!/^\d{1,10}$/.test(text)) return { refusal: UPLOAD_TEXT.songIdInvalid };
  const id = Number(text);
  if (id < 1 || id > 2 ** 31 - 1) return { refusal: UPLOAD_TEXT.songIdInvalid };
  return { id };
}

/**
 * The name the client gave the file, kept for people to recognise it: its last path segment
 * (browsers on some systems send a whole path), without control characters nor hidden
 * formatting (a right-to-left override shows 'song\u202egpj.exe' as 'songexe.jpg'), at most 200
 * characters. Empty when nothing is left.
 */
export function clientFileName(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex -- control characters are what is removed
  const clean = stripHiddenFormatting(base.replace(/[\u0000-\u001f\u007f]/g, '')).trim();
  if (clean === '.' || clean === '..') return '';
  return [...clean].slice(0, 200).join('');
}

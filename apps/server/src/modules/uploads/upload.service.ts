import fs from 'node:fs';
import type { UploadResult } from '@queuecast/contract';
import type { AuthUser } from '../../auth/guards.js';
import type { EventBus } from '../../core/bus.js';
import type { Clock } from '../../core/clock.js';
import { announcesNewSong } from '../../core/review-rules.js';
import type { Db } from '../../db/database.js';
import { isUniqueViolation } from '../../db/dialect.js';
import { DISK_MARGIN_BYTES, diskFull, freeBytes } from '../../lib/disk-space.js';
import { HttpError, badRequest, conflict, notFound } from '../../lib/http-error.js';
import { MediaRefusal, type MediaIntake, type TakenAudio } from '../../media/media-intake.js';
import type { MediaStore } from '../../media/media-store.js';
import {
  receiveForm,
  removeStaleParts,
  type FormPart,
  type ReceivedFile,
} from './upload-receiver.js';
import type { UploadRepo, UploadTarget } from './upload.repo.js';
import { UPLOAD_TEXT, clientFileName, parseSongId, uploadOutcome } from './upload-rules.js';

const MIB = 1024 * 1024;
/** A temporary file untouched this long belongs to an upload that a crash cut short. */
const STALE_PART_MS = 24 * 3600 * 1000;

export interface UploadDeps {
  db: Db;
  repo: UploadRepo;
  store: MediaStore;
  /** Checks, measures and queues every file that enters the library. */
  intake: MediaIntake;
  /** Where files are written while they arrive: under the data directory, beside the store. */
  tempDir: string;
  maxMiB: number;
  bus: EventBus;
  clock: Clock;
}

/** A refused file as the uploader is told. */
function refusalOf(err: MediaRefusal): HttpError {
  if (err.kind === 'unsupported') return new HttpError(415, err.message);
  return badRequest(err.kind === 'undecodable' ? UPLOAD_TEXT.notAudio : err.message);
}

/** Why an upload for this song is refused, or null. */
function songRefusal(song: UploadTarget | undefined): HttpError | null {
  if (!song) return notFound(UPLOAD_TEXT.songNotFound);
  if (song.files > 0) return conflict(UPLOAD_TEXT.songHasFile);
  return null;
}

/**
 * A signed-in user's audio file for a song that has none. The file streams to a temporary file
 * (hashed as it arrives, never held in memory), goes through the media intake (only real audio
 * containers, bounded tags, its turn in the analysis queue, told to the uploader's sockets, one
 * decoding that proves it plays and measures its length and loudness, its cover art into the
 * art store), moves into the media store under its content hash, and is recorded with the
 * song's new state in one transaction. A refused or failed upload leaves no file and no row.
 */
export class UploadService {
  readonly tempDir: string;
  readonly maxBytes: number;
  private swept = false;

  constructor(private readonly deps: UploadDeps) {
    this.tempDir = deps.tempDir;
    this.maxBytes = deps.maxMiB * MIB;
  }

  async upload(actor: AuthUser, parts: AsyncIterable<FormPart> | null): Promise<UploadResult> {
    if (!parts) throw new HttpError(415, UPLOAD_TEXT.notMultipart);
    if (!this.swept) {
      this.swept = true;
      await removeStaleParts(this.tempDir, STALE_PART_MS);
    }
    const form = await receiveForm(parts, {
      tempDir: this.tempDir,
      fileField: 'file',
      admit: async (fields) => {
        const songId = parseSongId(fields.get('songid'));
        if (!('id' in songId)) return null; // judged once the whole form is in
        const refusal = songRefusal(await this.deps.repo.target(songId.id, actor));
        if (refusal) return refusal;
        // No room for the file and what analysing it writes: refused before a byte is kept.
        const free = await freeBytes(this.tempDir);
        return free < DISK_MARGIN_BYTES ? diskFull() : null;
      },
    });
    const file = form.file;
    try {
      if (form.refusal) throw form.refusal;
      return await this.store(actor, form.fields.get('songid'), file);
    } finally {
      if (file) await fs.promises.rm(file.temp, { force: true });
    }
  }

  private async store(
    actor: AuthUser,
    songIdField: string | undefined,
    file: ReceivedFile | null,
  ): Promise<UploadResult> {
    if (file?.truncated) throw new HttpError(413, UPLOAD_TEXT.tooLarge(this.deps.maxMiB));
    // A browser form with no file chosen still sends the part, nameless and empty.
    if (!file || (file.size === 0 && file.filename === '')) throw badRequest(UPLOAD_TEXT.noFile);
    if (file.size === 0) throw badRequest(UPLOAD_TEXT.emptyFile);
    const songId = parseSongId(songIdField);
    if (!('id' in songId)) throw badRequest(songId.refusal);
    const refusal = songRefusal(await this.deps.repo.target(songId.id, actor));
    if (refusal) throw refusal;
    await this.refuseDuplicate(file.hash);

    const taken = await this.take(actor, songId.id, file);
    const stored = await this.deps.store
      .moveIn(taken.source, file.hash, taken.ext)
      .finally(() => (taken.copy ? fs.promises.rm(taken.copy, { force: true }) : undefined));
    try {
      return await this.record(actor, songId.id, file, taken, stored.relative);
    } catch (err) {
      // The stored file goes, unless an upload of the same content recorded it meanwhile.
      const recorded = await this.deps.repo.fileIdByHash(file.hash);
      if (stored.created && recorded === undefined) await this.deps.store.remove(stored.relative);
      if (isUniqueViolation(err) && recorded !== undefined) {
        throw conflict(UPLOAD_TEXT.duplicate(recorded));
      }
      throw err;
    }
  }

  /** The file through the media intake, the uploader's sockets told of its place in line. */
  private async take(actor: AuthUser, songId: number, file: ReceivedFile): Promise<TakenAudio> {
    const status = (state: 'queued' | 'analysing', position?: number) =>
      this.deps.bus.publish({
        type: 'upload.status',
        user_id: actor.id,
        song_id: songId,
        state,
        ...(position === undefined ? {} : { position }),
      });
    try {
      return await this.deps.intake.take(file.temp, {
        fallbackTitle: '',
        workDir: this.tempDir,
        hooks: {
          queued: (position) => status('queued', position),
          started: () => status('analysing'),
        },
      });
    } catch (err) {
      throw err instanceof MediaRefusal ? refusalOf(err) : err;
    }
  }

  private async refuseDuplicate(hash: string): Promise<void> {
    const existing = await this.deps.repo.fileIdByHash(hash);
    if (existing !== undefined) throw conflict(UPLOAD_TEXT.duplicate(existing));
  }

  /** The file row and the song's new length, loudness and status, in one transaction. */
  private async record(
    actor: AuthUser,
    songId: number,
    file: ReceivedFile,
    taken: TakenAudio,
    storedPath: string,
  ): Promise<UploadResult> {
    const { db, repo, clock, bus } = this.deps;
    const { analysis, ext, coverArt } = taken;
    const outcome = await db.transaction().execute(async (trx) => {
      const song = await repo.target(songId, actor, trx, true);
      const refusal = songRefusal(song);
      if (refusal) throw refusal;
      const { pending, status } = uploadOutcome(actor.role, song!.status);
      const fileId = await repo.insertFile(
        {
          filename: clientFileName(file.filename) || `upload${ext}`,
          stored_path: storedPath,
          size: file.size,
          content_hash: file.hash,
          duration: analysis.duration,
          format: analysis.format,
          song_id: songId,
          uploaded_by: actor.id,
          pending,
          created_at: clock.now(),
        },
        trx,
      );
      await repo.updateSong(
        songId,
        {
          length: analysis.duration,
          loudness_lufs: analysis.lufs,
          loudness_gain: analysis.gain,
          status,
          cover_art: coverArt,
        },
        trx,
      );
      const news = announcesNewSong({
        before: song!.status,
        after: status,
        lastPlayedAt: song!.last_played_at,
      });
      return { fileId, status, news };
    });
    if (outcome.news) bus.publish({ type: 'feed.added', kind: 'new_song', id: songId });
    return {
      success: true,
      song_id: songId,
      file_id: outcome.fileId,
      status: outcome.status,
      duration: analysis.duration,
    };
  }
}

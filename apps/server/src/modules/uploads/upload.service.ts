import fs from 'node:fs';
import type { UploadResult } from '@queuecast/contract';
import type { AuthUser } from '../../auth/guards.js';
import type { EventBus } from '../../core/bus.js';
import type { Clock } from '../../core/clock.js';
import { announcesNewSong } from '../../core/review-rules.js';
import type { Db } from '../../db/database.js';
import { isUniqueViolation } from '../../db/dialect.js';
import { HttpError, badRequest, conflict, notFound } from '../../lib/http-error.js';
import { AnalysisError, analyzeAudio, type AudioAnalysis } from '../../media/analyze.js';
import type { ArtStore } from '../../media/art-store.js';
import { audioExtension } from '../../media/audio-extension.js';
import { readCoverPicture } from '../../media/cover-art.js';
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
/** Bytes of a file's start that name every tracker module type. */
const HEAD_BYTES = 2048;
/** A temporary file untouched this long belongs to an upload that a crash cut short. */
const STALE_PART_MS = 24 * 3600 * 1000;

export interface UploadDeps {
  db: Db;
  repo: UploadRepo;
  store: MediaStore;
  /** Where the cover art embedded in an uploaded file goes. */
  art: ArtStore;
  ffmpeg: string;
  /** Where files are written while they arrive: under the data directory, beside the store. */
  tempDir: string;
  maxMiB: number;
  bus: EventBus;
  clock: Clock;
}

async function readHead(file: string): Promise<Buffer> {
  const handle = await fs.promises.open(file, 'r');
  try {
    const buffer = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, HEAD_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** Why an upload for this song is refused, or null. */
function songRefusal(song: UploadTarget | undefined): HttpError | null {
  if (!song) return notFound(UPLOAD_TEXT.songNotFound);
  if (song.files > 0) return conflict(UPLOAD_TEXT.songHasFile);
  return null;
}

/**
 * A signed-in user's audio file for a song that has none. The file streams to a temporary file
 * (hashed as it arrives, never held in memory), is decoded once by ffmpeg (which proves it is
 * playable audio, whatever its name or type says, and measures its length and loudness), moves
 * into the media store under its content hash, gives its embedded cover art to the art store, and is recorded with the song's new state in one
 * transaction. A refused or failed upload leaves no file and no row.
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
        return songRefusal(await this.deps.repo.target(songId.id));
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
    const refusal = songRefusal(await this.deps.repo.target(songId.id));
    if (refusal) throw refusal;
    await this.refuseDuplicate(file.hash);

    const analysis = await analyzeAudio(this.deps.ffmpeg, file.temp).catch((err: unknown) => {
      throw err instanceof AnalysisError ? badRequest(UPLOAD_TEXT.notAudio) : err;
    });
    const ext = audioExtension(analysis.container, analysis.format, await readHead(file.temp));
    const stored = await this.deps.store.moveIn(file.temp, file.hash, ext);
    try {
      // Read from the stored file, whose extension names its format; never fails the upload.
      const coverArt = await this.deps.art.ingest(
        await readCoverPicture(this.deps.store.absolute(stored.relative)),
      );
      return await this.record(actor, songId.id, file, analysis, stored.relative, ext, coverArt);
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

  private async refuseDuplicate(hash: string): Promise<void> {
    const existing = await this.deps.repo.fileIdByHash(hash);
    if (existing !== undefined) throw conflict(UPLOAD_TEXT.duplicate(existing));
  }

  /** The file row and the song's new length, loudness and status, in one transaction. */
  private async record(
    actor: AuthUser,
    songId: number,
    file: ReceivedFile,
    analysis: AudioAnalysis,
    storedPath: string,
    ext: string,
    coverArt: string | null,
  ): Promise<UploadResult> {
    const { db, repo, clock, bus } = this.deps;
    const outcome = await db.transaction().execute(async (trx) => {
      const song = await repo.target(songId, trx, true);
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

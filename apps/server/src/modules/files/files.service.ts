import type { FileRecord, MissingSongs, MissingSongsQuery } from '@queuecast/contract';
import type { EventBus } from '../../core/bus.js';
import type { Clock } from '../../core/clock.js';
import type { Db } from '../../db/database.js';
import { announcesNewSong } from '../../core/review-rules.js';
import { conflict, notFound } from '../../lib/http-error.js';
import type { AuditLogRepo } from '../users/audit-log.repo.js';
import { statusAfterFileMove } from './file-status.js';
import type { FileRow, FilesRepo, SongFilesRow } from './files.repo.js';
import type { MissingSongsRepo } from './missing-songs.repo.js';

/** The most files one search answers. */
export const FILE_SEARCH_LIMIT = 50;

const FILE_NOT_FOUND = 'Could not find the file in the database';

/** A song's files once one file has come (+1) or gone (-1). */
function withFile(song: SongFilesRow, pending: boolean, delta: 1 | -1) {
  return {
    status: song.status,
    reviewed: song.reviewed !== 0,
    approvedFiles: song.approved + (pending ? 0 : delta),
    pendingFiles: song.pending + (pending ? delta : 0),
  };
}

/**
 * The staff's file tools: find stored audio files, move a file onto a song or take it off,
 * and list the songs still missing a file. A move sets the songs' statuses and is written
 * with its audit entry in one transaction; a song that starts playing for the first time is
 * news for the station feed.
 */
export class FilesService {
  constructor(
    private readonly db: Db,
    private readonly files: FilesRepo,
    private readonly missing: MissingSongsRepo,
    private readonly audit: AuditLogRepo,
    private readonly bus: EventBus,
    private readonly clock: Clock,
  ) {}

  async search(term: string): Promise<FileRecord[]> {
    return this.present(await this.files.search(term, FILE_SEARCH_LIMIT));
  }

  /**
   * Moves the file onto the song. The song's length follows the file when its duration is
   * known. A song holds one file: one that has a file already is refused (take it off first).
   */
  async associate(actor: { id: number }, fileId: number, songId: number): Promise<FileRecord> {
    const { record, news } = await this.db.transaction().execute(async (trx) => {
      let news: number | null = null;
      const file = await this.files.file(fileId, trx);
      if (!file) throw notFound(FILE_NOT_FOUND);
      const fromId = file.song_id;
      if (fromId !== songId) {
        // Both songs are locked in id order, so that crossing moves cannot deadlock.
        const songs = new Map<number, SongFilesRow | undefined>();
        for (const id of [...new Set([songId, fromId ?? songId])].sort((a, b) => a - b)) {
          songs.set(id, await this.files.song(id, trx));
        }
        const target = songs.get(songId);
        if (!target) throw notFound('Song not found.');
        if (target.approved + target.pending > 0) throw conflict('This song already has a file.');
        const pending = file.pending !== 0;
        await this.files.linkFile(fileId, songId, trx);

        const status = statusAfterFileMove(withFile(target, pending, 1));
        const length = file.duration !== null && file.duration > 0 ? file.duration : undefined;
        await this.files.updateSong(songId, { status, length }, trx);
        const lastPlayedAt = target.last_played_at;
        if (announcesNewSong({ before: target.status, after: status, lastPlayedAt })) news = songId;
        const from = fromId === null ? undefined : songs.get(fromId);
        const fromStatus = from && statusAfterFileMove(withFile(from, pending, -1));
        if (from && fromStatus !== from.status) {
          await this.files.updateSong(from.id, { status: fromStatus! }, trx);
        }
        await this.audit.log(
          {
            actor_id: actor.id,
            action: 'file.associate',
            target_user_id: null,
            detail: {
              file_id: fileId,
              filename: file.filename,
              from_song: from ? { id: from.id, title: from.title, status: fromStatus } : null,
              to_song: { id: songId, title: target.title, status },
            },
          },
          this.clock.now(),
          trx,
        );
      }
      return { record: await this.recordOf(fileId, trx), news };
    });
    this.bus.publish({ type: 'queue.changed' });
    if (news !== null) this.bus.publish({ type: 'feed.added', kind: 'new_song', id: news });
    return record;
  }

  /**
   * Takes the file off its song; the file stays stored and can be associated again. A song
   * left without an approved file misses one. A queued entry of that song is skipped by the
   * scheduler, and a track already on air plays on from the file it opened.
   */
  async unassociate(actor: { id: number }, fileId: number): Promise<FileRecord> {
    const record = await this.db.transaction().execute(async (trx) => {
      const file = await this.files.file(fileId, trx);
      if (!file) throw notFound(FILE_NOT_FOUND);
      if (file.song_id === null) throw conflict('The file is not associated with a song.');
      const song = await this.files.song(file.song_id, trx);
      await this.files.linkFile(fileId, null, trx);
      const status = song && statusAfterFileMove(withFile(song, file.pending !== 0, -1));
      if (song && status !== song.status) {
        await this.files.updateSong(song.id, { status: status! }, trx);
      }
      await this.audit.log(
        {
          actor_id: actor.id,
          action: 'file.unassociate',
          target_user_id: null,
          detail: {
            file_id: fileId,
            filename: file.filename,
            from_song: song
              ? { id: song.id, title: song.title, status }
              : { id: file.song_id, title: null, status: null },
          },
        },
        this.clock.now(),
        trx,
      );
      return this.recordOf(fileId, trx);
    });
    this.bus.publish({ type: 'queue.changed' });
    return record;
  }

  /**
   * Songs without an approved file, by title then id. `totalPages` is at least 1, so an empty
   * list reads as page 1 of 1; a page past the last one is empty.
   */
  async missingSongs(query: MissingSongsQuery): Promise<MissingSongs> {
    const { page, limit } = query;
    const filter = { platform: query.platform, q: query.q };
    const [totalSongs, rows] = await Promise.all([
      this.missing.count(filter),
      this.missing.page(filter, limit, (page - 1) * limit),
    ]);
    const artists = await this.files.artistNames(rows.map((r) => r.id));
    return {
      songs: rows.map((r) => ({
        id: r.id,
        title: r.title,
        artist_name: artists.get(r.id) ?? null,
        platform: r.platform,
        status: r.status || null,
      })),
      pagination: {
        page,
        limit,
        totalSongs,
        totalPages: Math.max(1, Math.ceil(totalSongs / limit)),
      },
    };
  }

  private async recordOf(fileId: number, db: Db): Promise<FileRecord> {
    const row = await this.files.record(fileId, db);
    if (!row) throw notFound(FILE_NOT_FOUND);
    return (await this.present([row], db))[0]!;
  }

  private async present(rows: FileRow[], db?: Db): Promise<FileRecord[]> {
    const songIds = rows.flatMap((r) => (r.songid === null ? [] : [r.songid]));
    const artists = await this.files.artistNames(songIds, db);
    return rows.map((r) => ({
      fileid: r.fileid,
      filename: r.filename,
      songid: r.songid,
      title: r.title,
      artists: r.songid === null ? null : (artists.get(r.songid) ?? null),
      pending: r.pending !== 0,
    }));
  }
}

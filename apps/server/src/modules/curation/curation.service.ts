import type { Tweak } from '@queuecast/contract';
import type { EventBus } from '../../core/bus.js';
import type { Clock } from '../../core/clock.js';
import type { Db } from '../../db/database.js';
import { badRequest, notFound } from '../../lib/http-error.js';
import type { AuditLogRepo } from '../users/audit-log.repo.js';
import type { CurationRepo } from './curation.repo.js';
import { tweakRefusal } from './tweak-rules.js';

/** What staff do to the catalogue; every change is written with its audit entry. */
export class CurationService {
  constructor(
    private readonly db: Db,
    private readonly repo: CurationRepo,
    private readonly audit: AuditLogRepo,
    private readonly bus: EventBus,
    private readonly clock: Clock,
  ) {}

  /**
   * Saves how the song plays on air; it applies from the song's next start. The queue's
   * expected times depend on it, so the playback update is rebuilt.
   */
  async tweak(actor: { id: number }, songId: number, tweak: Tweak): Promise<Tweak> {
    await this.db.transaction().execute(async (trx) => {
      const song = await this.repo.tweakable(songId, trx);
      if (!song) throw notFound('Song not found.');
      const refusal = tweakRefusal(tweak, Number(song.length));
      if (refusal) throw badRequest(refusal);
      await this.repo.saveTweak(songId, tweak, trx);
      const from = { h_length: song.h_length, h_skip: song.h_skip, h_fadeout: song.h_fadeout };
      await this.audit.log(
        {
          actor_id: actor.id,
          action: 'song.tweak',
          target_user_id: null,
          detail: { song_id: songId, title: song.title, from, to: tweak },
        },
        this.clock.now(),
        trx,
      );
    });
    this.bus.publish({ type: 'queue.changed' });
    return tweak;
  }
}

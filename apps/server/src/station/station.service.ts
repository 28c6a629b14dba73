import type { SkipResult } from '@queuecast/contract';
import type { EventBus } from '../core/bus.js';
import { conflict, HttpError } from '../lib/http-error.js';
import type { SongPresenter } from '../modules/catalog/song-presenter.js';
import type { Station } from './station.js';

export const offAir = () => new HttpError(503, 'The station is off air.');

/** What a node that does not play knows of the station another node plays. */
export interface RemotePlayout {
  /** Whether some playout holds the lease now. */
  isOnAir(): Promise<boolean>;
  /** The song on air, as the database has it. */
  songOnAir(): Promise<number | null>;
}

/** Staff actions on the station, wherever it plays. */
export class StationService {
  constructor(
    private readonly station: Station,
    private readonly presenter: SongPresenter,
    private readonly bus: EventBus,
    private readonly remote: RemotePlayout,
  ) {}

  /**
   * Cuts the track on air; the next one starts at once. On the playout it is cut here; on
   * another node the cut is asked of the playout over the bus, naming the song, so that a cut
   * asked twice or arriving late never cuts the next track.
   */
  async skip(): Promise<SkipResult> {
    let songId: number | null;
    if (this.station.isRunning) {
      songId = this.station.skip();
    } else {
      if (!(await this.remote.isOnAir())) throw conflict('The station is off air.');
      songId = await this.remote.songOnAir();
      if (songId !== null) this.bus.publish({ type: 'skip.requested', song_id: songId });
    }
    if (songId === null) throw conflict('Nothing is playing.');
    return { skipped: (await this.presenter.presentOne(songId, null)) ?? null };
  }
}

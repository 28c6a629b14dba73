import type { SkipResult } from '@queuecast/contract';
import { conflict, HttpError } from '../lib/http-error.js';
import type { SongPresenter } from '../modules/catalog/song-presenter.js';
import type { Station } from './station.js';

export const offAir = () => new HttpError(503, 'The station is off air.');

/** Staff actions on the station, and whether there is one to act on. */
export class StationService {
  constructor(
    private readonly station: Station,
    private readonly presenter: SongPresenter,
  ) {}

  /** Cuts the track on air; the next one starts at once. */
  async skip(): Promise<SkipResult> {
    // Nothing to cut on a node that does not play the station: a conflict with its state.
    if (!this.station.isRunning) throw conflict('The station is off air.');
    const songId = this.station.skip();
    if (songId === null) throw conflict('Nothing is playing.');
    return { skipped: (await this.presenter.presentOne(songId, null)) ?? null };
  }
}

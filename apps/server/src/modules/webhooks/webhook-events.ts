import type { FastifyBaseLogger } from 'fastify';
import type { BusEvent } from '../../core/bus.js';
import type { WebhookMessage } from './webhook-body.js';
import type { ShowFacts, SongFacts, WebhooksRepo } from './webhooks.repo.js';

const byline = (song: SongFacts) =>
  song.artists.length ? `${song.artists.join(', ')} - ${song.title}` : song.title;

const songData = (song: SongFacts, songUrl: (id: number) => string) => ({
  id: song.id,
  title: song.title,
  artists: song.artists,
  length: song.length,
  url: songUrl(song.id),
});

const showData = (show: ShowFacts) => ({
  id: show.id,
  name: show.name,
  dj: show.dj,
  started_at: show.started_at,
  ended_at: show.ended_at,
});

/**
 * Turns the station's events into webhook messages: a track on air (and, for a request, the
 * request on air too), a live show started or ended, a song added to the catalogue. Shows are
 * told by comparing the open show with the one seen before each `show.changed`.
 */
export class WebhookEvents {
  private openShow: number | null | undefined = undefined;

  constructor(
    private readonly repo: WebhooksRepo,
    private readonly songUrl: (id: number) => string,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Reads the show on air now, so that the next change is told against it. */
  async prime(): Promise<void> {
    this.openShow = (await this.repo.show())?.id ?? null;
  }

  async messages(event: BusEvent): Promise<WebhookMessage[]> {
    if (event.type === 'track.started') {
      return this.track(event.song_id, event.requested_by, event.started_at);
    }
    if (event.type === 'feed.added' && event.kind === 'new_song') return this.songAdded(event.id);
    if (event.type === 'show.changed') return this.show();
    return [];
  }

  private async track(
    songId: number,
    requestedBy: number | null,
    startedAt: number,
  ): Promise<WebhookMessage[]> {
    const song = await this.repo.song(songId);
    if (!song) return [];
    const requester =
      requestedBy === null ? null : ((await this.repo.username(requestedBy)) ?? null);
    const data = {
      song: songData(song, this.songUrl),
      requested_by: requester,
      started_at: startedAt,
    };
    const onAir: WebhookMessage = {
      event: 'track.started',
      data,
      text: `Now playing: ${byline(song)}${requester ? ` (requested by ${requester})` : ''}`,
    };
    if (requester === null) return [onAir];
    return [
      onAir,
      { event: 'request.on_air', data, text: `${requester}'s request is on air: ${byline(song)}` },
    ];
  }

  private async songAdded(songId: number): Promise<WebhookMessage[]> {
    const song = await this.repo.song(songId);
    if (!song) return [];
    return [
      {
        event: 'song.added',
        data: { song: songData(song, this.songUrl) },
        text: `New in the catalogue: ${byline(song)}`,
      },
    ];
  }

  private async show(): Promise<WebhookMessage[]> {
    const before = this.openShow;
    const open = await this.repo.show();
    this.openShow = open?.id ?? null;
    if (before === undefined || before === this.openShow) return [];
    const out: WebhookMessage[] = [];
    if (before !== null) {
      const ended = await this.repo.show(before);
      if (ended) {
        out.push({
          event: 'show.ended',
          data: { show: showData(ended) },
          text: `${ended.name} with ${ended.dj} has ended`,
        });
      } else {
        this.log.debug({ show: before }, 'an ended show was not found');
      }
    }
    if (open) {
      out.push({
        event: 'show.started',
        data: { show: showData(open) },
        text: `Live now: ${open.name} with ${open.dj}`,
      });
    }
    return out;
  }
}

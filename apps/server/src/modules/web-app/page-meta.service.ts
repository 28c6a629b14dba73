import { API, BANNER_IMAGES, PAGES, type OEmbed } from '@queuecast/contract';
import type { PageHead } from './page-head.js';
import { shortText } from './page-head.js';

/** Where the layout shows the banner on every page (the phone layout ends below it). */
const WIDE = '(min-width: 721px)';

/** What the meta of a song page needs, as anonymous visitors may see it. */
export interface SongFacts {
  title: string;
  artist: string | null;
  platform: string | null;
  /** Seconds. */
  length: number;
  /** Site-relative URL of its 512-pixel art (JPEG), or null when it has only a drawn cover. */
  artUrl: string | null;
  /** The cover its page shows at 512 pixels (its art, or the cover drawn for it). */
  coverUrl: string | null;
}

export interface PageFacts {
  /** A song as anonymous visitors see it, or null when they may not (missing, waiting for review). */
  song(id: number): Promise<SongFacts | null>;
  artist(id: number): Promise<{ name: string; songs: number } | null>;
  user(username: string): Promise<{ username: string; joined: number } | null>;
}

const minutes = (seconds: number) =>
  `${Math.floor(seconds / 60)}:${String(Math.round(seconds % 60)).padStart(2, '0')}`;

/** The picture of pages without one of their own: the station's cover (apps/web/public). */
const STATION_COVER = '/cover-512.png';

/**
 * The head of each page of the site, as crawlers and link previews read it: a song's, an
 * artist's and a user's page describe what is there (or say 404), every other page describes
 * the station.
 */
export class PageMetaService {
  constructor(
    private readonly facts: PageFacts,
    private readonly stationName: string,
  ) {}

  /**
   * The head for `pathname`; `origin` makes picture URLs absolute; `banner` is the banner's
   * first picture, preloaded where the page shows the banner first.
   */
  async head(
    pathname: string,
    origin: string,
    banner: string = BANNER_IMAGES[0],
  ): Promise<PageHead> {
    const station = this.stationName;
    const absolute = (url: string) => `${origin}${url}`;
    // The queue page shows the banner on every screen; the others on a wide one only.
    const bannerFirst = pathname === '/' ? { href: banner } : { href: banner, media: WIDE };
    const fallback: PageHead = {
      status: 200,
      title: station,
      description: `${station}: live radio with a shared song-request queue. Listen, see what plays next, request songs, vote and chat.`,
      image: absolute(STATION_COVER),
      type: 'website',
      preload: [bannerFirst],
    };
    const notFound = (what: string): PageHead => ({
      ...fallback,
      status: 404,
      title: `${what} not found · ${station}`,
    });
    const match = /^\/(song|artist|user)\/([^/]+)\/?$/.exec(pathname);
    if (!match) return fallback;
    const [, kind, raw] = match as unknown as [string, string, string];
    let param: string;
    try {
      param = decodeURIComponent(raw);
    } catch {
      return notFound(kind === 'user' ? 'User' : kind === 'song' ? 'Song' : 'Artist');
    }
    const id = /^[1-9]\d{0,9}$/.test(param) ? Number(param) : null;
    if (kind === 'song') {
      const song = id === null || id > 2 ** 31 - 1 ? null : await this.facts.song(id);
      if (!song) return notFound('Song');
      const name = song.artist ? `${song.artist} – ${song.title}` : song.title;
      const details = [song.platform, song.length > 0 ? minutes(song.length) : null].filter(
        Boolean,
      );
      return {
        status: 200,
        title: `${name} · ${station}`,
        description: shortText(
          `${name}${details.length ? ` (${details.join(', ')})` : ''}. Request it on ${station}: live radio with a shared song-request queue.`,
        ),
        image: absolute(song.artUrl ?? STATION_COVER),
        type: 'music.song',
        preload: song.coverUrl ? [{ href: song.coverUrl }, bannerFirst] : [bannerFirst],
        oembed: `${origin}${API.oembed.path()}?${new URLSearchParams({
          url: `${origin}${PAGES.song.path({ id: id! })}`,
          format: 'json',
        }).toString()}`,
      };
    }
    if (kind === 'artist') {
      const artist = id === null || id > 2 ** 31 - 1 ? null : await this.facts.artist(id);
      if (!artist) return notFound('Artist');
      return {
        status: 200,
        title: `${artist.name} · ${station}`,
        description: shortText(
          `${artist.name}: ${artist.songs} ${artist.songs === 1 ? 'song' : 'songs'} on ${station}. Listen live and request them.`,
        ),
        image: absolute(STATION_COVER),
        type: 'website',
        preload: [bannerFirst],
      };
    }
    const user = param.length <= 64 ? await this.facts.user(param) : null;
    if (!user) return notFound('User');
    const since = new Date(user.joined * 1000).toISOString().slice(0, 10);
    return {
      status: 200,
      title: `${user.username} · ${station}`,
      description: shortText(
        `${user.username}, listening to ${station} since ${since}: their requests, favourites and votes.`,
      ),
      image: absolute(STATION_COVER),
      type: 'profile',
      preload: [bannerFirst],
    };
  }

  /**
   * The oEmbed answer for `url` when it is a song page of this station (reached at `origin`)
   * that anonymous visitors may see; null otherwise.
   */
  async oembed(url: string, origin: string): Promise<OEmbed | null> {
    let page: URL;
    try {
      page = new URL(url);
    } catch {
      return null;
    }
    const id = /^\/song\/([1-9]\d{0,9})\/?$/.exec(page.pathname)?.[1];
    if (page.origin !== new URL(origin).origin || id === undefined || Number(id) > 2 ** 31 - 1)
      return null;
    const song = await this.facts.song(Number(id));
    if (!song) return null;
    return {
      version: '1.0',
      type: 'link',
      title: song.title,
      ...(song.artist ? { author_name: song.artist } : {}),
      provider_name: this.stationName,
      provider_url: `${origin}/`,
      cache_age: 3600,
      // Both are 512 pixels square: the song's art, else the station's cover.
      thumbnail_url: `${origin}${song.artUrl ?? STATION_COVER}`,
      thumbnail_width: 512,
      thumbnail_height: 512,
    };
  }
}

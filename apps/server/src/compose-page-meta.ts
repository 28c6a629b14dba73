import { coverArtAt, coverArtType } from '@queuecast/contract';
import { HttpError } from './lib/http-error.js';
import type { CatalogRepo } from './modules/catalog/catalog.repo.js';
import type { CatalogService } from './modules/catalog/catalog.service.js';
import type { UserRepo } from './modules/users/user.repo.js';
import { PageMetaService } from './modules/web-app/page-meta.service.js';

export interface PageMetaDeps {
  catalog: CatalogService;
  catalogRepo: CatalogRepo;
  users: UserRepo;
  stationName: string;
}

/** The facts a shared link's preview shows (song, artist, listener), read from the catalogue. */
export function createPageMeta(deps: PageMetaDeps): PageMetaService {
  const { catalog, catalogRepo, users, stationName } = deps;
  return new PageMetaService(
    {
      song: async (id) => {
        const detail = await catalog.songDetail(id, null).catch((err: unknown) => {
          if (err instanceof HttpError && err.statusCode === 404) return null;
          throw err;
        });
        if (!detail) return null;
        const { song } = detail;
        const art = song.cover_art_url;
        return {
          title: song.title,
          artist: song.artist,
          platform: song.platform ?? null,
          length: song.length,
          artUrl: art && coverArtType(art) === 'image/jpeg' ? coverArtAt(art, 512) : null,
          coverUrl: art ? coverArtAt(art, 512) : null,
        };
      },
      artist: async (id) => {
        const artist = await catalogRepo.artist(id);
        if (!artist) return null;
        return { name: artist.name, songs: (await catalogRepo.songIdsByArtist(id)).length };
      },
      user: async (username) => {
        const row = await users.findByUsername(username);
        return row ? { username: row.username, joined: Number(row.created_at) } : null;
      },
    },
    stationName,
  );
}

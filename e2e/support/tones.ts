import { expect, type APIRequestContext } from '@playwright/test';
import type { ApiUser } from './api';

// The short 'Sine …' tones by Oscillator Ensemble that seed-catalog.ts imports with audio: the
// songs request specs queue.

export interface Tone {
  id: number;
  title: string;
}

export async function toneArtistId(request: APIRequestContext): Promise<number> {
  const res = await request.get('/api/search?q=Sine%20Serenade');
  const { songs } = (await res.json()) as { songs: { song: { artists: object } }[] };
  return Number(Object.keys(songs[0]!.song.artists)[0]);
}

/** `count` tones that can be requested right now. */
export async function freeTones(request: APIRequestContext, count: number): Promise<Tone[]> {
  const res = await request.get(`/api/artist/${await toneArtistId(request)}`);
  const { songs } = (await res.json()) as {
    songs: { song: Tone & { recently_played: boolean } }[];
  };
  const free = songs
    .filter((s) => !s.song.recently_played)
    .map(({ song: { id, title } }) => ({
      id,
      title,
    }));
  if (free.length < count) throw new Error(`only ${free.length} requestable tones left`);
  return free.slice(0, count);
}

export async function apiRequestSong(request: APIRequestContext, user: ApiUser, tone: Tone) {
  const res = await request.post(`/api/song/${tone.id}`, {
    headers: { authorization: `Bearer ${user.token}` },
  });
  expect(res.status()).toBe(200);
}

/**
 * Requests one free tone and returns it. On the station whose tones play, the one just read as
 * free can go on air (or become locked) before the request reaches the server: a 409 then
 * means "take another", so the list is read again and the next free tone is tried.
 */
export async function requestFreeTone(
  request: APIRequestContext,
  user: ApiUser,
  attempts = 5,
): Promise<Tone> {
  const refused: string[] = [];
  for (let attempt = 0; attempt < attempts; attempt++) {
    const [tone] = await freeTones(request, 1);
    const res = await request.post(`/api/song/${tone!.id}`, {
      headers: { authorization: `Bearer ${user.token}` },
    });
    if (res.status() === 200) return tone!;
    expect(res.status(), await res.text()).toBe(409);
    refused.push(`${tone!.title}: ${((await res.json()) as { error?: string }).error ?? ''}`);
  }
  throw new Error(`no free tone could be requested: ${refused.join('; ')}`);
}

import type { AddSong, ArtistSuggestion } from '@queuecast/contract';

export const FILL_ALL_FIELDS = 'Please fill all fields.';
export const PICK_AN_ARTIST = 'Please select a valid artist from the list.';
export const PICK_A_PLATFORM = 'Please select a valid platform from the list.';
export const ADD_SONG_FAILED = 'Failed to add song.';

/** The add-song form as typed: the artist picked from the suggestions, if any, and the texts. */
export interface AddSongDraft {
  artist: ArtistSuggestion | null;
  artistText: string;
  title: string;
  platform: string;
}

export type AddSongCheck = { ok: true; body: AddSong } | { ok: false; error: string };

/**
 * Whether the form may be sent, and the body to send. Every field is required; the artist
 * must be one picked from the suggestions whose name is still what the box says; the platform
 * must be a known one, in any letter case (the known spelling is sent).
 */
export function checkAddSong(draft: AddSongDraft, platforms: readonly string[]): AddSongCheck {
  const artistText = draft.artistText.trim();
  const title = draft.title.trim();
  const platformText = draft.platform.trim();
  if (!artistText || !title || !platformText) return { ok: false, error: FILL_ALL_FIELDS };
  if (!draft.artist || draft.artist.name.trim() !== artistText) {
    return { ok: false, error: PICK_AN_ARTIST };
  }
  const platform = knownPlatform(platformText, platforms);
  if (platform === null) return { ok: false, error: PICK_A_PLATFORM };
  return { ok: true, body: { artist_id: draft.artist.id, title, platform } };
}

/** The known platform the text names, ignoring letter case and outer spaces; null if none. */
export function knownPlatform(text: string, platforms: readonly string[]): string | null {
  const wanted = text.trim().toLocaleLowerCase();
  if (!wanted) return null;
  return platforms.find((p) => p.trim().toLocaleLowerCase() === wanted) ?? null;
}

/** Platform suggestions for the typed text: names that start with it first, then the rest. */
export function platformSuggestions(
  text: string,
  platforms: readonly string[],
  limit = 12,
): string[] {
  const wanted = text.trim().toLocaleLowerCase();
  if (!wanted) return platforms.slice(0, limit);
  const starts: string[] = [];
  const contains: string[] = [];
  for (const p of platforms) {
    const name = p.toLocaleLowerCase();
    if (name.startsWith(wanted)) starts.push(p);
    else if (name.includes(wanted)) contains.push(p);
  }
  return [...starts, ...contains].slice(0, limit);
}

/** A refused or failed add, in plain data: the status and text of the answer, if any. */
export interface AddSongFailure {
  status: number | null;
  message: string | undefined;
  /** A 409's `song_id`: the song already in the catalogue. */
  songId: unknown;
}

/**
 * What to say when the song was not added: the server's reason for bad input (400), for a
 * song the artist already has on that platform (409, with that song's id to link to) or for
 * too many songs (429: added too fast, or too many waiting for review); 'Failed to add song.'
 * for anything else.
 */
export function addSongRefusal(failure: AddSongFailure): {
  message: string;
  existing: number | null;
} {
  const { status, message, songId } = failure;
  if (!message || (status !== 400 && status !== 409 && status !== 429)) {
    return { message: ADD_SONG_FAILED, existing: null };
  }
  const existing = status === 409 && Number.isInteger(songId) ? (songId as number) : null;
  return { message, existing };
}

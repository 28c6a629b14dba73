import { describe, expect, it } from 'vitest';
import {
  ADD_SONG_FAILED,
  addSongRefusal,
  checkAddSong,
  FILL_ALL_FIELDS,
  knownPlatform,
  PICK_A_PLATFORM,
  PICK_AN_ARTIST,
  platformSuggestions,
  type AddSongDraft,
} from './add-song-rules';

const PLATFORMS = ['Commodore Amiga', 'Commodore 64', 'Atari ST', 'PC'];
const quasar = { id: 7, name: 'Quixotic Quasar' };
const draft = (fields: Partial<AddSongDraft> = {}): AddSongDraft => ({
  artist: quasar,
  artistText: 'Quixotic Quasar',
  title: 'Quasar Noon',
  platform: 'Commodore Amiga',
  ...fields,
});

describe('checkAddSong', () => {
  it('sends the picked artist id, the trimmed title and the known platform', () => {
    expect(checkAddSong(draft({ title: '  Quasar Noon ' }), PLATFORMS)).toEqual({
      ok: true,
      body: { artist_id: 7, title: 'Quasar Noon', platform: 'Commodore Amiga' },
    });
  });

  it.each([
    ['no artist text', { artistText: ' ', artist: null }],
    ['a blank title', { title: '   ' }],
    ['no platform', { platform: '' }],
  ])('asks for every field with %s', (_, fields) => {
    expect(checkAddSong(draft(fields), PLATFORMS)).toEqual({ ok: false, error: FILL_ALL_FIELDS });
  });

  it('wants an artist picked from the suggestions, still named as typed', () => {
    const typedOnly = draft({ artist: null });
    expect(checkAddSong(typedOnly, PLATFORMS)).toEqual({ ok: false, error: PICK_AN_ARTIST });
    const editedAfter = draft({ artistText: 'Quixotic Quasars' });
    expect(checkAddSong(editedAfter, PLATFORMS)).toEqual({ ok: false, error: PICK_AN_ARTIST });
    expect(checkAddSong(draft({ artistText: ' Quixotic Quasar ' }), PLATFORMS).ok).toBe(true);
  });

  it('wants a known platform, in any letter case, and sends its known spelling', () => {
    expect(checkAddSong(draft({ platform: 'Amiga' }), PLATFORMS)).toEqual({
      ok: false,
      error: PICK_A_PLATFORM,
    });
    expect(checkAddSong(draft({ platform: 'commodore amiga ' }), PLATFORMS)).toMatchObject({
      ok: true,
      body: { platform: 'Commodore Amiga' },
    });
    expect(checkAddSong(draft(), [])).toEqual({ ok: false, error: PICK_A_PLATFORM });
  });

  it('checks the fields before the artist, and the artist before the platform', () => {
    const allWrong = draft({ artist: null, platform: 'Nope', title: '' });
    expect(checkAddSong(allWrong, PLATFORMS)).toEqual({ ok: false, error: FILL_ALL_FIELDS });
    const both = draft({ artist: null, platform: 'Nope' });
    expect(checkAddSong(both, PLATFORMS)).toEqual({ ok: false, error: PICK_AN_ARTIST });
  });
});

describe('platform suggestions', () => {
  it('lists names starting with the text first, then names containing it', () => {
    expect(platformSuggestions('c', PLATFORMS)).toEqual(['Commodore Amiga', 'Commodore 64', 'PC']);
    expect(platformSuggestions('64', PLATFORMS)).toEqual(['Commodore 64']);
    expect(platformSuggestions('', PLATFORMS, 2)).toEqual(['Commodore Amiga', 'Commodore 64']);
    expect(platformSuggestions('zx', PLATFORMS)).toEqual([]);
  });

  it('knows a platform whatever its case and outer spaces', () => {
    expect(knownPlatform(' atari st ', PLATFORMS)).toBe('Atari ST');
    expect(knownPlatform('Atari', PLATFORMS)).toBeNull();
    expect(knownPlatform('  ', PLATFORMS)).toBeNull();
  });
});

describe('add-song refusals', () => {
  it("shows the server's reason for bad input, a duplicate (with the existing song), too many", () => {
    const bad = { status: 400, message: 'The title must be at most 300 characters.', songId: null };
    expect(addSongRefusal(bad)).toEqual({ message: bad.message, existing: null });
    const dup = { status: 409, message: 'The artist already has this song.', songId: 12 };
    expect(addSongRefusal(dup)).toEqual({ message: dup.message, existing: 12 });
    const many = {
      status: 429,
      message: 'You have 5 added songs waiting for review…',
      songId: null,
    };
    expect(addSongRefusal(many)).toEqual({ message: many.message, existing: null });
  });

  it("says 'Failed to add song.' for anything else", () => {
    const failed = { message: ADD_SONG_FAILED, existing: null };
    expect(addSongRefusal({ status: 500, message: 'boom', songId: null })).toEqual(failed);
    expect(addSongRefusal({ status: 403, message: 'No', songId: null })).toEqual(failed);
    expect(addSongRefusal({ status: 400, message: undefined, songId: null })).toEqual(failed);
    expect(addSongRefusal({ status: null, message: undefined, songId: null })).toEqual(failed);
  });
});

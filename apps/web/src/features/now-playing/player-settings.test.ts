import { describe, expect, it } from 'vitest';
import {
  clampVolume,
  DEFAULT_SETTINGS,
  MUTED_KEY,
  readSettings,
  VOLUME_KEY,
  writeSettings,
} from './player-settings';

function memoryStore(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
  };
}

describe('player settings', () => {
  it('defaults to full volume, not muted', () => {
    expect(readSettings(memoryStore())).toEqual(DEFAULT_SETTINGS);
    expect(readSettings(null)).toEqual(DEFAULT_SETTINGS);
  });

  it('reads back what it wrote', () => {
    const store = memoryStore();
    writeSettings(store, { volume: 0.35, muted: true });
    expect(store.data.get(VOLUME_KEY)).toBe('0.35');
    expect(store.data.get(MUTED_KEY)).toBe('true');
    expect(readSettings(store)).toEqual({ volume: 0.35, muted: true });
  });

  it('keeps junk out of range', () => {
    expect(readSettings(memoryStore({ [VOLUME_KEY]: 'loud' })).volume).toBe(1);
    expect(readSettings(memoryStore({ [VOLUME_KEY]: '7' })).volume).toBe(1);
    expect(readSettings(memoryStore({ [VOLUME_KEY]: '-2' })).volume).toBe(0);
    expect(readSettings(memoryStore({ [VOLUME_KEY]: '0' })).volume).toBe(0);
    expect(readSettings(memoryStore({ [MUTED_KEY]: 'yes' })).muted).toBe(false);
    expect(clampVolume(Number.NaN)).toBe(1);
  });

  it('survives a storage that throws', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('full');
      },
    };
    expect(readSettings(broken)).toEqual(DEFAULT_SETTINGS);
    expect(() => writeSettings(broken, { volume: 0.5, muted: false })).not.toThrow();
  });
});

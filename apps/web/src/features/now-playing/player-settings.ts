/**
 * The listener's volume and mute, remembered across reloads in localStorage (`playerVolume`,
 * `playerMuted`). What is stored is read defensively: a value another version wrote, or a
 * hand-edited one, falls back to the default rather than breaking the player.
 */
export interface PlayerSettings {
  /** 0 to 1, as `HTMLMediaElement.volume`. */
  volume: number;
  muted: boolean;
}

export const DEFAULT_SETTINGS: PlayerSettings = { volume: 1, muted: false };
export const VOLUME_KEY = 'playerVolume';
export const MUTED_KEY = 'playerMuted';

type Store = Pick<Storage, 'getItem' | 'setItem'>;

/** A volume in range: NaN and other junk become the default, the rest is clamped to 0..1. */
export function clampVolume(value: number): number {
  if (!Number.isFinite(value)) return DEFAULT_SETTINGS.volume;
  return Math.min(1, Math.max(0, value));
}

export function readSettings(store: Store | null): PlayerSettings {
  try {
    const volume = store?.getItem(VOLUME_KEY);
    const muted = store?.getItem(MUTED_KEY);
    return {
      volume:
        volume == null || volume === '' ? DEFAULT_SETTINGS.volume : clampVolume(Number(volume)),
      muted: muted === 'true',
    };
  } catch {
    // Storage refused (a privacy mode): the defaults, for this page only.
    return DEFAULT_SETTINGS;
  }
}

export function writeSettings(store: Store | null, settings: PlayerSettings): void {
  try {
    store?.setItem(VOLUME_KEY, String(clampVolume(settings.volume)));
    store?.setItem(MUTED_KEY, String(settings.muted));
  } catch {
    // Storage full or refused: the setting holds for this page.
  }
}

/** The page's localStorage, or null where reading it throws (some privacy settings). */
export function browserStore(): Store | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

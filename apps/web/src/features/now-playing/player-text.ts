import type { PlayerStatus } from './use-live-player';

/** 'N listening': the station's current listeners, as the live update counts them. */
export function listeningText(listeners: number): string {
  return `${Math.max(0, Math.floor(listeners))} listening`;
}

/** What the player says while sound is not coming: nothing while it plays or is off. */
export function statusText(status: PlayerStatus): string | null {
  switch (status) {
    case 'connecting':
      return 'Connecting...';
    case 'buffering':
      return 'Buffering...';
    case 'reconnecting':
      return 'Reconnecting...';
    case 'off':
    case 'playing':
      return null;
  }
}

/** The volume as the slider's screen-reader text: 'Volume 35%', or 'Muted'. */
export function volumeText(volume: number, muted: boolean): string {
  return muted ? 'Muted' : `Volume ${Math.round(volume * 100)}%`;
}

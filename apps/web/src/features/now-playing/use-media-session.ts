import { useEffect } from 'react';
import type { LivePlayer } from './use-live-player';

/**
 * Hands the player to the operating system's media controls: their play and pause act like the
 * Play/Pause button, the playback state follows the player, and while it plays the metadata
 * names the song heard (`metadata`, null until the station is known).
 */
export function useMediaSession(
  player: Pick<LivePlayer, 'on' | 'play' | 'pause'>,
  metadata: MediaMetadataInit | null,
): void {
  const { on, play, pause } = player;
  useEffect(() => {
    if (!('mediaSession' in navigator)) return;
    const session = navigator.mediaSession;
    session.setActionHandler('play', play);
    session.setActionHandler('pause', pause);
    return () => {
      session.setActionHandler('play', null);
      session.setActionHandler('pause', null);
    };
  }, [play, pause]);

  useEffect(() => {
    if ('mediaSession' in navigator)
      navigator.mediaSession.playbackState = on ? 'playing' : 'paused';
  }, [on]);

  // Compared as text: the panel renders every second with an equal but new object.
  const described = on && metadata ? JSON.stringify(metadata) : null;
  useEffect(() => {
    if (!described || !('mediaSession' in navigator) || typeof MediaMetadata === 'undefined') {
      return;
    }
    navigator.mediaSession.metadata = new MediaMetadata(JSON.parse(described) as MediaMetadataInit);
  }, [described]);
}

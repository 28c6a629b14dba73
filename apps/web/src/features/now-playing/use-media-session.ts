import { useEffect } from 'react';
import type { LivePlayer } from './use-live-player';

/**
 * Hands the player to the operating system's media controls: their play, pause and stop act like
 * the Play/Pause button, the playback state follows the player, and while it plays the metadata
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
    // A live stream has no seeking; stop (a headset's or a car's button) pauses like Pause.
    const actions: [MediaSessionAction, MediaSessionActionHandler][] = [
      ['play', play],
      ['pause', pause],
      ['stop', pause],
    ];
    for (const [action, handler] of actions) setHandler(session, action, handler);
    return () => {
      for (const [action] of actions) setHandler(session, action, null);
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

/** A browser throws for an action it does not know (older ones lack 'stop'); that one is left. */
function setHandler(
  session: MediaSession,
  action: MediaSessionAction,
  handler: MediaSessionActionHandler | null,
): void {
  try {
    session.setActionHandler(action, handler);
  } catch {
    // Not supported here: the other controls still work.
  }
}

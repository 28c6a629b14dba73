import { useEffect } from 'react';
import { playerShortcut } from './player-shortcuts';
import type { LivePlayer } from './use-live-player';

/**
 * Space plays or pauses and M mutes, anywhere on the page except where the key belongs to what
 * has focus (a text field, a button, a link: see player-shortcuts.ts).
 */
export function usePlayerShortcuts(player: Pick<LivePlayer, 'toggle' | 'toggleMute'>): void {
  const { toggle, toggleMute } = player;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const action = playerShortcut(e);
      if (!action) return;
      // Space would also scroll the page.
      e.preventDefault();
      if (action === 'toggle') toggle();
      else toggleMute();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [toggle, toggleMute]);
}

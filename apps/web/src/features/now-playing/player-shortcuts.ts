/** What a key does to the player: Space plays or pauses, M mutes or unmutes. */
export type PlayerShortcut = 'toggle' | 'mute';

/** The parts of a keydown event the decision reads. */
export interface ShortcutKey {
  key: string;
  ctrlKey: boolean;
  altKey: boolean;
  metaKey: boolean;
  repeat: boolean;
  defaultPrevented: boolean;
  target: EventTarget | null;
}

/** Elements whose own keys these are: typing, and the controls Space or Enter presses. */
const OWN_KEYS = new Set(['INPUT', 'TEXTAREA', 'SELECT', 'BUTTON', 'A', 'AUDIO', 'VIDEO']);

function keysBelongTo(target: EventTarget | null): boolean {
  const el = target as { tagName?: string; isContentEditable?: boolean; closest?: unknown } | null;
  if (!el?.tagName) return false;
  if (el.isContentEditable) return true;
  if (OWN_KEYS.has(el.tagName.toUpperCase())) return true;
  // A custom control (a menu item, a slider made of divs) handles its own keys.
  const role = (target as Element).getAttribute?.('role');
  return role !== null && role !== undefined && role !== 'region' && role !== 'main';
}

/**
 * The player's action for a key, or null to leave the key alone: never while the key goes to
 * a text field or a control (Space there types a space or presses the button), never with a
 * modifier (the browser's and the system's own shortcuts), never for a held key's repeats.
 */
export function playerShortcut(e: ShortcutKey): PlayerShortcut | null {
  if (e.defaultPrevented || e.repeat || e.ctrlKey || e.altKey || e.metaKey) return null;
  if (keysBelongTo(e.target)) return null;
  if (e.key === ' ' || e.key === 'Spacebar') return 'toggle';
  if (e.key === 'm' || e.key === 'M') return 'mute';
  return null;
}

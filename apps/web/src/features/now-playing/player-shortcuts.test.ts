import { describe, expect, it } from 'vitest';
import { playerShortcut, type ShortcutKey } from './player-shortcuts';

const element = (tagName: string, extra: { isContentEditable?: boolean; role?: string } = {}) =>
  ({
    tagName,
    isContentEditable: extra.isContentEditable ?? false,
    getAttribute: (name: string) => (name === 'role' ? (extra.role ?? null) : null),
  }) as unknown as EventTarget;

const press = (key: string, over: Partial<ShortcutKey> = {}): ShortcutKey => ({
  key,
  ctrlKey: false,
  altKey: false,
  metaKey: false,
  repeat: false,
  defaultPrevented: false,
  target: element('BODY'),
  ...over,
});

describe('player shortcuts', () => {
  it('Space plays or pauses, M mutes', () => {
    expect(playerShortcut(press(' '))).toBe('toggle');
    expect(playerShortcut(press('m'))).toBe('mute');
    expect(playerShortcut(press('M'))).toBe('mute');
    expect(playerShortcut(press('k'))).toBeNull();
    expect(playerShortcut(press(' ', { target: element('DIV') }))).toBe('toggle');
    expect(playerShortcut(press('m', { target: element('MAIN', { role: 'main' }) }))).toBe('mute');
  });

  it('never takes a key from a text field or a control', () => {
    for (const tag of ['INPUT', 'TEXTAREA', 'SELECT', 'BUTTON', 'A']) {
      expect(playerShortcut(press(' ', { target: element(tag) })), tag).toBeNull();
      expect(playerShortcut(press('m', { target: element(tag) })), tag).toBeNull();
    }
    const editable = element('DIV', { isContentEditable: true });
    expect(playerShortcut(press('m', { target: editable }))).toBeNull();
    expect(playerShortcut(press(' ', { target: element('DIV', { role: 'slider' }) }))).toBeNull();
  });

  it('leaves modified, repeated and handled keys alone', () => {
    expect(playerShortcut(press('m', { ctrlKey: true }))).toBeNull();
    expect(playerShortcut(press('m', { metaKey: true }))).toBeNull();
    expect(playerShortcut(press(' ', { altKey: true }))).toBeNull();
    expect(playerShortcut(press(' ', { repeat: true }))).toBeNull();
    expect(playerShortcut(press(' ', { defaultPrevented: true }))).toBeNull();
    expect(playerShortcut(press(' ', { target: null }))).toBe('toggle');
  });
});

import { describe, expect, it } from 'vitest';
import { listeningText, statusText, volumeText } from './player-text';

describe('player text', () => {
  it('counts the listeners', () => {
    expect(listeningText(0)).toBe('0 listening');
    expect(listeningText(1)).toBe('1 listening');
    expect(listeningText(42)).toBe('42 listening');
    expect(listeningText(-1)).toBe('0 listening');
  });

  it('says why there is no sound yet, and nothing while it plays or is off', () => {
    expect(statusText('connecting')).toBe('Connecting...');
    expect(statusText('buffering')).toBe('Buffering...');
    expect(statusText('reconnecting')).toBe('Reconnecting...');
    expect(statusText('playing')).toBeNull();
    expect(statusText('off')).toBeNull();
  });

  it('reads the volume out', () => {
    expect(volumeText(0.35, false)).toBe('Volume 35%');
    expect(volumeText(1, true)).toBe('Muted');
  });
});

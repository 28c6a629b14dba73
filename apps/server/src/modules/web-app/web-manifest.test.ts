import { WebManifestSchema } from '@queuecast/contract';
import { describe, expect, it } from 'vitest';
import { shortName, webManifest } from './web-manifest.js';

describe('the web app manifest', () => {
  it('keeps a short station name whole', () => {
    expect(shortName('Queuecast')).toBe('Queuecast');
    expect(shortName('Twelve chars')).toBe('Twelve chars');
  });

  it('shortens a long name to its first words, or cuts one long word', () => {
    expect(shortName('Night Owl Radio FM')).toBe('Night Owl');
    expect(shortName('Supercalifragilistic Radio')).toBe('Supercalifra');
  });

  it('matches the contract', () => {
    const manifest = WebManifestSchema.parse(webManifest('Night Owl Radio FM'));
    expect(manifest.name).toBe('Night Owl Radio FM');
    expect(manifest.icons.filter((i) => i.purpose === 'maskable')).toHaveLength(1);
  });
});

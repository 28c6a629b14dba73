import { describe, expect, it } from 'vitest';
import { documentTitle } from './document-title';

describe('documentTitle', () => {
  it('puts the page before the station', () => {
    expect(documentTitle('Queue', 'Test FM')).toBe('Queue · Test FM');
    expect(documentTitle(undefined, 'Test FM')).toBe('Test FM');
    expect(documentTitle('', 'Test FM')).toBe('Test FM');
  });
});

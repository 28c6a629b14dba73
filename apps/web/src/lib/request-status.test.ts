import { describe, expect, it, vi } from 'vitest';
import { RequestStatusStore } from './request-status';

describe('RequestStatusStore', () => {
  it('keeps each song of the signed-in user, idle by default', () => {
    const store = new RequestStatusStore();
    expect(store.get(1, 10)).toBe('idle');
    store.set(1, 10, 'busy');
    store.set(1, 11, 'queued');
    expect(store.get(1, 10)).toBe('busy');
    expect(store.get(1, 11)).toBe('queued');
    store.set(1, 10, 'idle');
    expect(store.get(1, 10)).toBe('idle');
  });

  it('belongs to one user: nobody else sees it, and another user starts afresh', () => {
    const store = new RequestStatusStore();
    store.set(1, 10, 'queued');
    expect(store.get(2, 10)).toBe('idle');
    expect(store.get(null, 10)).toBe('idle');
    store.set(2, 11, 'busy');
    expect(store.get(1, 10)).toBe('idle');
    expect(store.get(2, 11)).toBe('busy');
  });

  it('tells subscribers about every change', () => {
    const store = new RequestStatusStore();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.set(1, 10, 'busy');
    store.set(1, 10, 'queued');
    unsubscribe();
    store.set(1, 11, 'busy');
    expect(listener).toHaveBeenCalledTimes(2);
  });
});

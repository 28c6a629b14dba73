import { describe, expect, it } from 'vitest';
import { MALLOC_ARENAS, workerEnv } from './child-process.js';

describe('workerEnv', () => {
  it("limits the allocator's arenas and keeps the rest of the environment", () => {
    const env = workerEnv({ PATH: '/bin', DATA_DIR: '/data' });
    expect(env).toEqual({ PATH: '/bin', DATA_DIR: '/data', MALLOC_ARENA_MAX: MALLOC_ARENAS });
  });

  it("keeps the operator's own choice", () => {
    expect(workerEnv({ MALLOC_ARENA_MAX: '8' }).MALLOC_ARENA_MAX).toBe('8');
  });
});

import { createRequire } from 'node:module';

/**
 * Loads a CommonJS package at the moment it is needed rather than at start. The station by
 * default runs on SQLite, alone, logging JSON: PostgreSQL's driver, Redis's client and the
 * terminal log formatter would each cost megabytes of memory in a process that never uses them.
 * Synchronous, so a constructor can load what it builds.
 */
export const loadOnUse = createRequire(import.meta.url) as <T>(name: string) => T;

/**
 * How often a client may do each thing that costs the station work or floods other listeners,
 * and what it is told when it has to wait. The HTTP layer enforces every one of them with the
 * same mechanism (one counter per name and client, shared by all nodes when they share Redis).
 */
export type LimitName =
  | 'signup'
  | 'login'
  | 'password'
  | 'passwordAddress'
  | 'logoutOthers'
  | 'chat'
  | 'message'
  | 'request'
  | 'preview'
  | 'upload'
  | 'addSong'
  | 'comment'
  | 'dedication';

export interface Limit {
  /** Actions allowed in one window. */
  max: number;
  windowMs: number;
  /** Counted per client address (before login) or per signed-in account. */
  per: 'address' | 'user';
  /** The refusal, given the wait as text ("8 seconds"). */
  refusal: (wait: string) => string;
  /** Staff are not counted (their work comes in batches, and is not a stranger's flood). */
  staffExempt?: boolean;
}

export type LimitTable = Record<LimitName, Limit>;

/** The settings an operator may change; the rest are fixed. */
export interface LimitSettings {
  signupsPerHour: number;
  loginsPerAddressPerMinute: number;
}

/**
 * The limits an operator cannot change: password changes (per account and per address), logging
 * out everywhere else, chat, messages, requests, previews, uploads, songs added, comments.
 */
export const FIXED_LIMITS: Record<Exclude<LimitName, 'signup' | 'login'>, Limit> = {
  // Each attempt costs two password hashes; a person changes their password rarely.
  password: {
    max: 5,
    windowMs: 15 * 60_000,
    per: 'user',
    refusal: (wait) => `Too many password changes. Try again in ${wait}.`,
  },
  // The same route from one address, whatever the accounts: tokens of many accounts held at
  // one address would otherwise each get the limit above.
  passwordAddress: {
    max: 20,
    windowMs: 15 * 60_000,
    per: 'address',
    refusal: (wait) => `Too many password changes from your address. Try again in ${wait}.`,
  },
  // Each one is a write and a message to every node; a person needs it rarely.
  logoutOthers: {
    max: 10,
    windowMs: 15 * 60_000,
    per: 'user',
    refusal: (wait) => `You're signing out too often. Try again in ${wait}.`,
  },
  chat: {
    max: 5,
    windowMs: 10_000,
    per: 'user',
    refusal: (wait) => `You're chatting too fast. Wait ${wait}.`,
  },
  message: {
    max: 10,
    windowMs: 60_000,
    per: 'user',
    refusal: (wait) => `You're sending messages too fast. Wait ${wait}.`,
  },
  // The request rules (songs waiting, cooldown) come first; this only stops a script.
  request: {
    max: 30,
    windowMs: 60_000,
    per: 'user',
    refusal: (wait) => `You're queuing too fast. Wait ${wait}.`,
  },
  preview: {
    max: 10,
    windowMs: 60_000,
    per: 'user',
    refusal: (wait) => `You're previewing too fast. Wait ${wait}.`,
  },
  upload: {
    max: 30,
    windowMs: 10 * 60_000,
    per: 'user',
    refusal: (wait) => `You're uploading too fast. Wait ${wait}.`,
    staffExempt: true,
  },
  // Every song added is a page the catalogue shows and a target for an upload.
  addSong: {
    max: 10,
    windowMs: 60 * 60_000,
    per: 'user',
    refusal: (wait) => `You're adding songs too fast. Wait ${wait}.`,
    staffExempt: true,
  },
  comment: {
    max: 5,
    windowMs: 60_000,
    per: 'user',
    refusal: (wait) => `You're commenting too fast. Wait ${wait}.`,
  },
  // A line on the DJ's screen while they are on air: a few a minute is plenty.
  dedication: {
    max: 3,
    windowMs: 60_000,
    per: 'user',
    refusal: (wait) => `You're sending the DJ messages too fast. Wait ${wait}.`,
  },
};

export function limitTable(settings: LimitSettings): LimitTable {
  return {
    signup: {
      max: settings.signupsPerHour,
      windowMs: 60 * 60_000,
      per: 'address',
      refusal: (wait) => `Too many new accounts from your address. Try again in ${wait}.`,
    },
    login: {
      max: settings.loginsPerAddressPerMinute,
      windowMs: 60_000,
      per: 'address',
      refusal: (wait) => `Too many login attempts. Try again in ${wait}.`,
    },
    ...FIXED_LIMITS,
  };
}

import { RoleSchema, type Role } from '@queuecast/contract';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { ACTIVE_WINDOW_S } from '../core/presence.js';
import { nowSeconds } from '../db/dialect.js';
import { forbidden, unauthorized } from '../lib/http-error.js';
import type { TokenService } from './tokens.js';

export interface AuthUser {
  id: number;
  username: string;
  role: Role;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the auth guards; null for anonymous callers. */
    user: AuthUser | null;
  }
}

/** Seen-at is written at most this often per user, so reads stay reads. */
const LAST_SEEN_RESOLUTION_S = 60;

export interface AuthGuards {
  /** Attaches the caller when a valid token is sent; anonymous otherwise. */
  optionalUser: preHandlerAsyncHookHandler;
  requireUser: preHandlerAsyncHookHandler;
  requireRole(...roles: Role[]): preHandlerAsyncHookHandler;
  /** The same check for a token that did not come in a header (the live socket's `auth`). */
  authenticateToken: (token: string) => Promise<TokenSession | null>;
  /** The version of the token a signed-in caller sent (set by the guards with `user`). */
  tokenVersionOf(request: FastifyRequest): number | undefined;
}

/** The account reads the guards make: who a token belongs to, and when they were last seen. */
export interface GuardUsers {
  findById(id: number): Promise<
    | {
        id: number;
        username: string;
        role: string;
        token_version: number;
        last_seen_at: number | null;
        muted_until: number | null;
      }
    | undefined
  >;
  touchLastSeen(id: number, at: number): Promise<void>;
}

/** A token's user, and when the token stops being valid (epoch seconds). */
export interface TokenSession {
  user: AuthUser;
  expiresAt: number;
  /** The token's version: the account's current one when checked (see `users.token_version`). */
  tokenVersion: number;
  /** When the user's chat mute ends (epoch seconds), or null. */
  mutedUntil: number | null;
}

/**
 * Checks a bearer token as every authenticated call does: signature and expiry, the user
 * still exists, and the token's version is the account's current one. Answers the user with
 * their current role, or null. A user's first call after a quiet spell counts as being seen.
 */
export function createTokenAuthenticator(
  tokens: TokenService,
  users: GuardUsers,
  onSeen: () => void = () => undefined,
): (token: string) => Promise<TokenSession | null> {
  return async (token) => {
    const payload = await tokens.verify(token);
    if (!payload) return null;
    const row = await users.findById(payload.id);
    // A password or role change, or a log-out everywhere, bumps the version: every token
    // issued before it stops working.
    if (!row || row.token_version !== payload.tv) return null;
    const now = nowSeconds();
    if (row.last_seen_at === null || now - row.last_seen_at >= LAST_SEEN_RESOLUTION_S) {
      await users.touchLastSeen(row.id, now);
      if (row.last_seen_at === null || now - row.last_seen_at >= ACTIVE_WINDOW_S) onSeen();
    }
    // The role comes from the database, not from the token.
    const role = RoleSchema.catch('user').parse(row.role);
    return {
      user: { id: row.id, username: row.username, role },
      expiresAt: payload.exp,
      tokenVersion: payload.tv,
      mutedUntil: row.muted_until === null ? null : Number(row.muted_until),
    };
  };
}

export function createAuthGuards(
  tokens: TokenService,
  users: GuardUsers,
  onSeen: () => void = () => undefined,
): AuthGuards {
  const authenticateToken = createTokenAuthenticator(tokens, users, onSeen);
  const versions = new WeakMap<FastifyRequest, number>();

  /** undefined: no token sent; null: a token that is not (or no longer) valid. */
  async function authenticate(request: FastifyRequest): Promise<AuthUser | null | undefined> {
    const header = request.headers.authorization;
    if (!header) return undefined;
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match?.[1]) return null;
    const session = await authenticateToken(match[1]);
    if (!session) return null;
    versions.set(request, session.tokenVersion);
    return session.user;
  }

  const optionalUser: preHandlerAsyncHookHandler = async (request) => {
    request.user = (await authenticate(request)) ?? null;
  };

  const requireUser: preHandlerAsyncHookHandler = async (request) => {
    const user = await authenticate(request);
    if (user === undefined) throw unauthorized('You must be logged in.');
    if (user === null) throw unauthorized('Your session has expired. Please log in again.');
    request.user = user;
  };

  function requireRole(...roles: Role[]): preHandlerAsyncHookHandler {
    return async function (this: unknown, request, reply) {
      await requireUser.call(this as never, request, reply);
      if (!request.user || !roles.includes(request.user.role)) throw forbidden();
    };
  }

  return {
    optionalUser,
    requireUser,
    requireRole,
    authenticateToken,
    tokenVersionOf: (request) => versions.get(request),
  };
}

import crypto from 'node:crypto';
import {
  LIMITS,
  type ChangePasswordBody,
  type LoginBody,
  type Role,
  type SignupBody,
  type User,
} from '@queuecast/contract';
import type { EventBus } from '../../core/bus.js';
import type { Db } from '../../db/database.js';
import { isUniqueViolation, nowSeconds } from '../../db/dialect.js';
import { hashPassword, verifyAgainstNothing, verifyPassword } from '../../auth/password.js';
import type { TokenService } from '../../auth/tokens.js';
import {
  badRequest,
  conflict,
  HttpError,
  tooManyRequests,
  unauthorized,
} from '../../lib/http-error.js';
import { systemClock, type Clock } from '../../core/clock.js';
import { LoginThrottle } from './login-throttle.js';
import { waitText } from '../../lib/text.js';
import type { ReferralRepo } from '../users/referral.repo.js';
import { toUser } from '../users/user-presenter.js';
import type { UserRepo, UserRow } from '../users/user.repo.js';

export interface LoginLimits {
  /**
   * Login attempts per client address per minute, whatever the accounts: the login route's
   * rate limit (core/rate-limits.ts), counted before this service is asked.
   */
  perIpPerMinute: number;
  /** Failures one address may make for one account before it waits between guesses. */
  freeFailures: number;
  /** The longest wait between guesses (seconds); it doubles with each failure up to this. */
  maxDelaySeconds: number;
}

export const DEFAULT_LOGIN_LIMITS: LoginLimits = {
  perIpPerMinute: 30,
  freeFailures: 5,
  maxDelaySeconds: 15 * 60,
};

/**
 * Wrong current passwords one address may give for one account before it waits between
 * guesses, doubling up to the same 15 minutes as logins. Fewer than a login's: the caller is
 * signed in already, so a wrong current password is a typo at most twice, or someone else's
 * guess with a token they should not have. The route's own limits (per account, per address)
 * cap the attempts themselves, on every node.
 */
export const PASSWORD_CHANGE_FREE_FAILURES = 3;

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

function newReferralCode(): string {
  const bytes = crypto.randomBytes(10);
  return Array.from(bytes, (b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join('');
}

export class AuthService {
  private readonly throttle: LoginThrottle;
  private readonly changeThrottle: LoginThrottle;

  constructor(
    private readonly deps: {
      db: Db;
      users: UserRepo;
      referrals: ReferralRepo;
      tokens: TokenService;
      bus: EventBus;
      signupMode: 'open' | 'invite';
      loginLimits?: LoginLimits;
      clock?: Clock;
    },
  ) {
    const limits = deps.loginLimits ?? DEFAULT_LOGIN_LIMITS;
    const clock = deps.clock ?? systemClock;
    this.throttle = new LoginThrottle(limits.freeFailures, limits.maxDelaySeconds, clock);
    this.changeThrottle = new LoginThrottle(
      PASSWORD_CHANGE_FREE_FAILURES,
      DEFAULT_LOGIN_LIMITS.maxDelaySeconds,
      clock,
    );
  }

  /** `client`: the caller's address, whose turn at the password hashing this takes. */
  async signup(body: SignupBody, client?: string): Promise<{ token: string; user: User }> {
    const code = body.referralCode?.trim() || undefined;
    if (this.deps.signupMode === 'invite' && !code) {
      throw badRequest('A referral code is required to sign up.');
    }
    const passwordHash = await hashPassword(body.password, client);
    const row = await this.createAccount({
      username: body.username,
      email: body.email?.trim() || null,
      passwordHash,
      role: 'user',
      referralCode: code,
    });
    return { token: await this.issueToken(row), user: toUser(row) };
  }

  /**
   * Creates the user, consumes the referral code and hands out the new user's codes in one
   * transaction: a failed code check leaves no half-made account behind.
   */
  async createAccount(input: {
    username: string;
    email: string | null;
    passwordHash: string;
    role: Role;
    referralCode?: string | undefined;
  }): Promise<UserRow> {
    const at = nowSeconds();
    try {
      return await this.deps.db.transaction().execute(async (trx) => {
        const row = await this.deps.users.insert(
          {
            username: input.username,
            email: input.email,
            password_hash: input.passwordHash,
            role: input.role,
            created_at: at,
          },
          trx,
        );
        if (input.referralCode) {
          const used = await this.deps.referrals.consume(input.referralCode, row.id, at, trx);
          if (!used && this.deps.signupMode === 'invite') {
            throw badRequest('This referral code is invalid or has already been used.');
          }
        }
        const codes = Array.from({ length: LIMITS.referralCodesPerUser }, newReferralCode);
        await this.deps.referrals.insertCodes(row.id, codes, at, trx);
        return row;
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict('That username is already taken.');
      throw err;
    }
  }

  async login(body: LoginBody, ip: string): Promise<string> {
    const account = body.username;
    const wait = this.throttle.wait(account, ip);
    if (wait > 0) {
      throw tooManyRequests(`Too many login attempts. Try again in ${waitText(wait)}.`, wait);
    }
    const row = await this.deps.users.findByUsername(body.username);
    const ok = row
      ? await verifyPassword(row.password_hash, body.password, ip)
      : await verifyAgainstNothing(body.password, ip);
    if (!row || !ok) {
      this.throttle.failed(account, ip);
      throw new HttpError(401, 'Invalid username or password.', {
        message: 'Invalid username or password.',
      });
    }
    this.throttle.succeeded(account, ip);
    return this.issueToken(row);
  }

  /**
   * Sets a new password when the current one is right, and ends every session of the account:
   * older tokens stop working and the live sockets on them are told, on every node. Answers a
   * fresh token for the caller. Wrong current passwords from one address make it wait between
   * guesses, as logins do.
   */
  async changePassword(userId: number, body: ChangePasswordBody, ip: string): Promise<string> {
    const account = String(userId);
    const wait = this.changeThrottle.wait(account, ip);
    if (wait > 0) {
      throw tooManyRequests(`Too many wrong passwords. Try again in ${waitText(wait)}.`, wait);
    }
    const row = await this.deps.users.findById(userId);
    if (!row || !(await verifyPassword(row.password_hash, body.currentPassword, ip))) {
      this.changeThrottle.failed(account, ip);
      throw badRequest('Current password is incorrect.');
    }
    this.changeThrottle.succeeded(account, ip);
    const tokenVersion = await this.deps.users.updatePassword(
      userId,
      await hashPassword(body.newPassword, ip),
    );
    this.deps.bus.publish({
      type: 'sessions.revoked',
      user_id: userId,
      token_version: tokenVersion,
    });
    return this.issueToken({ ...row, token_version: tokenVersion });
  }

  /**
   * Ends every session of the account but the caller's: older tokens stop working (the live
   * sockets on them are told) and the caller gets a fresh one.
   */
  async logoutOthers(userId: number, tokenVersion: number): Promise<string> {
    // Only from the caller's own version: a password change that ended the caller's token
    // while this request was on its way must not be undone by a fresh token.
    const row = await this.deps.users.revokeTokens(userId, tokenVersion);
    if (!row) throw unauthorized('Your session has ended. Please log in again.');
    this.deps.bus.publish({
      type: 'sessions.revoked',
      user_id: userId,
      token_version: row.token_version,
    });
    return this.issueToken(row);
  }

  private issueToken(row: UserRow): Promise<string> {
    const user = toUser(row);
    return this.deps.tokens.sign({ ...user, tokenVersion: row.token_version });
  }
}

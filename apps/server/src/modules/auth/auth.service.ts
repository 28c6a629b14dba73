import crypto from 'node:crypto';
import {
  LIMITS,
  type ChangePasswordBody,
  type LoginBody,
  type Role,
  type SignupBody,
  type User,
} from '@queuecast/contract';
import type { Db } from '../../db/database.js';
import { isUniqueViolation, nowSeconds } from '../../db/dialect.js';
import { hashPassword, verifyAgainstNothing, verifyPassword } from '../../auth/password.js';
import type { TokenService } from '../../auth/tokens.js';
import { badRequest, conflict, HttpError, tooManyRequests } from '../../lib/http-error.js';
import { systemClock, type Clock } from '../../core/clock.js';
import { LoginThrottle } from './login-throttle.js';
import { secondsText } from '../../lib/text.js';
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

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

function newReferralCode(): string {
  const bytes = crypto.randomBytes(10);
  return Array.from(bytes, (b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join('');
}

export class AuthService {
  private readonly throttle: LoginThrottle;

  constructor(
    private readonly deps: {
      db: Db;
      users: UserRepo;
      referrals: ReferralRepo;
      tokens: TokenService;
      signupMode: 'open' | 'invite';
      loginLimits?: LoginLimits;
      clock?: Clock;
    },
  ) {
    const limits = deps.loginLimits ?? DEFAULT_LOGIN_LIMITS;
    this.throttle = new LoginThrottle(
      limits.freeFailures,
      limits.maxDelaySeconds,
      deps.clock ?? systemClock,
    );
  }

  async signup(body: SignupBody): Promise<{ token: string; user: User }> {
    const code = body.referralCode?.trim() || undefined;
    if (this.deps.signupMode === 'invite' && !code) {
      throw badRequest('A referral code is required to sign up.');
    }
    const passwordHash = await hashPassword(body.password);
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
      throw tooManyRequests(`Too many login attempts. Try again in ${secondsText(wait)}.`, wait);
    }
    const row = await this.deps.users.findByUsername(body.username);
    const ok = row
      ? await verifyPassword(row.password_hash, body.password)
      : await verifyAgainstNothing(body.password);
    if (!row || !ok) {
      this.throttle.failed(account, ip);
      throw new HttpError(401, 'Invalid username or password.', {
        message: 'Invalid username or password.',
      });
    }
    this.throttle.succeeded(account, ip);
    return this.issueToken(row);
  }

  async changePassword(userId: number, body: ChangePasswordBody): Promise<string> {
    const row = await this.deps.users.findById(userId);
    if (!row || !(await verifyPassword(row.password_hash, body.currentPassword))) {
      throw badRequest('Current password is incorrect.');
    }
    const tokenVersion = await this.deps.users.updatePassword(
      userId,
      await hashPassword(body.newPassword),
    );
    return this.issueToken({ ...row, token_version: tokenVersion });
  }

  private issueToken(row: UserRow): Promise<string> {
    const user = toUser(row);
    return this.deps.tokens.sign({ ...user, tokenVersion: row.token_version });
  }
}

import crypto from 'node:crypto';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import type { FastifyBaseLogger } from 'fastify';
import type { LeaseRepo } from './lease.repo.js';

/** How long a claim holds without renewal: a dead leader's place is free after this. */
export const LEASE_TTL_MS = 2500;
/** How often the leader renews its claim: a write, so no more often than safety needs. */
export const LEASE_RENEW_MS = 1000;
/** How often a standby tries to take a free lease: how soon after it runs out one plays. */
export const LEASE_TRY_MS = 500;

/** What this process does for the station's audio. */
export type PlayoutState = 'off' | 'standby' | 'starting' | 'on-air';

interface Playable {
  start(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * One playout per station, among any number of candidate processes: the one that holds the
 * lease (`LeaseRepo`) plays and renews it every LEASE_RENEW_MS, the others stand by and try every
 * LEASE_TRY_MS. When the leader dies its claim runs out after LEASE_TTL_MS and a standby takes over; the station it starts
 * resumes the queue entry that was on air at the point the clock has reached.
 *
 * A leader that cannot renew (its database gone, or its event loop stalled) stops playing
 * before its claim can have run out, so that two never play at once, and `onLost` is called:
 * the process then exits and its supervisor starts it again as a standby.
 */
export class PlayoutLeader {
  readonly id = `${os.hostname()}:${process.pid}:${crypto.randomBytes(4).toString('hex')}`;
  private state: PlayoutState = 'off';
  private running = false;
  private loop: Promise<void> | null = null;
  private wake: (() => void) | null = null;
  /** performance.now() of the last claim the database confirmed. */
  private heldAt = -Infinity;
  /** Called once the lease was lost while playing (the process shell exits). */
  onLost: () => void = () => undefined;

  constructor(
    private readonly deps: {
      lease: LeaseRepo;
      station: Playable;
      log: FastifyBaseLogger;
      /** host:port where this process takes DJs' source connections, kept with the lease. */
      address?: string;
      ttlMs?: number;
      renewMs?: number;
      tryMs?: number;
    },
  ) {}

  get status(): PlayoutState {
    return this.state;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.state = 'standby';
    this.loop = this.run();
  }

  /** Stops playing (if it was) and frees the lease for a standby at once. */
  async stop(): Promise<void> {
    this.running = false;
    this.wake?.();
    await this.loop;
    if (this.state === 'on-air' || this.state === 'starting') await this.deps.station.stop();
    this.state = 'off';
    await this.deps.lease.release(this.id).catch(() => undefined);
  }

  private async run(): Promise<void> {
    const ttl = this.deps.ttlMs ?? LEASE_TTL_MS;
    const renew = this.deps.renewMs ?? LEASE_RENEW_MS;
    const attempt = this.deps.tryMs ?? LEASE_TRY_MS;
    while (this.running) {
      const started = performance.now();
      await this.tick(ttl, renew);
      const every = this.state === 'standby' ? attempt : renew;
      const wait = Math.max(0, every - (performance.now() - started));
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, wait);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  }

  private async tick(ttl: number, every: number): Promise<void> {
    let held: boolean;
    try {
      held = await this.deps.lease.claim(this.id, ttl, this.deps.address ?? null);
      if (held) this.heldAt = performance.now();
    } catch (err) {
      this.deps.log.warn({ err }, 'playout lease: could not reach the database');
      // Still ours only while the last confirmed claim has time left, with a renewal to spare.
      held = performance.now() - this.heldAt < ttl - every;
    }
    if (!this.running) return;
    if (held && this.state === 'standby') {
      this.state = 'starting';
      this.deps.log.info({ id: this.id }, 'playout lease taken: going on air');
      await this.deps.station.start();
      this.state = 'on-air';
    } else if (!held && (this.state === 'on-air' || this.state === 'starting')) {
      this.deps.log.error({ id: this.id }, 'playout lease lost: going off air');
      this.running = false;
      await this.deps.station.stop();
      this.state = 'off';
      this.onLost();
    }
  }
}

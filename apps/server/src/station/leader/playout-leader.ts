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

/** The newest leader's term where every candidate sees it (`FenceFile`). */
interface Fence {
  read(): number;
  raise(term: number): Promise<void>;
}

/**
 * One playout per station, among any number of candidate processes: the one that holds the
 * lease (`LeaseRepo`) plays and renews it every LEASE_RENEW_MS, the others stand by and try every
 * LEASE_TRY_MS. When the leader dies its claim runs out after LEASE_TTL_MS and a standby takes
 * over; the station it starts resumes the queue entry that was on air at the point the clock has
 * reached.
 *
 * The lease's term grows with each new holder, and a leader writes its term into the fence
 * beside the outputs before it goes on air. A leader whose database is unreachable keeps playing
 * (riding the outage out) as long as the fence holds no newer term: every other candidate then
 * cannot reach the database either, or has not taken over. One whose claim is refused (another
 * holds the lease), or whose fence shows a newer term, stops playing at once and stands by again,
 * in the same process. `mayPublish` says whether the outputs may be written now: not by a leader
 * that has not heard back from the database or the fence within a lease (a process frozen and
 * thawed), until its next claim settles it.
 */
export class PlayoutLeader {
  readonly id = `${os.hostname()}:${process.pid}:${crypto.randomBytes(4).toString('hex')}`;
  private state: PlayoutState = 'off';
  private running = false;
  private loop: Promise<void> | null = null;
  private wake: (() => void) | null = null;
  /** The term this process went on air with. */
  private term = 0;
  /** performance.now() of the last claim that settled (the database's answer or its outage). */
  private settledAt = -Infinity;
  /** Whether the last claim found the database unreachable (the outage being ridden out). */
  private unreachable = false;
  /** performance.now() before which a standby back from an outage does not claim. */
  private holdOffUntil = -Infinity;

  constructor(
    private readonly deps: {
      lease: LeaseRepo;
      station: Playable;
      log: FastifyBaseLogger;
      /** The newest leader's term beside the outputs. */
      fence?: Fence;
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

  /** Whether the database could not be reached at the last claim (an outage ridden out). */
  get ridingOut(): boolean {
    return this.unreachable && this.state === 'on-air';
  }

  /**
   * Whether this process may write the station's outputs now: it is on air, its last claim
   * settled within a lease, and (while the database is away) no newer leader wrote the fence.
   */
  mayPublish(): boolean {
    if (this.state !== 'on-air' && this.state !== 'starting') return false;
    const ttl = this.deps.ttlMs ?? LEASE_TTL_MS;
    if (performance.now() - this.settledAt > ttl) return false;
    return !this.unreachable || !this.superseded();
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

  private superseded(): boolean {
    return (this.deps.fence?.read() ?? 0) > this.term;
  }

  private async run(): Promise<void> {
    const ttl = this.deps.ttlMs ?? LEASE_TTL_MS;
    const renew = this.deps.renewMs ?? LEASE_RENEW_MS;
    const attempt = this.deps.tryMs ?? LEASE_TRY_MS;
    while (this.running) {
      const started = performance.now();
      await this.tick(ttl).catch((err: unknown) => {
        this.deps.log.error({ err }, 'playout lease: the turn failed');
      });
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

  private async tick(ttl: number): Promise<void> {
    if (this.state === 'standby' && !(await this.mayClaim(ttl))) return;
    let term: number | null;
    try {
      term = await this.deps.lease.claimTerm(this.id, ttl, this.deps.address ?? null);
      if (this.unreachable) this.deps.log.info('playout lease: the database is back');
      this.unreachable = false;
    } catch (err) {
      if (!this.unreachable) {
        this.deps.log.warn({ err }, 'playout lease: could not reach the database');
      }
      this.unreachable = true;
      this.settledAt = performance.now();
      if (!this.running) return;
      if (this.state === 'on-air' && this.superseded()) {
        await this.offAir('another playout took over while the database was unreachable');
      }
      return;
    }
    this.settledAt = performance.now();
    if (!this.running) return;
    const playing = this.state === 'on-air' || this.state === 'starting';
    if (term !== null && !playing) {
      this.state = 'starting';
      this.term = term;
      this.deps.log.info({ id: this.id, term }, 'playout lease taken: going on air');
      try {
        await this.deps.fence?.raise(term);
        await this.deps.station.start();
        this.state = 'on-air';
      } catch (err) {
        // The database went away as it started, say: stand by and try again.
        this.deps.log.error({ err }, 'could not go on air: standing by');
        this.state = 'standby';
        await this.deps.station.stop().catch(() => undefined);
      }
    } else if (playing && (term === null || term !== this.term)) {
      // Refused, or held by another between two of ours: someone else may have played.
      await this.offAir('playout lease lost');
    }
  }

  /**
   * Whether a standby may try for the lease now. One that lost the database waits, once it is
   * back, a lease and a renewal before claiming: a leader that rode the same outage out renews
   * its claim first and plays on, rather than handing over for nothing.
   */
  private async mayClaim(ttl: number): Promise<boolean> {
    if (this.unreachable) {
      const back = await this.deps.lease.current().then(
        () => true,
        () => false,
      );
      if (!back) return false;
      this.unreachable = false;
      this.holdOffUntil = performance.now() + ttl + (this.deps.renewMs ?? LEASE_RENEW_MS);
      this.deps.log.info('playout lease: the database is back; the leader may renew first');
      return false;
    }
    return performance.now() >= this.holdOffUntil;
  }

  /** Stops playing and stands by again, in this process. */
  private async offAir(reason: string): Promise<void> {
    this.deps.log.error({ id: this.id }, `${reason}: going off air, standing by`);
    this.state = 'standby';
    await this.deps.station.stop();
  }
}

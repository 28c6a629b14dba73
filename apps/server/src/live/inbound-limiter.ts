/**
 * A token bucket for what one socket sends: `burst` messages at once, `perSecond` after that.
 * Messages beyond it are dropped, and each drop is a strike; strikes are forgiven at the same
 * rate. A client that keeps sending at more than twice the rate gathers strikes, and once it
 * has `closeAfter` of them it is to be disconnected.
 */
export interface InboundLimits {
  burst: number;
  perSecond: number;
  closeAfter: number;
}

export const INBOUND_LIMITS: InboundLimits = { burst: 20, perSecond: 5, closeAfter: 50 };

export type Verdict = 'accept' | 'drop' | 'close';

export class InboundLimiter {
  private tokens: number;
  private strikes = 0;
  private at: number;

  constructor(
    private readonly limits: InboundLimits = INBOUND_LIMITS,
    now = performance.now(),
  ) {
    this.tokens = limits.burst;
    this.at = now;
  }

  take(now = performance.now()): Verdict {
    const { burst, perSecond, closeAfter } = this.limits;
    const refill = ((now - this.at) / 1000) * perSecond;
    this.at = now;
    this.tokens = Math.min(burst, this.tokens + refill);
    this.strikes = Math.max(0, this.strikes - refill);
    if (this.tokens >= 1) {
      this.tokens -= 1;
      return 'accept';
    }
    this.strikes += 1;
    return this.strikes >= closeAfter ? 'close' : 'drop';
  }
}

import type { Socket } from 'node:net';
import { AddressLimit } from './address-limit.js';

const RELEASE = Symbol('connection cap release');
type Counted = Socket & { [RELEASE]?: () => void };

/**
 * Plain HTTP connections open at once per client address, up to `max` each. A connection counts
 * from its accept until it closes, or until it leaves plain HTTP for a stream or socket that has
 * a cap of its own (`leaveConnectionCap`). Addresses `exempt` says so of (trusted proxies,
 * through which every client arrives) are not counted.
 */
export class ConnectionCap {
  private readonly perAddress: AddressLimit;

  constructor(
    max: number,
    private readonly exempt: (address: string) => boolean,
  ) {
    this.perAddress = new AddressLimit(max);
  }

  /** Counts `socket` against its address; false, counting nothing, when that is at the cap. */
  admit(socket: Socket): boolean {
    const address = socket.remoteAddress;
    if (address === undefined || this.exempt(address)) return true;
    if (!this.perAddress.tryAdd(address)) return false;
    const counted = socket as Counted;
    const release = () => {
      if (counted[RELEASE] !== release) return;
      delete counted[RELEASE];
      this.perAddress.remove(address);
    };
    counted[RELEASE] = release;
    socket.once('close', release);
    return true;
  }

  /** Connections counted for `address` now. */
  count(address: string): number {
    return this.perAddress.count(address);
  }
}

/**
 * The connection is no longer plain HTTP (an MP3 listener, a /ws socket): its own cap per
 * address counts it from now on, and the HTTP cap no longer does. Idempotent; nothing for a
 * connection that was not counted.
 */
export function leaveConnectionCap(socket: Socket): void {
  (socket as Counted)[RELEASE]?.();
}

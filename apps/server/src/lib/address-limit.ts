/** Open connections per client address, up to `max` each (sockets, streams). */
export class AddressLimit {
  private readonly counts = new Map<string, number>();

  constructor(private readonly max: number) {}

  /** Counts one more connection for `address`, unless it already has `max`; says whether it did. */
  tryAdd(address: string): boolean {
    const count = this.counts.get(address) ?? 0;
    if (count >= this.max) return false;
    this.counts.set(address, count + 1);
    return true;
  }

  remove(address: string): void {
    const count = this.counts.get(address) ?? 0;
    if (count <= 1) this.counts.delete(address);
    else this.counts.set(address, count - 1);
  }

  /** Whether `address` may open one more connection. */
  hasRoom(address: string): boolean {
    return this.count(address) < this.max;
  }

  count(address: string): number {
    return this.counts.get(address) ?? 0;
  }
}

/**
 * The round bookkeeping every client process of bench/live-fanout shares, whatever its sockets:
 * which sockets are expected to see the round's marker, when each did, and the report to the
 * parent when all have or the round times out. Also the IPC protocol with the parent.
 */
export type ToClients =
  | { type: 'connect'; url: string; count: number; inFlight: number }
  | { type: 'arm'; marker: string; timeoutMs: number }
  | { type: 'close' };

export type FromClients =
  | { type: 'ready'; opened: number; failed: number; withFirstUpdate: number; connectMs: number }
  | { type: 'armed' }
  | { type: 'round'; receivedAt: number[]; updateBytes: number; markerAt: number; cpuMs: number }
  | { type: 'closed' };

export const send = (message: FromClients) => process.send!(message);

/** The round in progress; `M` is the marker as the sockets look for it. */
export class Round<M> {
  marker: M | null = null;
  updateBytes = 0;
  /** Where in the message's payload the marker was found (-1: not told). */
  markerAt = -1;
  private expected = new Uint8Array(0);
  private receivedAt = new Float64Array(0);
  private waiting = 0;
  private timer: NodeJS.Timeout | null = null;
  private cpu = process.cpuUsage();

  /** Sockets 0..count-1 will take part. */
  size(count: number): void {
    this.expected = new Uint8Array(count);
    this.receivedAt = new Float64Array(count);
  }

  /** Starts a round: every socket open now must see `marker` within `timeoutMs`. */
  arm(marker: M, timeoutMs: number, isOpen: (i: number) => boolean): void {
    this.marker = marker;
    this.receivedAt.fill(0);
    this.updateBytes = 0;
    this.markerAt = -1;
    this.waiting = 0;
    for (let i = 0; i < this.expected.length; i++) {
      const e = isOpen(i) ? 1 : 0;
      this.expected[i] = e;
      this.waiting += e;
    }
    this.cpu = process.cpuUsage();
    this.timer = setTimeout(() => this.finish(), timeoutMs);
    send({ type: 'armed' });
    if (this.waiting === 0) this.finish();
  }

  /**
   * Socket `i` has the marked update, of `bytes` on the wire, the marker at byte `markerAt` of
   * its payload; the first time counts.
   */
  seen(i: number, bytes: number, markerAt = -1): void {
    if (this.marker === null || this.expected[i] !== 1 || this.receivedAt[i] !== 0) return;
    this.receivedAt[i] = Date.now();
    if (this.updateBytes === 0) this.updateBytes = bytes;
    if (this.markerAt === -1) this.markerAt = markerAt;
    if (--this.waiting === 0) this.finish();
  }

  private finish(): void {
    if (this.marker === null) return;
    this.marker = null;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const receivedAt: number[] = [];
    this.expected.forEach((e, i) => {
      if (e === 1) receivedAt.push(this.receivedAt[i]!);
    });
    const cpu = process.cpuUsage(this.cpu);
    send({
      type: 'round',
      receivedAt,
      updateBytes: this.updateBytes,
      markerAt: this.markerAt,
      cpuMs: (cpu.user + cpu.system) / 1000,
    });
  }
}

/** Runs the parent's commands: `arm` starts a round, the rest is the client's own. */
export function obey(
  round: Round<unknown>,
  client: {
    connect(url: string, count: number, inFlight: number): Promise<void>;
    markerOf(text: string): unknown;
    isOpen(i: number): boolean;
    close(): void;
  },
): void {
  process.on('message', (command: ToClients) => {
    switch (command.type) {
      case 'connect':
        client.connect(command.url, command.count, command.inFlight).catch((err: unknown) => {
          console.error(err);
          process.exit(1);
        });
        break;
      case 'arm':
        round.arm(client.markerOf(command.marker), command.timeoutMs, (i) => client.isOpen(i));
        break;
      case 'close':
        client.close();
        break;
    }
  });
  process.on('disconnect', () => process.exit(0));
}

import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { sleep } from '../support/processes.js';

/**
 * A normal listener beside a flood: it opens the queue page (the HTML, then the recent
 * comments the page asks for) every 200 ms, and posts a chat line every 400 ms (from ten
 * accounts in turn, within the chat's limit), timing each line until it arrives on its own
 * open `/ws` socket: that is a live update's whole path.
 */
export interface ProbeFigures {
  page: number[];
  pageErrors: number;
  live: number[];
  liveLost: number;
}

export interface ProbeAccount {
  token: string;
}

export class ListenerProbe {
  private readonly figures: ProbeFigures = { page: [], pageErrors: 0, live: [], liveLost: 0 };
  private readonly pending = new Map<string, number>();
  private running = false;
  private loops: Promise<void>[] = [];
  private serial = 0;

  private constructor(
    private readonly baseUrl: string,
    private readonly ws: WebSocket,
    private readonly accounts: ProbeAccount[],
    private readonly address: string,
  ) {
    ws.on('message', (data: Buffer) => {
      const text = data.toString('utf8');
      if (!text.includes('"chat_message"')) return;
      for (const [marker, sentAt] of this.pending) {
        if (text.includes(marker)) {
          this.figures.live.push(performance.now() - sentAt);
          this.pending.delete(marker);
        }
      }
    });
  }

  static async open(
    baseUrl: string,
    wsUrl: string,
    accounts: ProbeAccount[],
    address: string,
  ): Promise<ListenerProbe> {
    const ws = new WebSocket(wsUrl, { headers: { 'x-forwarded-for': address } });
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    return new ListenerProbe(baseUrl, ws, accounts, address);
  }

  /** Starts probing with fresh figures. */
  start(): void {
    this.figures.page = [];
    this.figures.pageErrors = 0;
    this.figures.live = [];
    this.figures.liveLost = 0;
    this.pending.clear();
    this.running = true;
    this.loops = [this.pageLoop(), this.liveLoop()];
  }

  /** Stops, waits 3 s for lines still on their way, and answers what it saw. */
  async stop(): Promise<ProbeFigures> {
    this.running = false;
    await Promise.all(this.loops);
    const deadline = performance.now() + 3000;
    while (this.pending.size > 0 && performance.now() < deadline) await sleep(50);
    this.figures.liveLost = this.pending.size;
    return { ...this.figures };
  }

  close(): void {
    this.ws.terminate();
  }

  private async pageLoop(): Promise<void> {
    const headers = { 'x-forwarded-for': this.address };
    while (this.running) {
      const t0 = performance.now();
      try {
        const html = await fetch(`${this.baseUrl}/queue`, { headers });
        await html.arrayBuffer();
        const comments = await fetch(`${this.baseUrl}/api/comments/recent`, { headers });
        await comments.arrayBuffer();
        if (!html.ok || !comments.ok) this.figures.pageErrors++;
        this.figures.page.push(performance.now() - t0);
      } catch {
        this.figures.pageErrors++;
      }
      await sleep(Math.max(0, 200 - (performance.now() - t0)));
    }
  }

  private async liveLoop(): Promise<void> {
    while (this.running) {
      const t0 = performance.now();
      const account = this.accounts[this.serial % this.accounts.length]!;
      const marker = `probe-${process.pid}-${++this.serial}`;
      this.pending.set(marker, t0);
      const res = await fetch(`${this.baseUrl}/api/oneliner`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${account.token}`,
          'content-type': 'application/json',
          'x-forwarded-for': this.address,
        },
        body: JSON.stringify({ message: marker }),
      }).catch(() => null);
      await res?.arrayBuffer();
      if (!res?.ok) this.pending.delete(marker);
      await sleep(Math.max(0, 400 - (performance.now() - t0)));
    }
  }
}

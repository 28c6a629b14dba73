import type { FastifyBaseLogger } from 'fastify';

/** Icecast's count is read this often. */
const POLL_MS = 30_000;
const TIMEOUT_MS = 5000;

interface IcecastSource {
  listenurl?: unknown;
  listeners?: unknown;
}

/**
 * The listeners of the Icecast mount the station relays to, read from Icecast's public
 * `status-json.xsl` now and then (0 until read, and while Icecast does not answer).
 */
export class IcecastListeners {
  count = 0;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    /** The relay's target: `http://source:password@host:port/mount`. */
    private readonly target: URL,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(): void {
    void this.read();
    this.timer ??= setInterval(() => void this.read(), POLL_MS);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  async read(): Promise<void> {
    try {
      const res = await fetch(`${this.target.origin}/status-json.xsl`, {
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      if (!res.ok) throw new Error(`Icecast answered ${res.status}`);
      const body = (await res.json()) as {
        icestats?: { source?: IcecastSource | IcecastSource[] };
      };
      const source = body.icestats?.source;
      const sources = Array.isArray(source) ? source : source ? [source] : [];
      const mount = sources.find(
        (s) =>
          typeof s.listenurl === 'string' && new URL(s.listenurl).pathname === this.target.pathname,
      );
      this.count = typeof mount?.listeners === 'number' ? mount.listeners : 0;
    } catch (err) {
      this.count = 0;
      this.log.debug({ err }, "statistics: Icecast's listeners could not be read");
    }
  }
}

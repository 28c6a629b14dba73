import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** What the metrics read at each scrape, each from the part of the station that knows it. */
export interface MetricSources {
  /** This node's listeners by output: MP3 connections, HLS clients polling through it. */
  listeners(): { mp3: number; hls: number };
  /** The station's listeners as the playout announces them (every node says the same). */
  stationListeners(): number;
  /** Live sockets open on this node. */
  sockets(): number;
  /** Where this node runs the playout: the worst tick delay since the last scrape (seconds). */
  playoutTickLag(): number | null;
  /** Where this node runs the playout: times its encoder was started again. */
  encoderRestarts(): number | null;
  /** The round trip of a trivial query; throws when the database does not answer. */
  pingDatabase: () => Promise<void>;
  /** The same for Redis; null without one. */
  pingRedis: (() => Promise<void>) | null;
}

/** Routes whose successes are counted as listeners' actions. */
export const ACTION_ROUTES: Record<string, 'request' | 'chat'> = {
  'POST /api/song/:id': 'request',
  'POST /api/queue': 'request',
  'POST /api/oneliner': 'chat',
};

/** A dependency that does not answer within this long counts as down. */
const PING_TIMEOUT_MS = 2000;

/**
 * Times `ping`, once per scrape however many gauges ask: the result (seconds, or null when it
 * failed or took too long) is shared for a second.
 */
function sharedProbe(ping: () => Promise<void>): () => Promise<number | null> {
  let last: { at: number; result: Promise<number | null> } | null = null;
  const measure = async (): Promise<number | null> => {
    const started = performance.now();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('timed out')), PING_TIMEOUT_MS);
    });
    try {
      await Promise.race([ping(), timeout]);
      return (performance.now() - started) / 1000;
    } catch {
      return null;
    } finally {
      clearTimeout(timer);
    }
  };
  return () => {
    const now = performance.now();
    if (!last || now - last.at > 1000) last = { at: now, result: measure() };
    return last.result;
  };
}

/**
 * The node's Prometheus metrics: the process (memory, CPU, event loop, from prom-client's
 * defaults), HTTP by route, listeners by output, sockets, listeners' requests and chat lines,
 * the playout's clock and encoder, and how long the database and Redis take to answer.
 */
export class StationMetrics {
  readonly registry = new Registry();
  private readonly http: Histogram<'method' | 'route' | 'status'>;
  private readonly actions: Counter<'action'>;

  constructor(sources: MetricSources) {
    const registers = [this.registry];
    // The event loop's delay is sampled by a timer of its own, every 10 ms by default: a hundred
    // wake-ups a second, most of an idle server's work. Every half second sees any stall that
    // matters to the station (the playout clock ticks every 500 ms and reports its own lag).
    collectDefaultMetrics({ register: this.registry, eventLoopMonitoringPrecision: 500 });
    this.http = new Histogram({
      name: 'queuecast_http_request_duration_seconds',
      help: 'HTTP requests by method, route pattern and status, and how long they took',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers,
    });
    this.actions = new Counter({
      name: 'queuecast_listener_actions_total',
      help: 'Song requests and chat lines accepted by this node',
      labelNames: ['action'],
      registers,
    });
    for (const action of ['request', 'chat']) this.actions.inc({ action }, 0);
    new Gauge({
      name: 'queuecast_listeners',
      help: "This node's listeners by output (sum over nodes for the station)",
      labelNames: ['output'],
      registers,
      collect() {
        const { mp3, hls } = sources.listeners();
        this.set({ output: 'mp3' }, mp3);
        this.set({ output: 'hls' }, hls);
      },
    });
    new Gauge({
      name: 'queuecast_station_listeners',
      help: 'The station’s listeners as its playout counts them (the same on every node)',
      registers,
      collect() {
        this.set(sources.stationListeners());
      },
    });
    new Gauge({
      name: 'queuecast_live_sockets',
      help: 'Live update sockets open on this node',
      registers,
      collect() {
        this.set(sources.sockets());
      },
    });
    new Gauge({
      name: 'queuecast_playout_tick_lag_seconds',
      help: 'The latest the playout clock ticked past its interval since the last scrape',
      registers,
      collect() {
        const lag = sources.playoutTickLag();
        if (lag !== null) this.set(lag);
      },
    });
    new Gauge({
      name: 'queuecast_encoder_restarts',
      help: 'Times the encoder died or stalled and was started again (playout node)',
      registers,
      collect() {
        const restarts = sources.encoderRestarts();
        if (restarts !== null) this.set(restarts);
      },
    });
    const dependency = (name: string, what: string, ping: () => Promise<void>) => {
      const probe = sharedProbe(ping);
      new Gauge({
        name: `${name}_up`,
        help: `Whether ${what} answered within ${PING_TIMEOUT_MS / 1000} s`,
        registers,
        async collect() {
          this.set((await probe()) === null ? 0 : 1);
        },
      });
      new Gauge({
        name: `${name}_ping_seconds`,
        help: `How long ${what} took to answer a trivial request (absent while it does not)`,
        registers,
        async collect() {
          const seconds = await probe();
          if (seconds === null) this.reset();
          else this.set(seconds);
        },
      });
    };
    dependency('queuecast_database', 'the database', sources.pingDatabase);
    if (sources.pingRedis) dependency('queuecast_redis', 'Redis', sources.pingRedis);
  }

  /** One answered HTTP request; `route` is its pattern (`/api/song/:id`), never the raw URL. */
  observe(method: string, route: string, status: number, seconds: number): void {
    this.http.observe({ method, route, status: String(status) }, seconds);
    const action = status < 300 ? ACTION_ROUTES[`${method} ${route}`] : undefined;
    if (action) this.actions.inc({ action });
  }

  text(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}

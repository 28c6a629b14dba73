import type { Socket } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { BASIC_CHALLENGE, basicCredentials } from '../../lib/basic-auth.js';
import { LiveSource } from './live-source.js';
import { forwardSource } from './source-proxy.js';
import {
  acceptAnswer,
  FORWARDED_HEADER,
  forwardedHead,
  keepsAlive,
  optionsAnswer,
  parseSourceHead,
  sourceAnswer,
  type SourceHead,
} from './source-head.js';

/** The mount DJs stream to. */
export const MOUNT = '/live';
/** A request head must arrive within this. */
const HEAD_TIMEOUT_MS = 10_000;
/**
 * Requests one connection may make before its source: libshout asks `OPTIONS *` (for TLS),
 * then PUTs without credentials for the challenge, then with them, all on one connection.
 */
const MAX_ROUNDS = 4;

/** A source's credentials, judged by the accounts (modules/shows). */
export type Verdict =
  | { ok: true; dj: { id: number; username: string } }
  | { ok: false; status: 401 | 403; message: string };

export interface LiveInputDeps {
  ffmpeg: string;
  authorize(username: string, key: string): Promise<Verdict>;
  /** Whether this process plays the station now. */
  playing(): boolean;
  /** The address of the node that plays, from the playout lease; null when none does. */
  leader(): Promise<{ host: string; port: number } | null>;
  /** Whether the station takes this DJ now; a refusal names who is on air (409). */
  admit(dj: { id: number; username: string }): { ok: true } | { ok: false; message: string };
  /** A source accepted: the station's show takes it from here (and starts it). */
  accepted(source: LiveSource): void;
  log: FastifyBaseLogger;
}

/**
 * The Icecast 2 source protocol at /live, on the server's own port: the connection is handed
 * over before Node's HTTP parser sees it (plugins/source-connections.ts), its request head read
 * here. The node that plays checks the mount, the DJ's username and stream key (HTTP Basic),
 * whether another DJ is on air, and takes the audio; any other node forwards the connection to
 * it (source-proxy.ts). `SOURCE` and `PUT` are both taken; a `PUT` that expects
 * `100 Continue` gets it only once accepted.
 */
export class LiveInput {
  constructor(private readonly deps: LiveInputDeps) {}

  /** A connection that opened with SOURCE, or PUT /live; `first` is what was read of it. */
  take(socket: Socket, first: Buffer, round = 0): void {
    if (round === 0) socket.on('error', () => undefined);
    let data = first;
    const timer = setTimeout(() => {
      socket.end(sourceAnswer(400, 'The request did not arrive in time.'));
    }, HEAD_TIMEOUT_MS);
    const attempt = () => {
      const result = parseSourceHead(data);
      if (result.kind === 'incomplete') return false;
      clearTimeout(timer);
      socket.removeListener('data', onData);
      socket.pause();
      if (result.kind === 'invalid') {
        socket.end(sourceAnswer(400, `Bad request: ${result.reason}.`));
      } else {
        this.route(socket, result.head, result.rest, round).catch((err: unknown) => {
          this.deps.log.error({ err }, 'live source: could not take the connection');
          socket.end(sourceAnswer(503, 'The station could not take the stream; try again.'));
        });
      }
      return true;
    };
    const onData = (d: Buffer) => {
      data = Buffer.concat([data, d]);
      attempt();
    };
    if (!attempt()) {
      socket.on('data', onData);
      socket.resume();
    }
  }

  private async route(socket: Socket, head: SourceHead, rest: Buffer, round: number) {
    const refuse = (status: number, message: string, headers?: Record<string, string>) => {
      socket.end(sourceAnswer(status, message, headers));
    };
    // An exchange that leaves the connection open for the client's next request (HTTP/1.1 and
    // no body): libshout's TLS question and its PUT without credentials.
    const another = round + 1 < MAX_ROUNDS && keepsAlive(head);
    if (head.method === 'OPTIONS' && head.path === '*') {
      if (!another) return refuse(400, 'Send the source request.');
      socket.write(optionsAnswer());
      return this.take(socket, rest, round + 1);
    }
    if (head.method !== 'SOURCE' && head.method !== 'PUT') {
      return refuse(405, 'A source streams with SOURCE or PUT.', { Allow: 'SOURCE, PUT' });
    }
    if (head.path !== MOUNT) return refuse(404, `No such mount; DJs stream to ${MOUNT}.`);
    if (!this.deps.playing()) return this.forward(socket, head, rest);

    const credentials = basicCredentials(head.headers.get('authorization'));
    if (!credentials) {
      const message = 'Log in with your username and stream key.';
      const challenge = { 'WWW-Authenticate': BASIC_CHALLENGE };
      if (!another) return refuse(401, message, challenge);
      socket.write(sourceAnswer(401, message, challenge, true));
      return this.take(socket, rest, round + 1);
    }
    const verdict = await this.deps.authorize(credentials.username, credentials.password);
    if (!verdict.ok) {
      const challenge: Record<string, string> =
        verdict.status === 401 ? { 'WWW-Authenticate': BASIC_CHALLENGE } : {};
      this.deps.log.info(
        { username: credentials.username.slice(0, 64), status: verdict.status },
        'live source refused',
      );
      return refuse(verdict.status, verdict.message, challenge);
    }
    if (socket.destroyed) return;
    const admitted = this.deps.admit(verdict.dj);
    if (!admitted.ok) return refuse(409, admitted.message);
    socket.write(acceptAnswer(head));
    const name = head.headers.get('ice-name') ?? head.headers.get('icy-name');
    const source = new LiveSource(
      this.deps.ffmpeg,
      socket,
      rest,
      {
        dj: verdict.dj,
        show: name ?? null,
        contentType: head.headers.get('content-type'),
        userAgent: head.headers.get('user-agent'),
      },
      this.deps.log,
    );
    this.deps.log.info(
      { dj: verdict.dj.username, agent: source.info.userAgent, type: source.info.contentType },
      'live source connected',
    );
    this.deps.accepted(source);
    source.start();
  }

  /** Not the playing node: the connection goes on to the one that is. */
  private async forward(socket: Socket, head: SourceHead, rest: Buffer): Promise<void> {
    const unavailable = () => {
      socket.end(sourceAnswer(503, 'The station is not on air right now; try again shortly.'));
    };
    // Forwarded once already: the playout it was meant for no longer plays. Never again.
    if (head.headers.has(FORWARDED_HEADER)) return unavailable();
    const leader = await this.deps.leader();
    if (!leader) return unavailable();
    forwardSource(socket, Buffer.concat([forwardedHead(head), rest]), leader, (err) =>
      this.deps.log.warn({ err: err.message, leader }, 'live source: the playout did not answer'),
    );
  }
}

import http from 'node:http';
import https from 'node:https';
import ipaddr from 'ipaddr.js';
import { addressRefusal, guardedLookup, type TargetPolicy } from './webhook-target.js';

/** A receiver's answer: its status, and how long it took to come (milliseconds). */
export interface PostAnswer {
  status: number;
  ms: number;
}

/** The answer's body is read this far and dropped: only its status counts. */
const ANSWER_READ_MAX = 64 * 1024;

/**
 * POSTs `body` to `target` and resolves with the answer's status, or rejects: refused by the
 * policy (checked on the very address connected to), unreachable, or no complete answer
 * within `timeoutMs`. Redirects are not followed (a 3xx is a status like any other).
 */
export function postWebhook(
  target: string,
  headers: Record<string, string>,
  body: string,
  policy: TargetPolicy,
  timeoutMs: number,
): Promise<PostAnswer> {
  const url = new URL(target);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  // A literal address is connected to without a lookup: it is checked here instead.
  const refusal = ipaddr.isValid(host) ? addressRefusal(host, url, policy) : null;
  if (refusal) return Promise.reject(new Error(refusal));
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const req = client.request(url, {
      method: 'POST',
      headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
      lookup: guardedLookup(url, policy),
      agent: false,
    });
    const deadline = setTimeout(
      () => req.destroy(new Error(`No answer within ${timeoutMs / 1000} s`)),
      timeoutMs,
    );
    deadline.unref();
    req.on('response', (res) => {
      let read = 0;
      res.on('data', (chunk: Buffer) => {
        read += chunk.length;
        if (read > ANSWER_READ_MAX) res.destroy();
      });
      const done = () => {
        clearTimeout(deadline);
        resolve({ status: res.statusCode ?? 0, ms: Math.round(performance.now() - started) });
      };
      res.on('end', done);
      res.on('close', done);
      res.on('error', () => undefined);
    });
    req.on('error', (err) => {
      clearTimeout(deadline);
      reject(err);
    });
    req.end(body);
  });
}

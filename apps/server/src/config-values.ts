import proxyAddr from '@fastify/proxy-addr';
import { z } from 'zod';

// The kinds of value the environment holds, each parsed with a message that says what is
// expected: the configuration's schema (config.ts) is written in these.

export const bool = z
  .enum(['0', '1', 'true', 'false', 'yes', 'no'])
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

/**
 * The proxies whose X-Forwarded-For is believed: addresses, CIDR ranges and proxy-addr's names
 * (loopback, linklocal, uniquelocal), comma-separated. `1`/`true` means loopback: a proxy on
 * the same machine. `0`/`false`/empty trusts none. Anything that does not parse is refused.
 */
export const trustedProxies = z
  .string()
  .default('')
  .transform((v, ctx) => {
    const value = v.trim().toLowerCase();
    if (['', '0', 'false', 'no'].includes(value)) return [];
    if (['1', 'true', 'yes'].includes(value)) return ['loopback'];
    const list = value
      .split(',')
      .map((a) => a.trim())
      .filter(Boolean);
    try {
      proxyAddr.compile(list);
    } catch {
      ctx.addIssue({
        code: 'custom',
        message: 'expected addresses or CIDR ranges of your proxies (e.g. 127.0.0.1,10.0.0.0/8)',
      });
      return z.NEVER;
    }
    return list;
  });

/**
 * What a process does: `api` (HTTP API, sockets, site, HLS from the shared folder), `playout`
 * (a candidate for playing the station: scheduler, decoders, encoder, MP3), comma-separated.
 */
const ROLE_NAMES = ['api', 'playout'] as const;
type Role = (typeof ROLE_NAMES)[number];
export const roles = z.string().transform((v, ctx) => {
  const list = v
    .split(',')
    .map((r) => r.trim().toLowerCase())
    .filter(Boolean);
  const unknown = list.filter((r) => !(ROLE_NAMES as readonly string[]).includes(r));
  if (list.length === 0 || unknown.length > 0) {
    ctx.addIssue({ code: 'custom', message: 'expected api, playout or api,playout' });
    return z.NEVER;
  }
  return [...new Set(list)] as Role[];
});

export const duration = z
  .string()
  .regex(/^\d+[smhd]?$/, 'expected seconds or a number with s, m, h or d (e.g. 7d)')
  .transform((v) => {
    const n = Number.parseInt(v, 10);
    const unit = v.at(-1);
    const factor = unit === 'm' ? 60 : unit === 'h' ? 3600 : unit === 'd' ? 86400 : 1;
    return n * factor;
  })
  .refine((s) => s > 0, 'must be greater than zero');

export const port = z.coerce
  .number({ error: 'must be a port number (0-65535)' })
  .int('must be a port number (0-65535)')
  .min(0, 'must be a port number (0-65535)')
  .max(65535, 'must be a port number (0-65535)');
export const positiveInt = z.coerce
  .number({ error: 'must be a whole number' })
  .int('must be a whole number')
  .min(0, 'must not be negative');

/** Bytes, or KiB / MiB with a k or m suffix (512k, 1m). */
export const byteSize = (min: number) =>
  z
    .string()
    .regex(/^\d+[kKmM]?$/, 'must be a number of bytes, or with k or m (e.g. 512k, 1m)')
    .transform((v) => {
      const unit = v.at(-1)!.toLowerCase();
      return Number.parseInt(v, 10) * (unit === 'k' ? 1024 : unit === 'm' ? 1024 * 1024 : 1);
    })
    .refine((n) => n >= min, `must be at least ${min / 1024}k`);

/** host:port, as DJs and other nodes reach a node (radio.example:8000, 10.0.0.5:8080). */
export const hostPort = z
  .string()
  .regex(/^[A-Za-z0-9.-]+:\d{1,5}$|^\[[0-9A-Fa-f:.]+\]:\d{1,5}$/, 'expected host:port')
  .refine((v) => Number(v.slice(v.lastIndexOf(':') + 1)) <= 65535, 'expected host:port')
  .transform((v) => {
    const colon = v.lastIndexOf(':');
    return { host: v.slice(0, colon).replace(/^\[|\]$/g, ''), port: Number(v.slice(colon + 1)) };
  });

import crypto from 'node:crypto';
import net from 'node:net';

/** Addresses a scraper inside the station's own network comes from. */
const PRIVATE = new net.BlockList();
PRIVATE.addSubnet('127.0.0.0', 8, 'ipv4');
PRIVATE.addSubnet('10.0.0.0', 8, 'ipv4');
PRIVATE.addSubnet('172.16.0.0', 12, 'ipv4');
PRIVATE.addSubnet('192.168.0.0', 16, 'ipv4');
PRIVATE.addAddress('::1', 'ipv6');
PRIVATE.addSubnet('fc00::', 7, 'ipv6');

export function isPrivateAddress(address: string): boolean {
  // An IPv4 client of a dual-stack socket shows as ::ffff:a.b.c.d.
  const v4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (v4 ?? net.isIPv4(address)) return PRIVATE.check(v4 ?? address, 'ipv4');
  return net.isIPv6(address) && PRIVATE.check(address, 'ipv6');
}

export type MetricsRefusal = { status: 401 | 403; message: string } | null;

/**
 * Who may read `/metrics`: with a token set, whoever sends it (`Authorization: Bearer …`),
 * from anywhere; without one, private addresses only.
 */
export function metricsRefusal(
  token: string | undefined,
  authorization: string | undefined,
  address: string,
): MetricsRefusal {
  if (token === undefined) {
    return isPrivateAddress(address)
      ? null
      : {
          status: 403,
          message: 'Metrics are answered to private addresses only (or with METRICS_TOKEN).',
        };
  }
  const given = /^Bearer (.+)$/.exec(authorization ?? '')?.[1] ?? '';
  const [a, b] = [hash(given), hash(token)];
  return crypto.timingSafeEqual(a, b)
    ? null
    : { status: 401, message: 'A valid metrics token is required.' };
}

const hash = (text: string) => crypto.createHash('sha256').update(text).digest();

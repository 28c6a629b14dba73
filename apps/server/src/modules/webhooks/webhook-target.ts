import dns from 'node:dns';
import type { LookupFunction } from 'node:net';
import os from 'node:os';
import ipaddr from 'ipaddr.js';

/** Where a webhook may point. */
export interface TargetPolicy {
  /** Loopback, private and link-local addresses allowed (WEBHOOK_ALLOW_PRIVATE). */
  allowPrivate: boolean;
  /** The station's own port: this machine's addresses on it are the station itself. */
  ownPort: number;
}

export type Resolve = (host: string) => Promise<{ address: string; family: number }[]>;

const resolveAll: Resolve = (host) => dns.promises.lookup(host, { all: true, verbatim: true });

/** An address's kind in ipaddr.js's terms, IPv4-mapped IPv6 read as the IPv4 it carries. */
function rangeOf(address: string): string {
  const parsed = ipaddr.process(address);
  return parsed.range();
}

/** Reached across the open internet: not loopback, private, link-local, multicast, reserved. */
export function isPublicAddress(address: string): boolean {
  return ipaddr.isValid(address) && rangeOf(address) === 'unicast';
}

/** This machine's own addresses, loopback included. */
function ownAddresses(): Set<string> {
  const own = new Set(['127.0.0.1', '::1', '0.0.0.0', '::']);
  for (const list of Object.values(os.networkInterfaces())) {
    for (const net of list ?? []) own.add(ipaddr.process(net.address).toString());
  }
  return own;
}

function portOf(url: URL): number {
  return Number(url.port || (url.protocol === 'https:' ? 443 : 80));
}

/** Why a webhook URL cannot be used as written, or null: http(s), no credentials, a host. */
export function urlRefusal(text: string): string | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'The URL is not valid: write it in full, such as https://example.com/hook';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return 'The URL must start with http:// or https://';
  }
  if (url.username || url.password) {
    return 'The URL may not hold a user name or password: the body is signed instead';
  }
  if (!url.hostname) return 'The URL has no host';
  return null;
}

/** Why `address` (resolved from the URL's host) may not be called, or null. */
export function addressRefusal(address: string, url: URL, policy: TargetPolicy): string | null {
  const plain = ipaddr.isValid(address) ? ipaddr.process(address).toString() : address;
  if (ownAddresses().has(plain) && portOf(url) === policy.ownPort) {
    return 'The URL points at this station itself';
  }
  if (policy.allowPrivate || isPublicAddress(plain)) return null;
  return `The URL's host resolves to ${plain}, an address inside the network (loopback, private or link-local); such targets are allowed only with WEBHOOK_ALLOW_PRIVATE`;
}

/**
 * Why a webhook URL is refused, or null: its form, then every address its host resolves to
 * (one refused address refuses it, as any of them may be the one connected to).
 */
export async function targetRefusal(
  text: string,
  policy: TargetPolicy,
  resolve: Resolve = resolveAll,
): Promise<string | null> {
  const form = urlRefusal(text);
  if (form) return form;
  const url = new URL(text);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: { address: string }[];
  try {
    addresses = ipaddr.isValid(host) ? [{ address: host }] : await resolve(host);
  } catch {
    return `The host ${host} could not be found`;
  }
  for (const { address } of addresses) {
    const refusal = addressRefusal(address, url, policy);
    if (refusal) return refusal;
  }
  return addresses.length ? null : `The host ${host} could not be found`;
}

/**
 * A `lookup` for http.request that resolves the host and refuses an address the policy does
 * not allow: the socket then connects to the very address checked, so a name that resolves
 * elsewhere between the check and the call (DNS rebinding) is caught.
 */
export function guardedLookup(url: URL, policy: TargetPolicy): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true, verbatim: true }, (err, addresses) => {
      if (err) return callback(err, '', 0);
      const list = addresses;
      for (const { address } of list) {
        const refusal = addressRefusal(address, url, policy);
        if (refusal) return callback(new Error(refusal), '', 0);
      }
      const first = list[0];
      if (!first) return callback(new Error(`The host ${hostname} could not be found`), '', 0);
      if (options.all) return (callback as unknown as AllCallback)(null, list);
      callback(null, first.address, first.family);
    });
  };
}

type AllCallback = (err: Error | null, addresses: dns.LookupAddress[]) => void;

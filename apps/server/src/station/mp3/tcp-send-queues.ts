import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';

/**
 * How many bytes the kernel still holds for each TCP connection of this machine: written by
 * the process but not yet taken by the peer. A listener that stops reading fills its socket's
 * kernel buffer (megabytes once Linux has grown it) long before Node's own buffer grows, so a
 * stream's lag is Node's writable length plus this. Read from /proc/net/tcp and tcp6 (Linux);
 * elsewhere nothing is known and the map is empty.
 */
export type SendQueues = ReadonlyMap<string, number>;

/** The connections of each address family: IPv4 sockets, and IPv6 ones (IPv4-mapped included). */
const PROC_FILES = { v4: '/proc/net/tcp', v6: '/proc/net/tcp6' };

/** Which families' tables to read: each read walks the kernel's whole connection table. */
export interface Families {
  v4: boolean;
  v6: boolean;
}

const ESTABLISHED = '01';

/** The key of a connection: the peer's address and port, and the local port. */
export function connectionKey(
  remoteAddress: string,
  remotePort: number,
  localPort: number,
): string {
  return `${addressHex(remoteAddress)}:${remotePort}>${localPort}`;
}

/**
 * Every established connection of the given families with unsent or unacknowledged bytes, by
 * `connectionKey`; a connection with nothing queued is left out (a missing key means 0).
 */
export function readSendQueues(families: Families = { v4: true, v6: true }): SendQueues {
  const queues = new Map<string, number>();
  for (const family of ['v4', 'v6'] as const) {
    if (!families[family]) continue;
    const file = PROC_FILES[family];
    let text: string;
    try {
      text = fs.readFileSync(file, 'latin1');
    } catch {
      continue;
    }
    parseProcNetTcp(text, queues);
  }
  return queues;
}

/** Remote addresses as /proc spells them, in canonical hex: a server has few distinct peers. */
const canonicalCache = new Map<string, string>();
const CANONICAL_CACHE_MAX = 4096;

function canonicalCached(procHex: string): string {
  let hex = canonicalCache.get(procHex);
  if (hex === undefined) {
    if (canonicalCache.size >= CANONICAL_CACHE_MAX) canonicalCache.clear();
    hex = canonicalHex(procHex);
    canonicalCache.set(procHex, hex);
  }
  return hex;
}

/**
 * Adds the established connections with bytes queued of one /proc/net/tcp{,6} text to `into`.
 * A line is `sl: local:port remote:port st tx_queue:rx_queue ...`, the fields separated by one
 * space; with thousands of listeners the file has tens of thousands of lines, read every
 * second, so each line is walked with indexOf and only a line with bytes queued makes a key.
 */
export function parseProcNetTcp(text: string, into: Map<string, number>): void {
  let pos = text.indexOf('\n') + 1;
  while (pos > 0 && pos < text.length) {
    let end = text.indexOf('\n', pos);
    if (end === -1) end = text.length;
    const line = pos;
    pos = end + 1;
    const local = text.indexOf(': ', line) + 2;
    const localPort = text.indexOf(':', local) + 1;
    const remote = text.indexOf(' ', localPort) + 1;
    const remotePort = text.indexOf(':', remote) + 1;
    const state = text.indexOf(' ', remotePort) + 1;
    // tx_queue: 8 hex digits after the two of the state and a space
    const tx = state + 3;
    if (local < 2 || localPort < 1 || remote < 1 || remotePort < 1 || state < 1) continue;
    if (tx + 8 > end || text[state] !== ESTABLISHED[0] || text[state + 1] !== ESTABLISHED[1]) {
      continue;
    }
    const queued = parseInt(text.slice(tx, tx + 8), 16);
    if (!(queued > 0)) continue;
    const key =
      `${canonicalCached(text.slice(remote, remotePort - 1))}:` +
      `${parseInt(text.slice(remotePort, state - 1), 16)}>` +
      `${parseInt(text.slice(localPort, remote - 1), 16)}`;
    into.set(key, queued);
  }
}

/**
 * /proc prints an address as 32-bit words in the machine's byte order; this turns them into
 * the address's bytes in network order, as hex, with an IPv4 address written as IPv4-mapped
 * IPv6 so that both files and both spellings in Node meet.
 */
function canonicalHex(procHex: string): string {
  const little = os.endianness() === 'LE';
  let bytes = '';
  for (let i = 0; i < procHex.length; i += 8) {
    const word = procHex.slice(i, i + 8);
    bytes += little ? (word.match(/../g) ?? []).reverse().join('') : word;
  }
  return bytes.length === 8
    ? `00000000000000000000ffff${bytes}`.toLowerCase()
    : bytes.toLowerCase();
}

/** An address as Node reports it ('127.0.0.1', '::1', '::ffff:10.0.0.1') in canonical hex. */
export function addressHex(address: string): string {
  const bare = address.split('%')[0]!;
  if (net.isIPv4(bare)) return `00000000000000000000ffff${ipv4Hex(bare)}`;
  if (!net.isIPv6(bare)) return bare;
  let groups = bare;
  const lastColon = groups.lastIndexOf(':');
  const tail = groups.slice(lastColon + 1);
  if (net.isIPv4(tail)) {
    const hex = ipv4Hex(tail);
    groups = `${groups.slice(0, lastColon + 1)}${hex.slice(0, 4)}:${hex.slice(4)}`;
  }
  const [head, rest] = groups.split('::') as [string, string | undefined];
  const left = head ? head.split(':') : [];
  const right = rest ? rest.split(':') : [];
  const missing = rest === undefined ? 0 : 8 - left.length - right.length;
  const all = [...left, ...Array<string>(missing).fill('0'), ...right];
  return all
    .map((g) => g.padStart(4, '0'))
    .join('')
    .toLowerCase();
}

const ipv4Hex = (address: string) =>
  address
    .split('.')
    .map((n) => Number(n).toString(16).padStart(2, '0'))
    .join('');

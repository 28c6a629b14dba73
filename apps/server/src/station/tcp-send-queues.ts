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

const PROC_FILES = ['/proc/net/tcp', '/proc/net/tcp6'];
const ESTABLISHED = '01';

/** The key of a connection: the peer's address and port, and the local port. */
export function connectionKey(
  remoteAddress: string,
  remotePort: number,
  localPort: number,
): string {
  return `${addressHex(remoteAddress)}:${remotePort}>${localPort}`;
}

/** Every established connection's unsent and unacknowledged bytes, by `connectionKey`. */
export function readSendQueues(): SendQueues {
  const queues = new Map<string, number>();
  for (const file of PROC_FILES) {
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

/** Adds the established connections of one /proc/net/tcp{,6} text to `into`. */
export function parseProcNetTcp(text: string, into: Map<string, number>): void {
  for (const line of text.split('\n').slice(1)) {
    const f = line.trim().split(/\s+/);
    if (f.length < 5 || f[3] !== ESTABLISHED) continue;
    const [localHex, localPortHex] = f[1]!.split(':');
    const [remoteHex, remotePortHex] = f[2]!.split(':');
    if (!localHex || !localPortHex || !remoteHex || !remotePortHex) continue;
    const tx = parseInt(f[4]!.split(':')[0]!, 16);
    const key = `${canonicalHex(remoteHex)}:${parseInt(remotePortHex, 16)}>${parseInt(localPortHex, 16)}`;
    into.set(key, tx);
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

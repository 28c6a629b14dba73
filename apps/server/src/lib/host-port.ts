/** A host and port as one string, an IPv6 host in brackets: `radio.local:8080`, `[::1]:8080`. */
export function hostPortText(address: { host: string; port: number }): string {
  const host = address.host.includes(':') ? `[${address.host}]` : address.host;
  return `${host}:${address.port}`;
}

/** The host and port of `host:port` (brackets around an IPv6 host); null when not one. */
export function parseHostPort(text: string): { host: string; port: number } | null {
  const colon = text.lastIndexOf(':');
  if (colon <= 0) return null;
  const port = Number(text.slice(colon + 1));
  if (!Number.isInteger(port) || port <= 0 || port > 65535) return null;
  return { host: text.slice(0, colon).replace(/^\[|\]$/g, ''), port };
}

import type { TokenPayload } from '@queuecast/contract';

const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/**
 * Reads a token's payload without verifying it (the server verifies); null if undecodable.
 * Checked by hand rather than with the contract's zod schema to keep zod out of the first load.
 */
export function decodeToken(token: string): TokenPayload | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const json = atob(part.replace(/-/g, '+').replace(/_/g, '/'));
    const bytes = Uint8Array.from(json, (c) => c.charCodeAt(0));
    const p = JSON.parse(new TextDecoder().decode(bytes)) as Partial<TokenPayload> | null;
    if (!p || !isNumber(p.id) || typeof p.username !== 'string' || !isNumber(p.exp)) return null;
    if (typeof p.role !== 'string' || !isNumber(p.tv)) return null;
    return p as TokenPayload;
  } catch {
    return null;
  }
}

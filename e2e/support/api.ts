import crypto from 'node:crypto';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { SignJWT } from 'jose';
import { E2E_SECRET } from '../playwright.config';

export const uniqueName = (prefix = 'u') => `${prefix}_${crypto.randomBytes(3).toString('hex')}`;

export interface ApiUser {
  id: number;
  username: string;
  password: string;
  token: string;
}

/** Signs a user up through the real API (not the UI) to set the scene quickly. */
export async function apiSignup(
  request: APIRequestContext,
  fields: { username?: string; password?: string; referralCode?: string } = {},
): Promise<ApiUser> {
  const username = fields.username ?? uniqueName();
  const password = fields.password ?? 'pass1234';
  const res = await request.post('/api/auth/signup', {
    data: { username, password, referralCode: fields.referralCode },
  });
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { token: string; user: { id: number } };
  return { id: body.user.id, username, password, token: body.token };
}

export async function apiLogin(request: APIRequestContext, username: string, password: string) {
  const res = await request.post('/api/auth/login', { data: { username, password } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

/** Puts a token where the client keeps it, as a login would, and loads `path`. */
export async function openAs(page: Page, token: string, path = '/'): Promise<void> {
  await page.goto('/login');
  await page.evaluate((t) => localStorage.setItem('authToken', t), token);
  await page.goto(path);
}

/** A correctly signed token with a chosen expiry, for the session-expiry rules. */
export function signToken(user: { id: number; username: string }, expiresInSeconds: number) {
  return new SignJWT({ id: user.id, username: user.username, role: 'user', tv: 0 })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + expiresInSeconds)
    .sign(new TextEncoder().encode(E2E_SECRET));
}

/** The id of a seeded song, found by its exact title through the search API. */
export async function songId(request: APIRequestContext, title: string): Promise<number> {
  const res = await request.get(`/api/search?q=${encodeURIComponent(title)}`);
  const { songs } = (await res.json()) as { songs: { song: { id: number; title: string } }[] };
  const hit = songs.find((s) => s.song.title === title);
  if (!hit) throw new Error(`seeded song not found: ${title}`);
  return hit.song.id;
}

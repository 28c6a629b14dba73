import { expect, type APIRequestContext } from '@playwright/test';

// The show schedule's scene setting and tidying through the API, and local times as the
// schedule form's date and time inputs take them.

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Grants the DJ permission as an admin, so a live show may name the user. */
export async function grantDj(request: APIRequestContext, adminToken: string, userId: number) {
  const res = await request.put(`/api/admin/users/${userId}/dj`, {
    headers: bearer(adminToken),
    data: { dj: true },
  });
  expect(res.status()).toBe(200);
}

/** Deletes every planned show with one of these titles (a spec's own shows, after it). */
export async function deleteShowsTitled(
  request: APIRequestContext,
  staffToken: string,
  titles: readonly string[],
) {
  const res = await request.get('/api/schedule');
  if (!res.ok()) return;
  const { shows } = (await res.json()) as { shows: { id: number; title: string }[] };
  for (const show of shows.filter((s) => titles.includes(s.title))) {
    await request.delete(`/api/schedule/${show.id}`, { headers: bearer(staffToken) });
  }
}

/** Epoch seconds as a date input's `YYYY-MM-DD` and a time input's `HH:MM` in `timeZone`. */
export function localInputs(epochSeconds: number, timeZone: string) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(epochSeconds * 1000))
      .map((p) => [p.type, p.value]),
  ) as Record<string, string>;
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    time: `${parts.hour}:${parts.minute}`,
  };
}

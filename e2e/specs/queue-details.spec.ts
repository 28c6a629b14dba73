import { expect, test, type Page } from '@playwright/test';
import { apiSignup, openAs } from '../support/api';
import { apiRequestSong, freeTones, toneArtistId } from '../support/tones';

// What a listener can read off the queue: each waiting request's place and expected start, who
// asked for it, their own requests marked, and what they may still request. The tones are
// those of e2e/support/seed-catalog.ts (see requests.spec.ts).

const rows = (page: Page) =>
  page.getByRole('region', { name: 'Queue and history', exact: true }).locator('tbody tr');
const secondsOf = (text: string) => {
  const [m, s] = text.split(':').map(Number);
  return m! * 60 + s!;
};

test('the queue numbers waiting requests, says when each should start, and marks the listener’s own', async ({
  page,
  request,
}) => {
  const [me, other] = [await apiSignup(request), await apiSignup(request)];
  const [mine, theirs] = await freeTones(request, 2);
  await apiRequestSong(request, other, theirs!);
  await openAs(page, me.token, '/');
  await expect(page.getByText('You can request 2 more songs (of 2).')).toBeVisible();

  await apiRequestSong(request, me, mine!);
  // The live update brings the request in; what is left to request follows it, cooldown first.
  await expect(
    page.getByText(/^You can request 1 more song \(of 2\); the next in [12] s\.$/),
  ).toBeVisible();
  await expect(page.getByText('You can request 1 more song (of 2).')).toBeVisible();

  const own = rows(page).filter({ hasText: mine!.title });
  await expect(own).toContainText(`${me.username} (you)`);
  await expect(own).toHaveClass(/own-row/);
  const others = rows(page).filter({ hasText: theirs!.title });
  await expect(others).toContainText(other.username);
  await expect(others).not.toContainText('(you)');
  await expect(others).not.toHaveClass(/own-row/);

  // Upcoming rows stand furthest first: read bottom-up they are positions 1, 2, 3… and each
  // is expected when the one before it ends; the first when the song on air ends.
  const table = await rows(page).evaluateAll((trs) =>
    trs.map((tr) => ({
      now: tr.classList.contains('now-row'),
      position: Number(tr.querySelector('.queue-pos')?.textContent?.slice(1) ?? NaN),
      eta: Date.parse(tr.querySelector('time.eta')?.getAttribute('datetime') ?? '') / 1000,
      length: tr.querySelector('td[data-col="length"]')?.textContent ?? '',
      title: tr.querySelector('td:nth-child(2) a')?.textContent ?? '',
    })),
  );
  const upcoming = table.filter((r) => !Number.isNaN(r.position)).reverse();
  expect(upcoming.map((r) => r.position)).toEqual(upcoming.map((_, i) => i + 1));
  for (let i = 1; i < upcoming.length; i++) {
    const gap = upcoming[i]!.eta - upcoming[i - 1]!.eta;
    expect(Math.abs(gap - secondsOf(upcoming[i - 1]!.length))).toBeLessThanOrEqual(1);
  }
  const mineAt = upcoming.findIndex((r) => r.title === mine!.title);
  const theirsAt = upcoming.findIndex((r) => r.title === theirs!.title);
  expect(mineAt).toBe(theirsAt + 1);
  expect(upcoming[mineAt]!.eta).toBeGreaterThan(Date.now() / 1000 - 5);
  await expect(own.locator('time.eta')).toHaveText(/\d{1,2}[:.]\d{2}/);
});

test('Locked says when the song can be requested again; its page says so too', async ({
  page,
  request,
}) => {
  const [tone] = await freeTones(request, 1);
  await apiRequestSong(request, await apiSignup(request), tone!);
  const res = await request.get(`/api/song/${tone!.id}`);
  const { song } = (await res.json()) as { song: { requestable_at: number | null } };
  expect(song.requestable_at).not.toBeNull();
  const away = song.requestable_at! - Date.now() / 1000;

  /** "Requestable again in 3 h 12 min" within a minute of what the server answered. */
  const expectWait = (text: string | null) => {
    const m = /Requestable again in (?:(\d+) h)? ?(?:(\d+) min)?(?:(\d+) s)?/.exec(text ?? '');
    expect(m, text ?? '').not.toBeNull();
    const shown = Number(m![1] ?? 0) * 3600 + Number(m![2] ?? 0) * 60 + Number(m![3] ?? 0);
    expect(Math.abs(shown - away)).toBeLessThanOrEqual(90);
  };

  const user = await apiSignup(request);
  await openAs(page, user.token, `/artist/${await toneArtistId(request)}`);
  const locked = page.getByRole('button', { name: `Locked: ${tone!.title}`, exact: true });
  await expect(locked).toBeDisabled();
  expectWait(await locked.getAttribute('title'));

  await page.goto(`/song/${tone!.id}`);
  const line = page.getByText(/^Requestable again in /);
  await expect(line).toBeVisible();
  expectWait(await line.textContent());
});

import fs from 'node:fs';
import path from 'node:path';
import type { BackupsOverview } from '@queuecast/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.js';
import { manifestsIn } from '../src/modules/backups/manifest.js';
import { tempDir } from './helpers/audio.js';
import { bearer, quickUser } from './helpers/factories.js';
import { waitFor } from './helpers/playout-probes.js';
import { createTestApp } from './helpers/test-app.js';

/*
 * Scheduled backups: BACKUP_SCHEDULE (a cron expression, here every second) makes them into
 * BACKUP_DIR, the BACKUP_KEEP newest are kept (with only the objects they list), and every run
 * is on the staff dashboard's list with its outcome, a failed one with its reason.
 */

let app: App;
let dir: string;

beforeAll(async () => {
  dir = tempDir('queuecast-scheduled-');
  app = await createTestApp({
    env: { BACKUP_SCHEDULE: '* * * * * *', BACKUP_KEEP: '2', BACKUP_DIR: dir },
  });
});

afterAll(async () => {
  await app.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const overview = async (token: string) => {
  const res = await app.inject({ url: '/api/staff/backups', headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<BackupsOverview>();
};

describe('scheduled backups', () => {
  it('run on the schedule, keep the newest, and show on the staff dashboard', async () => {
    const staff = await quickUser(app, 'helper');
    expect(await overview(staff.token)).toMatchObject({
      schedule: '* * * * * *',
      keep: 2,
      next_at: null,
      runs: [],
    });
    app.ctx.backups.start();
    const found = await overview(staff.token);
    expect(found.next_at).toBeGreaterThanOrEqual(Math.floor(Date.now() / 1000));

    await waitFor(
      'four scheduled backups',
      async () => (await overview(staff.token)).runs.filter((r) => r.ok).length >= 4,
      20_000,
    );
    await app.ctx.backups.stop();
    const { runs } = await overview(staff.token);
    expect(runs[0]).toMatchObject({ trigger: 'schedule', ok: true, error: null });
    expect(runs[0]!.name).toMatch(/^queuecast-.*\.qcbackup$/);
    expect(runs[0]!.bytes).toBeGreaterThan(0);
    // Two kept: their manifests, and only the objects those list.
    const kept = await manifestsIn(dir);
    expect(kept).toHaveLength(2);
    const listed = new Set(
      kept.flatMap(({ manifest }) => [
        manifest.database.sha256,
        ...manifest.files.map((f) => f.sha256),
      ]),
    );
    const stored = fs
      .readdirSync(path.join(dir, 'objects'))
      .filter((p) => /^[0-9a-f]{2}$/.test(p))
      .flatMap((p) => fs.readdirSync(path.join(dir, 'objects', p)));
    expect(new Set(stored)).toEqual(listed);
  }, 40_000);

  it('a run that fails is listed with its reason', async () => {
    const staff = await quickUser(app, 'helper');
    // A file where the backup folder should be: the backup cannot be written.
    const blocked = path.join(dir, 'not-a-folder');
    fs.writeFileSync(blocked, '');
    await expect(
      app.ctx.backups.run('command', path.join(blocked, 'x.qcbackup')),
    ).rejects.toThrow();
    const [failed] = (await overview(staff.token)).runs;
    expect(failed).toMatchObject({ trigger: 'command', ok: false, name: 'x.qcbackup', files: 0 });
    expect(failed!.error).toMatch(/ENOTDIR|EEXIST/);
  });

  it('is for staff only', async () => {
    const listener = await quickUser(app);
    const res = await app.inject({ url: '/api/staff/backups', headers: bearer(listener.token) });
    expect(res.statusCode).toBe(403);
    expect((await app.inject({ url: '/api/staff/backups' })).statusCode).toBe(401);
  });
});

/**
 * The two stations the live-switch bench puts a DJ on: Queuecast (the server process, SQLite,
 * a library of tone songs, the AutoDJ playing them) and Liquidsoap 2.1 (a fallback from its
 * harbor input to a playlist of the same songs, out through its own HTTP output).
 */
import { spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PlaybackUpdate } from '@queuecast/contract';
import WebSocket from 'ws';
import {
  freePort,
  removeScratch,
  scratchDir,
  sleep,
  spawnManaged,
  stopManaged,
} from '../support/processes.js';
import { SERVER_MAIN } from '../support/station.js';

const REPO = fileURLToPath(new URL('../../', import.meta.url));

/**
 * The server's code as committed at HEAD, in a scratch folder: apps/server and packages from
 * `git archive`, the checkout's node_modules linked (the workspace's own packages pointed at
 * the copies; memory-trim's native build from the checkout). Work in progress in the checkout
 * is not measured. Answers the folder of apps/server and the commit.
 */
function headSnapshot(): { serverDir: string; commit: string } {
  const dir = scratchDir('queuecast-live-switch-head-');
  const commit = spawnSync('git', ['-C', REPO, 'rev-parse', '--short', 'HEAD'], {
    encoding: 'utf8',
  }).stdout.trim();
  const archive = spawnSync(
    'bash',
    [
      '-c',
      'git -C "$1" archive HEAD apps/server packages package.json tsconfig.base.json | tar -x -C "$2"',
      'bash',
      REPO,
      dir,
    ],
    { encoding: 'utf8' },
  );
  if (archive.status !== 0) throw new Error(`git archive failed: ${archive.stderr}`);
  const modules = path.join(dir, 'node_modules');
  fs.mkdirSync(modules);
  for (const entry of fs.readdirSync(path.join(REPO, 'node_modules'))) {
    if (entry === '@queuecast') continue;
    fs.symlinkSync(path.join(REPO, 'node_modules', entry), path.join(modules, entry));
  }
  fs.mkdirSync(path.join(modules, '@queuecast'));
  fs.symlinkSync(path.join(dir, 'packages/contract'), path.join(modules, '@queuecast/contract'));
  fs.symlinkSync(
    path.join(REPO, 'packages/memory-trim'),
    path.join(modules, '@queuecast/memory-trim'),
  );
  fs.symlinkSync(path.join(dir, 'apps/server'), path.join(modules, '@queuecast/server'));
  return { serverDir: path.join(dir, 'apps/server'), commit };
}

/** performance.now() of an epoch time in seconds. */
const perfOf = (epochS: number) => epochS * 1000 - (Date.now() - performance.now());

export interface Side {
  name: string;
  /** The MP3 output a listener hears. */
  listenUrl: string;
  /** Where source clients connect (Queuecast: its site's port; Liquidsoap: its harbor input). */
  sourcePort: number;
  /** The source client's login. */
  user: string;
  key: string;
  /** ffmpeg with SOURCE instead of PUT. */
  legacy: boolean;
  /** Seconds the station holds a show after its source dropped. */
  graceS: number;
  /** The switch's fade: its length (s) and the incoming gain's shape. */
  fade: { seconds: number; shape: 'equal-power' | 'linear' };
  /** The conditions, for the printout. */
  conditions: string;
  /** The next track change of the queue on air (performance.now() ms), null while live. */
  nextChange(): Promise<number | null>;
  /** When the DJ's feed took the air on the station's own clock (performance.now() ms). */
  onAirAt(): number | null;
  /**
   * The station's own steps of the latest switch-in, when it logs them (performance.now() ms):
   * its decoder started, the DJ's first decoded audio, the show put on air.
   */
  serverSteps(): { decoding: number; firstDecoded: number; onAir: number } | null;
  stop(): Promise<void>;
}

/** Tone songs: 440 Hz, `seconds` long, MP3 192 kb/s 44.1 kHz stereo, one artist each. */
export function makeTones(ffmpeg: string, dir: string, count: number, seconds: number): string[] {
  const files: string[] = [];
  for (let i = 1; i <= count; i++) {
    const file = path.join(dir, `tone-${i}.mp3`);
    const made = spawnSync(
      ffmpeg,
      [
        ...['-hide_banner', '-nostdin', '-v', 'error', '-y'],
        ...['-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=44100:duration=${seconds}`],
        ...['-ac', '2', '-c:a', 'libmp3lame', '-b:a', '192k'],
        ...['-metadata', `title=Tone ${i}`, '-metadata', `artist=Bench Artist ${i}`],
        file,
      ],
      { encoding: 'utf8' },
    );
    if (made.status !== 0) throw new Error(`could not make ${file}: ${made.stderr}`);
    files.push(file);
  }
  return files;
}

async function json<T>(url: string, init?: RequestInit): Promise<T> {
  const res = await fetch(url, init);
  const text = await res.text();
  if (!res.ok) throw new Error(`${init?.method ?? 'GET'} ${url}: ${res.status} ${text}`);
  return JSON.parse(text) as T;
}

export async function startQueuecast(opts: {
  musicDir: string;
  graceS: number;
  crossfadeS: number;
  /**
   * 'head': src/main.ts through tsx as committed at HEAD; 'tree': the checkout's src as it is
   * now; 'dist': the checkout's built server.
   */
  server: 'head' | 'tree' | 'dist';
}): Promise<Side> {
  const dataDir = scratchDir('queuecast-live-switch-');
  const port = await freePort();
  const admin = { username: 'bench_admin', password: 'bench-admin-password' };
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: '',
    DEMO_LIBRARY: '0',
    STATION: '1',
    // The show's start is read from the server's 'live show on air' line.
    LOG_LEVEL: 'info',
    ADMIN_USERNAME: admin.username,
    ADMIN_PASSWORD: admin.password,
    // Six songs replayed over and over: no lock window, no artist spacing.
    SONG_LOCK_HOURS: '0',
    AUTODJ_ARTIST_SPACING: '0',
    LIVE_GRACE_S: String(opts.graceS),
    LIVE_CROSSFADE_S: String(opts.crossfadeS),
  };
  const head = opts.server === 'head' ? headSnapshot() : null;
  const SERVER_DIR = head?.serverDir ?? path.join(REPO, 'apps/server');
  const node = (entry: string) =>
    opts.server === 'dist'
      ? [entry === 'cli' ? path.join(SERVER_DIR, 'dist/cli.js') : SERVER_MAIN]
      : [
          '--conditions=source',
          '--import',
          'tsx',
          path.join(SERVER_DIR, entry === 'cli' ? 'src/cli/main.ts' : 'src/main.ts'),
        ];
  // The library: the tone songs imported as an admin's `npm run import` would.
  const imported = spawnSync(process.execPath, [...node('cli'), 'import', opts.musicDir], {
    cwd: SERVER_DIR,
    env: { ...env, LOG_LEVEL: 'error' },
    encoding: 'utf8',
  });
  if (imported.status !== 0 || !/added:\s+[1-9]/.test(imported.stdout)) {
    throw new Error(`import failed: ${imported.stdout}${imported.stderr}`);
  }
  const child: ChildProcess = spawnManaged(process.execPath, node('main'), {
    cwd: SERVER_DIR,
    env,
    stdio: ['ignore', 'pipe', 2],
  });
  // The server's log lines of a switch (pino: `time` in epoch ms).
  let decoding: number | null = null;
  let steps: { decoding: number; firstDecoded: number; onAir: number } | null = null;
  let rest = '';
  child.stdout!.on('data', (d: Buffer) => {
    const lines = (rest + d.toString()).split('\n');
    rest = lines.pop()!;
    for (const line of lines) {
      if (!line.includes('"live s')) continue;
      try {
        const entry = JSON.parse(line) as { msg: string; time: number; switch_ms?: number };
        const at = perfOf(entry.time / 1000);
        if (entry.msg === 'live source decoding') decoding = at;
        if (entry.msg === 'live show on air' && decoding !== null) {
          steps = { decoding, firstDecoded: at - (entry.switch_ms ?? 0), onAir: at };
        }
      } catch {
        // not a JSON line
      }
    }
  });
  const base = `http://127.0.0.1:${port}`;
  let ws: WebSocket | null = null;
  const stop = async () => {
    ws?.terminate();
    await stopManaged(child);
    removeScratch(dataDir);
  };
  try {
    const deadline = Date.now() + 90_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode})`);
      const ok = await fetch(`${base}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      if (Date.now() > deadline) throw new Error('no /healthz within 90 s');
      await sleep(200);
    }
    // The DJ: a listener signs up, the admin grants the permission, the DJ reads the key.
    const login = await json<{ token: string }>(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(admin),
    });
    const dj = { username: 'bench_dj', password: 'bench-dj-password' };
    const signup = await json<{ token: string; user: { id: number } }>(`${base}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(dj),
    });
    // On air at any time (where shows are scheduled, an admin's choice); a server without
    // schedules refuses the field, and is asked again without it.
    const grant = (body: object) =>
      fetch(`${base}/api/admin/users/${signup.user.id}/dj`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${login.token}` },
        body: JSON.stringify(body),
      });
    let granted = await grant({ dj: true, anytime: true });
    if (granted.status === 400) granted = await grant({ dj: true });
    if (!granted.ok) throw new Error(`DJ not granted: ${granted.status} ${await granted.text()}`);
    const { key } = await json<{ key: string }>(`${base}/api/user/stream-key`, {
      headers: { authorization: `Bearer ${signup.token}` },
    });

    let update: PlaybackUpdate | null = null;
    const socket = new WebSocket(`ws://127.0.0.1:${port}/ws`);
    ws = socket;
    socket.on('message', (data: Buffer) => {
      const message = JSON.parse(data.toString('utf8')) as { type: string };
      if (message.type === 'playback_update') update = message as PlaybackUpdate;
    });
    const current = () => update;
    while (!current()?.now_playing) {
      if (Date.now() > deadline) throw new Error('no track on air within 90 s');
      await sleep(200);
    }
    return {
      name: 'Queuecast',
      listenUrl: `${base}/stream/live.mp3`,
      sourcePort: port,
      user: dj.username,
      key,
      legacy: false,
      graceS: opts.graceS,
      fade: { seconds: opts.crossfadeS, shape: 'equal-power' },
      conditions:
        `server ${
          opts.server === 'dist'
            ? 'apps/server/dist'
            : head
              ? `src at ${head.commit} through tsx`
              : "the checkout's src through tsx"
        }, SQLite, ` +
        `AutoDJ over the tone songs, LIVE_CROSSFADE_S=${opts.crossfadeS} (equal-power), ` +
        `LIVE_GRACE_S=${opts.graceS}, /stream/live.mp3 (MP3 128k CBR)`,
      async nextChange() {
        const u = current();
        if (!u?.now_playing || u.live) return null;
        return perfOf(u.now_playing.start_time + u.now_playing.length);
      },
      onAirAt() {
        const started = current()?.live?.started_at;
        return started === undefined ? null : perfOf(started);
      },
      serverSteps: () => steps,
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}

const liq = (s: string) => JSON.stringify(s);

export async function startLiquidsoap(opts: {
  liquidsoap: string;
  files: string[];
  crossfadeS: number;
  /** input.harbor's pre-buffer (s); Liquidsoap's default is 12. */
  bufferS: number;
}): Promise<Side & { version: string }> {
  const dir = scratchDir('queuecast-live-switch-liq-');
  const inPort = await freePort();
  const outPort = await freePort();
  // The /remaining handler on a harbor port of its own (on output.harbor's, the bind fails).
  const askPort = await freePort();
  const key = 'bench-stream-key';
  const playlist = path.join(dir, 'playlist.m3u');
  fs.writeFileSync(playlist, `${opts.files.join('\n')}\n`);
  const fade = opts.crossfadeS.toFixed(2);
  const script = `settings.init.allow_root.set(true)
settings.log.stdout.set(true)
settings.log.file.set(false)
settings.log.level.set(3)
live = input.harbor("live", port=${inPort}, user="dj", password=${liq(key)}, buffer=${opts.bufferS.toFixed(2)})
queue = playlist(mode="normal", reload_mode="never", ${liq(playlist)})
# A linear crossfade of ${fade} s both ways, as the station's own LIVE_CROSSFADE_S.
def crossfade(a, b) =
  add(normalize=false, [fade.in(duration=${fade}, b), fade.out(duration=${fade}, a)])
end
s = fallback(track_sensitive=false, transition_length=${fade}, transitions=[crossfade, crossfade], [live, queue])
s = mksafe(s)
# The queue's current track: seconds left (the bench times its connects from it).
def remaining(~protocol, ~data, ~headers, uri) =
  http.response(protocol=protocol, code=200, content_type="text/plain", data=string_of(source.remaining(queue)))
end
harbor.http.register(port=${askPort}, method="GET", "/remaining", remaining)
output.harbor(%mp3(bitrate=128, samplerate=44100, stereo=true), port=${outPort}, mount="out", s)
`;
  const liqFile = path.join(dir, 'switch.liq');
  fs.writeFileSync(liqFile, script);
  const logFile = path.join(dir, 'liquidsoap.log');
  const log = fs.openSync(logFile, 'w');
  const child = spawnManaged(opts.liquidsoap, [liqFile], { stdio: ['ignore', log, log] });
  fs.closeSync(log);
  const version =
    /Liquidsoap ([\d.]+)/.exec(
      spawnSync(opts.liquidsoap, ['--version'], { encoding: 'utf8' }).stdout,
    )?.[1] ?? 'unknown';
  const stop = async () => {
    await stopManaged(child, 5000);
    removeScratch(dir);
  };
  const tail = () => fs.readFileSync(logFile, 'utf8').split('\n').slice(-20).join('\n');
  const base = `http://127.0.0.1:${outPort}`;
  const remaining = async () => {
    const res = await fetch(`http://127.0.0.1:${askPort}/remaining`);
    return Number(await res.text());
  };
  try {
    const deadline = Date.now() + 30_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`liquidsoap exited:\n${tail()}`);
      const ok = await remaining().then(Number.isFinite, () => false);
      if (ok) break;
      if (Date.now() > deadline) throw new Error(`liquidsoap did not answer:\n${tail()}`);
      await sleep(200);
    }
  } catch (err) {
    await stop();
    throw err;
  }
  return {
    name: `Liquidsoap ${version}`,
    version,
    listenUrl: `${base}/out`,
    sourcePort: inPort,
    user: 'dj',
    key,
    legacy: false,
    graceS: 0,
    fade: { seconds: opts.crossfadeS, shape: 'linear' },
    conditions:
      `fallback(track_sensitive=false, [input.harbor(buffer=${opts.bufferS}), playlist]), ` +
      `linear crossfade ${opts.crossfadeS} s both ways, output.harbor %mp3 128k (chunk 4096 B)`,
    async nextChange() {
      const before = performance.now();
      const left = await remaining();
      return Number.isFinite(left) && left >= 0 ? before + left * 1000 : null;
    },
    onAirAt: () => null,
    serverSteps: () => null,
    stop,
  };
}

import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { LiveShow } from '@queuecast/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.js';
import { makeTone, tempDir } from './helpers/audio.js';
import {
  basicLine,
  ffmpegSource,
  namedUser,
  newDj,
  type Dj,
  type NamedUser,
} from './helpers/live-sources.js';
import { queueTones } from './helpers/queued-tones.js';
import { createTestApp } from './helpers/test-app.js';
import { until as untilDone } from './helpers/until.js';

/*
 * Every kind of source client Debian ships, and sources that misbehave: each goes on air (or
 * is turned away) while the station plays, and the station goes back to its queue after.
 */

let app: App;
let port: number;
let ffmpeg: string;
let admin: NamedUser;
let dj: Dj;
let folder: string;
const children: ChildProcess[] = [];
const sockets: net.Socket[] = [];
const log: string[] = [];

/** Source clients take a while to connect on a busy machine: 20 s unless told. */
const until: typeof untilDone = (what, check, ms = 20_000) => untilDone(what, check, ms);

const live = async (): Promise<LiveShow | null> => (await app.ctx.services.shows.onAir()) ?? null;
const onAir = (state: 'live' | 'standby' = 'live') =>
  until(`a show ${state}`, async () => {
    const show = await live();
    return show?.state === state ? show : undefined;
  });
const offAir = () => until('the show over', async () => (await live()) === null || undefined);

function spawned(command: string, args: string[], options: { cwd?: string } = {}) {
  const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.on('data', (d: Buffer) => log.push(d.toString()));
  child.stderr?.on('data', (d: Buffer) => log.push(d.toString()));
  children.push(child);
  return child;
}

/** A source connection written by hand: the head, then whatever the test sends. */
function rawConnection(head: string): Promise<{ socket: net.Socket; answer: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    sockets.push(socket);
    let answer = '';
    socket.on('data', (d: Buffer) => {
      answer += d.toString('latin1');
      if (answer.includes('\r\n\r\n')) resolve({ socket, answer });
    });
    socket.on('error', () => undefined);
    socket.on('close', () => resolve({ socket, answer }));
    socket.once('connect', () => socket.write(head));
    socket.once('error', reject);
  });
}

const logged = (text: string) => until(`"${text}" in the log`, () => log.join('').includes(text));

beforeAll(async () => {
  app = await createTestApp({
    env: { LIVE_GRACE_S: '1', LIVE_CROSSFADE_S: '0.5' },
    logTo: { write: (line) => log.push(line) },
  });
  ffmpeg = app.ctx.media.tools.ffmpeg;
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  port = address.port;
  admin = await namedUser(app, 'admin');
  dj = await newDj(app, admin);
  folder = tempDir('queuecast-sources-');
  await queueTones(app, [
    { title: 'Queue One', artist: 'Q', freq: 440, seconds: 60 },
    { title: 'Queue Two', artist: 'Q', freq: 550, seconds: 60 },
    { title: 'Queue Three', artist: 'Q', freq: 660, seconds: 60 },
  ]);
  await app.ctx.station.start();
}, 60_000);

afterEach(async () => {
  console.log(
    log
      .filter((l) => /live|ezstream|shout|error|WARN|source/i.test(l))
      .join('')
      .slice(-6000),
  );
  for (const c of children.splice(0)) c.kill('SIGKILL');
  for (const s of sockets.splice(0)) s.destroy();
  try {
    await offAir();
  } catch (err) {
    console.log(
      log
        .filter((l) => /live|source|decod/i.test(l))
        .join('')
        .slice(-5000),
    );
    throw err;
  }
});

afterAll(async () => {
  await app?.ctx.station.stop();
  await app?.close();
});

describe('source clients', () => {
  it('ezstream (libshout) streams an MP3 file, and its title arrives the Icecast way', async () => {
    const file = await makeTone(ffmpeg, path.join(folder, 'ez.mp3'), {
      freq: 500,
      seconds: 30,
      tags: { title: 'Ezstream Tone', artist: 'Libshout' },
    });
    const config = path.join(folder, 'ezstream.xml');
    fs.writeFileSync(
      config,
      `<?xml version="1.0" encoding="UTF-8"?>
<ezstream>
  <servers><server>
    <hostname>127.0.0.1</hostname><port>${port}</port>
    <user>${dj.username}</user><password>${dj.key}</password>
  </server></servers>
  <streams><stream><mountpoint>/live</mountpoint><format>MP3</format></stream></streams>
  <intakes><intake><type>file</type><filename>${file}</filename></intake></intakes>
</ezstream>
`,
      { mode: 0o600 },
    );
    spawned('ezstream', ['-c', config]);
    const show = await onAir();
    expect(show.dj).toBe(dj.username);
    await until('the title from ezstream', async () => {
      const title = (await live())?.title;
      return title?.includes('Ezstream Tone') ? title : undefined;
    });
  }, 60_000);

  it("Liquidsoap's output.icecast goes on air", async () => {
    const script = path.join(folder, 'source.liq');
    fs.writeFileSync(
      script,
      `settings.init.allow_root.set(true)
settings.log.stdout.set(true)
output.icecast(%mp3, host="127.0.0.1", port=${port}, user="${dj.username}",
  password="${dj.key}", mount="/live", name="Liquid Hour", sine(660.))
`,
      { mode: 0o600 },
    );
    spawned('liquidsoap', [script], { cwd: folder });
    const show = await onAir();
    expect(show).toMatchObject({ dj: dj.username, show: 'Liquid Hour' });
  }, 60_000);

  it('ffmpeg sends Ogg Vorbis whose stream comments name the title', async () => {
    const vorbis = ffmpegSource(ffmpeg, port, dj, {
      freq: 700,
      format: 'vorbis',
      tags: { title: 'Second Reality', artist: 'Purple Motion' },
      onLog: (l) => log.push(l),
    });
    children.push(vorbis);
    await onAir();
    await until(
      'the Ogg title',
      async () => (await live())?.title === 'Purple Motion - Second Reality',
    );
  }, 60_000);

  it('ffmpeg sends Ogg Opus and AAC', async () => {
    const opus = ffmpegSource(ffmpeg, port, dj, { freq: 700, format: 'opus' });
    children.push(opus);
    await onAir();
    await logged('"demuxer":"ogg"');
    opus.kill('SIGKILL');
    await offAir();
    children.push(ffmpegSource(ffmpeg, port, dj, { freq: 700, format: 'aac' }));
    await onAir();
    await logged('"demuxer":"aac"');
  }, 60_000);
});

describe('sources that misbehave', () => {
  it('a raw PUT with Expect: 100-continue, faster than real time, then stalled', async () => {
    const file = await makeTone(ffmpeg, path.join(folder, 'fast.mp3'), { freq: 800, seconds: 20 });
    const { socket, answer } = await rawConnection(
      `PUT /live HTTP/1.1\r\nHost: 127.0.0.1\r\n${basicLine(dj.username, dj.key)}\r\n` +
        'Content-Type: audio/mpeg\r\nExpect: 100-continue\r\nIce-Name: Raw Hour\r\n\r\n',
    );
    expect(answer).toBe('HTTP/1.1 100 Continue\r\n\r\n');
    // Twenty seconds of audio at once: the excess over the buffer is dropped, and logged.
    socket.write(fs.readFileSync(file));
    const show = await onAir();
    expect(show.show).toBe('Raw Hour');
    await logged('live source faster than real time: audio dropped');
    // Then nothing, with the connection open: after 5 s the source counts as gone.
    await logged('no audio for 5 s');
    await onAir('standby');
  }, 60_000);

  it('garbage after a valid head never goes on air, and the station plays on', async () => {
    const before = await until('a song on air', () => app.ctx.station.playout.nowPlaying?.songId);
    const { socket, answer } = await rawConnection(
      `SOURCE /live HTTP/1.0\r\n${basicLine(dj.username, dj.key)}\r\nContent-Type: audio/mpeg\r\n\r\n`,
    );
    expect(answer).toMatch(/^HTTP\/1\.0 200 OK/);
    const noise = Buffer.alloc(300 * 1024);
    for (let i = 0; i < noise.length; i++) noise[i] = (i * 7919) % 251;
    socket.write(noise);
    await logged('the audio could not be decoded');
    expect(await live()).toBeNull();
    expect(app.ctx.station.playout.nowPlaying?.songId).toBe(before);
  }, 30_000);

  it('a huge title is cut at 255 characters; an unknown mount is 404', async () => {
    children.push(ffmpegSource(ffmpeg, port, dj, { freq: 600 }));
    await onAir();
    const huge = 'Ä'.repeat(1000);
    const res = await fetch(
      `http://127.0.0.1:${port}/admin/metadata?mode=updinfo&mount=/live&song=${encodeURIComponent(huge)}`,
      {
        headers: { authorization: basicLine(dj.username, dj.key).slice('Authorization: '.length) },
      },
    );
    expect(res.status).toBe(200);
    const title = await until('the cut title', async () => (await live())?.title ?? undefined);
    expect([...title].length).toBe(255);
    const unknown = await fetch(
      `http://127.0.0.1:${port}/admin/metadata?mode=updinfo&mount=/other&song=x`,
      {
        headers: { authorization: basicLine(dj.username, dj.key).slice('Authorization: '.length) },
      },
    );
    expect(unknown.status).toBe(404);
  }, 60_000);
});

/**
 * The Node-clock floor of bench/idle-server: the least a Node.js process does to play a station.
 * Four times a second it moves a quarter second of PCM from an ffmpeg decoder to an ffmpeg
 * encoder making the station's two outputs (the station's own encoder arguments: MP3 to its
 * stdout, HLS AAC in 2 s segments) and takes the MP3 the encoder wrote, read in the tick's own
 * turn as the station reads it. The decoder plays a PCM file over and over and is held a few
 * seconds ahead, as the station's decoders are. No database, no web server, no song choice, no
 * lease, no playlist publishing: what is left of a station's server when it does nothing but play.
 * Arguments: ffmpeg, the PCM file (s16le 44.1 kHz stereo), a scratch folder for the segments.
 */
import { spawn } from 'node:child_process';
import { PipeTaker } from '../../apps/server/src/lib/pipe-taker.js';
import { encoderArgs } from '../../apps/server/src/station/playout/encoder.js';
import {
  BYTES_PER_SECOND,
  PCM_FORMAT_ARGS,
  TICK_MS,
  wholeFrames,
} from '../../apps/server/src/station/playout/pcm.js';

const [ffmpeg, pcmFile, hlsDir] = process.argv.slice(2);
if (!ffmpeg || !pcmFile || !hlsDir) throw new Error('usage: node-clock <ffmpeg> <pcm> <hls dir>');

const decoder = spawn(
  ffmpeg,
  [
    ...['-hide_banner', '-nostdin', '-v', 'error', '-stream_loop', '-1'],
    ...PCM_FORMAT_ARGS,
    ...['-i', pcmFile, ...PCM_FORMAT_ARGS, 'pipe:1'],
  ],
  { stdio: ['ignore', 'pipe', 'inherit'] },
);
const encoder = spawn(ffmpeg, encoderArgs(hlsDir, 'floor'), {
  stdio: ['pipe', 'pipe', 'inherit'],
});
const mp3 = new PipeTaker(encoder.stdout);

// The decoder's PCM, held between 2 and 4 s ahead.
const chunks: Buffer[] = [];
let buffered = 0;
decoder.stdout.on('data', (d: Buffer) => {
  chunks.push(d);
  buffered += d.length;
  if (buffered > 4 * BYTES_PER_SECOND) decoder.stdout.pause();
});

function take(bytes: number): Buffer {
  const out = Buffer.alloc(bytes);
  let got = 0;
  while (got < bytes && chunks.length > 0) {
    const head = chunks[0]!;
    const n = Math.min(head.length, bytes - got);
    head.copy(out, got, 0, n);
    got += n;
    if (n === head.length) chunks.shift();
    else chunks[0] = head.subarray(n);
  }
  buffered -= got;
  if (buffered < 2 * BYTES_PER_SECOND) decoder.stdout.resume();
  return out;
}

const started = performance.now();
let written = 0;
let mp3Bytes = 0;
setInterval(() => {
  const due = wholeFrames(Math.floor(((performance.now() - started) / 1000) * BYTES_PER_SECOND));
  if (due > written) {
    encoder.stdin.write(take(due - written));
    written = due;
  }
  for (const chunk of mp3.take()) mp3Bytes += chunk.length;
}, TICK_MS);

process.on('SIGTERM', () => {
  decoder.kill('SIGKILL');
  encoder.kill('SIGKILL');
  console.log(`node clock: ${(mp3Bytes / 1024).toFixed(0)} KiB of MP3 made`);
  process.exit(0);
});

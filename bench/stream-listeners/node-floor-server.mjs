/**
 * The least a Node.js HTTP server holding MP3 listeners costs: `node:http` alone, no framework,
 * no playout. It reads an MP3 file (argv) into memory and, looping it, every 500 ms, writes the next 8,000
 * bytes (128 kb/s) as one buffer to every listener's socket; a new listener first gets the
 * last 48 KB, as Queuecast's. Plain JavaScript, so that nothing but Node itself is loaded.
 * Answers `GET /live.mp3` on 127.0.0.1, port PORT.
 */
import fs from 'node:fs';
import http from 'node:http';

const FLUSH_MS = 500;
const BYTES_PER_FLUSH = 8000;
const BURST_BYTES = 48 * 1024;

const audio = fs.readFileSync(process.argv[2] ?? '');
if (audio.length < BURST_BYTES * 2) throw new Error('node-floor-server: too little audio');
/** @type {Set<import('node:net').Socket>} */
const sockets = new Set();
let at = BURST_BYTES;

const server = http.createServer((req, res) => {
  if (req.method !== 'GET' || req.url !== '/live.mp3') {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, { 'content-type': 'audio/mpeg', connection: 'close' });
  res.flushHeaders();
  const socket = res.socket;
  if (!socket) return;
  socket.write(audio.subarray(at - BURST_BYTES, at));
  sockets.add(socket);
  socket.on('close', () => sockets.delete(socket));
  socket.on('error', () => socket.destroy());
});

setInterval(() => {
  if (at + BYTES_PER_FLUSH > audio.length) at = BURST_BYTES;
  const bytes = audio.subarray(at, at + BYTES_PER_FLUSH);
  at += BYTES_PER_FLUSH;
  for (const socket of sockets) socket.write(bytes);
}, FLUSH_MS);

server.listen(Number(process.env.PORT), '127.0.0.1');

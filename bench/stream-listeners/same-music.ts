/**
 * The same music on both sides of a window. Encoding is most of either side's CPU at small
 * audiences, and its cost depends on the music: the twelve demo tunes take from 21 to 52 ms of
 * CPU per second of audio through the same AAC + MP3 encoding (measured by encoding each file
 * alone). Two windows of 30 s over different tunes differ by more than the servers do, so
 * Icecast's source plays, in each of its windows, what Queuecast played in the matching one:
 * the same tunes from the same second, read off Queuecast's live updates while it ran.
 * Between the windows (while listeners connect) the source plays filler.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { PlaybackUpdate } from '@queuecast/contract';
import WebSocket from 'ws';
import type { DemoMusic } from '../support/demo-music.js';

/** Filler before Icecast's idle window: the source connecting and a burst's worth queued. */
const LEAD_S = 12;
/**
 * Filler before each of Icecast's windows: the previous one's 3 s pause, then its listeners
 * connecting (about 50 a second; 5,000 took 156 s) with room to spare; its music
 * starts on time only if they are all in by then.
 */
const fillerBefore = (listeners: number) => 8 + listeners / 30;
/** Music after the last window, so the source outlasts the bench. */
const PROGRAMME_TAIL_S = 600;
/** A window this late after its music began is reported as not matched. */
const LATE_OK_S = 0.5;

/** A part of a tune: from `from` to `to` seconds into it (`to` null: to its end). */
export interface Piece {
  file: string;
  from: number;
  to: number | null;
}

/** A measured stretch of wall-clock time, epoch seconds. */
export interface Span {
  from: number;
  to: number;
}

/**
 * What Queuecast put on air and when, from its live updates: each track's start (epoch
 * seconds, to the millisecond) and the demo file that holds it.
 */
export class OnAirLog {
  private readonly starts: { at: number; file: string }[] = [];
  private readonly ws: WebSocket;
  /** Resolves with the first update (the track on air when the log began). */
  readonly ready: Promise<void>;

  constructor(wsUrl: string, music: DemoMusic) {
    const byName = new Map(
      music.files.map((f) => [
        path
          .basename(f)
          .replace(/^\d+ /, '')
          .replace(/\.mp3$/, ''),
        f,
      ]),
    );
    this.ws = new WebSocket(wsUrl);
    let heard: () => void;
    this.ready = new Promise((resolve) => (heard = resolve));
    this.ws.on('message', (data: Buffer) => {
      const message = JSON.parse(data.toString('utf8')) as { type: string };
      if (message.type !== 'playback_update') return;
      const song = (message as PlaybackUpdate).now_playing;
      if (!song) return;
      const file = byName.get(`${song.artist} - ${song.title}`);
      if (!file) return;
      const last = this.starts.at(-1);
      if (last && last.at === song.start_time && last.file === file) return;
      this.starts.push({ at: song.start_time, file });
      heard();
    });
    this.ws.on('error', () => undefined);
  }

  /** The tunes on air over `span`, in order; null where the log does not cover it. */
  pieces(span: Span): Piece[] | null {
    const first = this.starts.findLastIndex((s) => s.at <= span.from);
    if (first === -1) return null;
    const pieces: Piece[] = [];
    for (let i = first; i < this.starts.length && this.starts[i]!.at < span.to; i++) {
      const start = this.starts[i]!;
      const next = this.starts[i + 1]?.at ?? Infinity;
      pieces.push({
        file: start.file,
        from: Math.max(0, span.from - start.at),
        to: next < span.to ? null : span.to - start.at,
      });
    }
    return pieces;
  }

  close(): void {
    this.ws.terminate();
  }
}

/** Seconds of audio in each file (ffprobe beside `ffmpeg`). */
export function durations(ffmpeg: string, files: string[]): Map<string, number> {
  const ffprobe = path.join(path.dirname(ffmpeg), 'ffprobe');
  return new Map(
    files.map((f) => [
      f,
      Number(
        execFileSync(ffprobe, [
          '-v',
          'error',
          '-show_entries',
          'format=duration',
          '-of',
          'csv=p=0',
          f,
        ])
          .toString()
          .trim(),
      ),
    ]),
  );
}

/** A source's programme: filler, then a window's music, then filler, and so on. */
export interface Programme {
  /** The ffconcat file to play. */
  list: string;
  /** Where each window's music begins, in seconds from the start of the programme. */
  windowsAt: number[];
}

/**
 * Writes a concat list that plays `lead` seconds of filler, then for each window the filler
 * before it (`fillers[i]` seconds) and its pieces; then the tunes in a loop (`tail` seconds at
 * least), so the source outlasts the bench.
 */
export function writeProgramme(
  music: DemoMusic,
  lengths: Map<string, number>,
  windows: { filler: number; pieces: Piece[]; seconds: number }[],
  tail: number,
): Programme {
  const lines = ['ffconcat version 1.0'];
  let at = 0;
  let nextFiller = 0;
  const entry = (file: string, from: number, to: number | null) => {
    lines.push(`file '${file.replace(/'/g, "'\\''")}'`);
    if (from > 0) lines.push(`inpoint ${from.toFixed(3)}`);
    if (to !== null) lines.push(`outpoint ${to.toFixed(3)}`);
    at += (to ?? lengths.get(file)!) - from;
  };
  /** Filler: the tunes in turn, cut to length. */
  const filler = (seconds: number) => {
    const end = at + seconds;
    while (end - at > 0.05) {
      const file = music.files[nextFiller++ % music.files.length]!;
      entry(file, 0, Math.min(lengths.get(file)!, end - at));
    }
  };
  const windowsAt: number[] = [];
  for (const w of windows) {
    filler(w.filler);
    windowsAt.push(at);
    const end = at + w.seconds;
    for (const p of w.pieces) entry(p.file, p.from, p.to);
    // A window's pieces end where it ended; anything short is made up with filler.
    if (end - at > 0.05) filler(end - at);
  }
  filler(tail);
  const list = path.join(music.dir, 'programme.ffconcat');
  fs.writeFileSync(list, `${lines.join('\n')}\n`);
  return { list, windowsAt };
}

/** The pieces in words: "03 Artist - Title from 12.0 s, 04 Artist - Title to 9.5 s". */
export function describe(pieces: Piece[]): string {
  return pieces
    .map((p) => {
      const name = path.basename(p.file, '.mp3');
      const from = p.from > 0 ? ` from ${p.from.toFixed(1)} s` : '';
      const to = p.to !== null ? ` to ${p.to.toFixed(1)} s` : '';
      return `${name}${from}${to}`;
    })
    .join(', ');
}

/**
 * Icecast's programme for Queuecast's phases (its idle window, then one per listener count):
 * filler before each, long enough for that count's listeners to connect, then its music.
 */
export function icecastProgramme(
  ffmpeg: string,
  music: DemoMusic,
  phases: { span: Span; pieces: Piece[] }[],
  listenerCounts: number[],
): Programme {
  return writeProgramme(
    music,
    durations(ffmpeg, music.files),
    phases.map(({ span, pieces }, i) => ({
      filler: i === 0 ? LEAD_S : fillerBefore(listenerCounts[i - 1]!),
      pieces,
      seconds: span.to - span.from,
    })),
    PROGRAMME_TAIL_S,
  );
}

/**
 * The verdict line on a window of Icecast's that began `lateS` after its planned start: whether
 * its listeners heard the same music as Queuecast's did in the matching window.
 */
export function matchedMusic(lateS: number): string {
  return lateS <= LATE_OK_S
    ? "the same as Queuecast's"
    : `NOT the same: began ${lateS.toFixed(1)} s after Queuecast's music (listeners ` +
        'took longer to connect than the filler lasted)';
}

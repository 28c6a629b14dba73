import { BYTES_PER_SECOND } from './pcm.js';

const PDT = '#EXT-X-PROGRAM-DATE-TIME:';
const DISCONTINUITY = '#EXT-X-DISCONTINUITY';
const SEGMENT = /^live-(\d+)\.ts$/;

/** An encoder run's first segment as the playlist lists it. */
export interface RunStart {
  sequence: number;
  /** Its program date-time as the encoder wrote it, epoch seconds. */
  programDateTime: number;
}

/** From segment `fromSequence` on, the encoder's program date-times are `shift` seconds off. */
export interface PdtShift {
  fromSequence: number;
  shift: number;
}

/**
 * The first segment of the newest encoder run in a playlist: the encoder marks the start of
 * each run with a discontinuity, so it is the first segment after the last one. Null while no
 * such segment is listed (not written yet, or already gone from the window).
 */
export function newestRunStart(playlist: string): RunStart | null {
  const lines = playlist.split(/\r?\n/);
  const from = lines.lastIndexOf(DISCONTINUITY);
  if (from < 0) return null;
  let programDateTime: number | null = null;
  for (const line of lines.slice(from + 1)) {
    if (line.startsWith(PDT)) programDateTime = Date.parse(line.slice(PDT.length)) / 1000;
    const segment = SEGMENT.exec(line);
    if (segment) {
      if (programDateTime === null || Number.isNaN(programDateTime)) return null;
      return { sequence: Number(segment[1]), programDateTime };
    }
  }
  return null;
}

/**
 * The playlist with each segment's program date-time moved by the shift of the run it belongs
 * to (the latest shift whose first segment is not after it); segments before every known shift
 * keep the encoder's own.
 */
export function shiftProgramDateTimes(playlist: string, shifts: readonly PdtShift[]): string {
  const lines = playlist.split('\n');
  let pdtLine = -1;
  lines.forEach((line, i) => {
    if (line.startsWith(PDT)) pdtLine = i;
    const segment = SEGMENT.exec(line.trimEnd());
    if (!segment || pdtLine < 0) return;
    const sequence = Number(segment[1]);
    const shift = shifts.filter((s) => s.fromSequence <= sequence).at(-1)?.shift;
    const written = Date.parse(lines[pdtLine]!.slice(PDT.length).trimEnd());
    if (shift !== undefined && !Number.isNaN(written)) {
      lines[pdtLine] = PDT + new Date(written + Math.round(shift * 1000)).toISOString();
    }
    pdtLine = -1;
  });
  return lines.join('\n');
}

/**
 * Puts the HLS program date-times on the station's clock. The encoder dates its first segment
 * by the wall clock at the moment it has set itself up, which is some tenths of a second after
 * the first PCM it encodes was due (the PCM is written ahead, and ffmpeg takes its time to
 * start), so a listener following the date-times would see track changes early. The station
 * knows when each PCM byte was due: a track's start pairs an epoch time with a stream offset
 * (until the first one, a write does, to within a tick), and the offset at which each encoder
 * run began is noted; with the run's first segment as the encoder dated it, that gives the
 * run's shift.
 */
export class HlsClock {
  /** A byte of the PCM stream and its epoch time: from the latest track start, or a write. */
  private anchor: { at: number; offset: number } | null = null;
  /** The PCM stream offset of the current encoder run's first byte. */
  private runOffset: number | null = null;
  /** The sequence of the previous run's first segment, not to be taken for the current run's. */
  private previousRun: number | null = null;
  private runStart: RunStart | null = null;
  private shifts: PdtShift[] = [];

  /** A track's first sample, at PCM stream offset `offset` (bytes), is due at `at`. */
  trackStarted(at: number, offset: number): void {
    this.anchor = { at, offset };
    this.settle();
  }

  /**
   * PCM up to stream offset `end` was written at `at`, when the clock meant it to enter the
   * encoder (to within one of its ticks). Serves until the first track start, as when the
   * station resumes a track mid-way.
   */
  wrote(at: number, end: number): void {
    if (this.anchor) return;
    this.anchor = { at, offset: end };
    this.settle();
  }

  /** A new encoder run took its first byte, at PCM stream offset `offset`. */
  runStarted(offset: number): void {
    this.previousRun = this.runStart?.sequence ?? this.previousRun;
    this.runStart = null;
    this.runOffset = offset;
  }

  /** Whether the current run's first segment is still to be read from the playlist. */
  get waitingForPlaylist(): boolean {
    return this.runOffset !== null && this.runStart === null;
  }

  /** Reads the current run's first segment from the playlist, when it is there. */
  sawPlaylist(playlist: string): void {
    if (!this.waitingForPlaylist) return;
    const start = newestRunStart(playlist);
    if (!start || start.sequence === this.previousRun) return;
    this.runStart = start;
    this.settle();
  }

  /** The playlist with its date-times on the station's clock, as far as known. */
  correct(playlist: string): string {
    this.sawPlaylist(playlist);
    return this.shifts.length > 0 ? shiftProgramDateTimes(playlist, this.shifts) : playlist;
  }

  private settle(): void {
    const { anchor, runOffset, runStart } = this;
    if (!anchor || runOffset === null || !runStart) return;
    const due = anchor.at + (runOffset - anchor.offset) / BYTES_PER_SECOND;
    const shift = { fromSequence: runStart.sequence, shift: due - runStart.programDateTime };
    // A run's shift is made exact by the first track start; two runs are enough, as the
    // playlist's window never spans more than the last two.
    const others = this.shifts.filter((s) => s.fromSequence !== runStart.sequence);
    this.shifts = [...others.slice(-1), shift];
  }
}

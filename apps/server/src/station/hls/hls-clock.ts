import { BYTES_PER_SECOND } from '../playout/pcm.js';

const PDT = '#EXT-X-PROGRAM-DATE-TIME:';
/** A segment's name: the encoder run that wrote it, then its sequence number. */
const SEGMENT = /^live-([a-z0-9]+)-\d+\.ts$/;

/** The run that wrote a segment, from its name; null for a line that is not a segment. */
export function segmentRun(line: string): string | null {
  return SEGMENT.exec(line.trimEnd())?.[1] ?? null;
}

/**
 * The program date-time of the first segment of encoder run `run` the playlist lists, in epoch
 * seconds; null while it lists none.
 */
export function runStartDate(playlist: string, run: string): number | null {
  let programDateTime: number | null = null;
  for (const line of playlist.split('\n')) {
    if (line.startsWith(PDT)) programDateTime = Date.parse(line.slice(PDT.length).trimEnd());
    if (segmentRun(line) === run) {
      return programDateTime === null || Number.isNaN(programDateTime)
        ? null
        : programDateTime / 1000;
    }
    if (segmentRun(line) !== null) programDateTime = null;
  }
  return null;
}

/**
 * The playlist with the program date-time of each segment moved by the shift of the run that
 * wrote it (seconds, by run); segments of other runs keep theirs.
 */
export function shiftProgramDateTimes(
  playlist: string,
  shifts: ReadonlyMap<string, number>,
): string {
  const lines = playlist.split('\n');
  let pdtLine = -1;
  lines.forEach((line, i) => {
    if (line.startsWith(PDT)) pdtLine = i;
    const run = segmentRun(line);
    if (run === null || pdtLine < 0) return;
    const shift = shifts.get(run);
    const written = Date.parse(lines[pdtLine]!.slice(PDT.length).trimEnd());
    if (shift !== undefined && !Number.isNaN(written)) {
      lines[pdtLine] = PDT + new Date(written + Math.round(shift * 1000)).toISOString();
    }
    pdtLine = -1;
  });
  return lines.join('\n');
}

/** Shifts kept: the playlist's window never spans more than the last few runs. */
const RUNS_KEPT = 3;

/**
 * Puts the HLS program date-times on the station's clock. The encoder dates its first segment
 * by the wall clock at the moment it has set itself up, which is some tenths of a second after
 * the first PCM it encodes was due (the PCM is written ahead, and ffmpeg takes its time to
 * start), so a listener following the date-times would see track changes early. The station
 * knows when each PCM byte was due: a track's start pairs an epoch time with a stream offset
 * (until the first one, a write does, to within a tick), and the offset at which each encoder
 * run began is noted; with the run's first segment as the encoder dated it, that gives the
 * run's shift. Each run names its segments with its own tag, so segments written by earlier
 * runs, by this process or by another playout before it, are told apart and left as they are.
 */
export class HlsClock {
  /** A byte of the PCM stream and its epoch time: from the latest track start, or a write. */
  private anchor: { at: number; offset: number } | null = null;
  /** The current encoder run: its tag and the PCM stream offset of its first byte. */
  private run: { tag: string; offset: number } | null = null;
  /** The program date-time of the current run's first segment, once listed. */
  private runDate: number | null = null;
  private readonly shifts = new Map<string, number>();

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

  /** Encoder run `tag` took its first byte, at PCM stream offset `offset`. */
  runStarted(tag: string, offset: number): void {
    this.run = { tag, offset };
    this.runDate = null;
  }

  /** Whether the current run's first segment is still to be read from the playlist. */
  get waitingForPlaylist(): boolean {
    return this.run !== null && this.runDate === null;
  }

  /** Reads the current run's first segment from the playlist, when it is there. */
  sawPlaylist(playlist: string): void {
    if (!this.run || this.runDate !== null) return;
    this.runDate = runStartDate(playlist, this.run.tag);
    this.settle();
  }

  /** The playlist with its date-times on the station's clock, as far as known. */
  correct(playlist: string): string {
    this.sawPlaylist(playlist);
    return this.shifts.size > 0 ? shiftProgramDateTimes(playlist, this.shifts) : playlist;
  }

  private settle(): void {
    const { anchor, run, runDate } = this;
    if (!anchor || !run || runDate === null) return;
    const due = anchor.at + (run.offset - anchor.offset) / BYTES_PER_SECOND;
    // A run's shift is made exact by the first track start after it.
    this.shifts.delete(run.tag);
    this.shifts.set(run.tag, due - runDate);
    for (const tag of this.shifts.keys()) {
      if (this.shifts.size <= RUNS_KEPT) break;
      this.shifts.delete(tag);
    }
  }
}

import { describe, expect, it } from 'vitest';
import { HlsClock, runStartDate, segmentRun, shiftProgramDateTimes } from './hls-clock.js';
import { BYTES_PER_SECOND } from '../playout/pcm.js';

const segment = (run: string, sequence: number, pdt: string) =>
  `#EXTINF:2.000000,\n#EXT-X-PROGRAM-DATE-TIME:${pdt}\nlive-${run}-${sequence}.ts\n`;
const head = (first: number) =>
  `#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:2\n#EXT-X-MEDIA-SEQUENCE:${first}\n`;

// What ffmpeg writes: a run's segments named by its tag, dated by its own clock.
const firstRun =
  head(100) +
  '#EXT-X-DISCONTINUITY\n' +
  segment('r1', 100, '2026-11-25T04:00:00.800+0000') +
  segment('r1', 101, '2026-11-25T04:00:02.800+0000');
const epoch = (iso: string) => Date.parse(iso) / 1000;
const dates = (playlist: string) =>
  [...playlist.matchAll(/PROGRAM-DATE-TIME:(.*)/g)].map((m) => m[1]);

describe('segment names', () => {
  it('carry the run that wrote them', () => {
    expect(segmentRun('live-mi3k2x9abc-1795602400.ts')).toBe('mi3k2x9abc');
    expect(segmentRun('live-1795602400.ts')).toBeNull();
    expect(segmentRun('#EXTINF:2.0,')).toBeNull();
  });
});

describe('runStartDate', () => {
  it('is the date-time of the first segment of the run', () => {
    expect(runStartDate(firstRun, 'r1')).toBe(epoch('2026-11-25T04:00:00.800Z'));
    const restarted =
      firstRun + '#EXT-X-DISCONTINUITY\n' + segment('r2', 500, '2026-11-25T04:00:09.000+0000');
    expect(runStartDate(restarted, 'r2')).toBe(epoch('2026-11-25T04:00:09.000Z'));
  });

  it('is unknown while the run has written no segment', () => {
    expect(runStartDate(firstRun, 'r2')).toBeNull();
  });
});

describe('shiftProgramDateTimes', () => {
  it('moves each segment by the shift of its run, and leaves other runs’', () => {
    const playlist =
      head(99) +
      segment('r0', 99, '2026-11-25T03:59:58.800+0000') +
      firstRun.slice(head(100).length);
    const shifted = shiftProgramDateTimes(playlist, new Map([['r1', -0.5]]));
    expect(dates(shifted)).toEqual([
      '2026-11-25T03:59:58.800+0000',
      '2026-11-25T04:00:00.300Z',
      '2026-11-25T04:00:02.300Z',
    ]);
    expect(shifted.split('\n').filter((l) => l.startsWith('live-'))).toEqual([
      'live-r0-99.ts',
      'live-r1-100.ts',
      'live-r1-101.ts',
    ]);
  });
});

describe('HlsClock', () => {
  // The run's first byte was PCM offset 0, due at 04:00:00.250; a track starting 10 s in was
  // due at 04:00:10.250. ffmpeg dated that first byte 04:00:00.800: 0.55 s late.
  const due = epoch('2026-11-25T04:00:00.250Z');

  it('puts the date-times on the clock of the track starts', () => {
    const clock = new HlsClock();
    clock.runStarted('r1', 0);
    expect(clock.correct(firstRun)).toBe(firstRun);
    clock.trackStarted(due + 10, 10 * BYTES_PER_SECOND);
    expect(dates(clock.correct(firstRun))).toEqual([
      '2026-11-25T04:00:00.250Z',
      '2026-11-25T04:00:02.250Z',
    ]);
  });

  it('dates a resumed stream by its writes until a track starts', () => {
    const clock = new HlsClock();
    clock.runStarted('r1', 0);
    // The first write, 0.3 s of PCM, was meant to end entering the encoder at 04:00:00.550.
    clock.wrote(due + 0.3, 0.3 * BYTES_PER_SECOND);
    clock.wrote(due + 5, 5.3 * BYTES_PER_SECOND);
    expect(dates(clock.correct(firstRun))[0]).toBe('2026-11-25T04:00:00.250Z');
    clock.trackStarted(due + 10.004, 10 * BYTES_PER_SECOND);
    expect(dates(clock.correct(firstRun))[0]).toBe('2026-11-25T04:00:00.254Z');
  });

  it('keeps the shift after the run’s first segment has left the window', () => {
    const clock = new HlsClock();
    clock.trackStarted(due + 10, 10 * BYTES_PER_SECOND);
    clock.runStarted('r1', 0);
    clock.sawPlaylist(firstRun);
    expect(clock.waitingForPlaylist).toBe(false);
    const later = head(101) + segment('r1', 101, '2026-11-25T04:00:02.800+0000');
    expect(dates(clock.correct(later))).toEqual(['2026-11-25T04:00:02.250Z']);
  });

  it('shifts a restarted encoder’s segments by its own run, and keeps the last run’s', () => {
    const clock = new HlsClock();
    clock.runStarted('r1', 0);
    clock.trackStarted(due + 10, 10 * BYTES_PER_SECOND);
    clock.sawPlaylist(firstRun);
    // A new encoder takes its first byte 20 s into the stream; until it writes, the playlist
    // still shows the old run.
    clock.runStarted('r2', 20 * BYTES_PER_SECOND);
    clock.sawPlaylist(firstRun);
    expect(clock.waitingForPlaylist).toBe(true);
    const restarted =
      firstRun + '#EXT-X-DISCONTINUITY\n' + segment('r2', 500, '2026-11-25T04:00:21.000+0000');
    expect(dates(clock.correct(restarted))).toEqual([
      '2026-11-25T04:00:00.250Z',
      '2026-11-25T04:00:02.250Z',
      '2026-11-25T04:00:20.250Z',
    ]);
  });

  it('leaves segments written by another playout before it as they are', () => {
    // Taken over from a playout whose playlist, already corrected, the encoder appends to.
    const inherited = head(90) + segment('old', 90, '2026-11-25T03:59:50.000Z');
    const clock = new HlsClock();
    clock.runStarted('r1', 0);
    clock.trackStarted(due + 10, 10 * BYTES_PER_SECOND);
    const playlist = inherited + firstRun.slice(head(100).length);
    expect(dates(clock.correct(playlist))).toEqual([
      '2026-11-25T03:59:50.000Z',
      '2026-11-25T04:00:00.250Z',
      '2026-11-25T04:00:02.250Z',
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import {
  analysingText,
  IDLE,
  isBusy,
  sizeText,
  uploadReducer,
  type UploadEvent,
} from './upload-state';

const run = (...events: UploadEvent[]) => events.reduce(uploadReducer, IDLE);

describe('upload states', () => {
  it('goes idle, uploading with whole percents, analysing, then success', () => {
    const started = run({ type: 'start' });
    expect(started).toEqual({ phase: 'uploading', percent: 0, message: null });
    expect(isBusy(started)).toBe(true);
    const part = run({ type: 'start' }, { type: 'progress', sent: 333, total: 1000 });
    expect(part.percent).toBe(33);
    const sent = uploadReducer(part, { type: 'sent' });
    expect(sent).toMatchObject({ phase: 'analysing', percent: 100 });
    expect(isBusy(sent)).toBe(true);
    const done = uploadReducer(sent, { type: 'done', message: 'Uploaded' });
    expect(done).toEqual({ phase: 'success', percent: 100, message: 'Uploaded' });
    expect(isBusy(done)).toBe(false);
  });

  it('never moves the bar backwards, nor past 100, nor on a total it cannot know', () => {
    const s = run(
      { type: 'start' },
      { type: 'progress', sent: 50, total: 100 },
      { type: 'progress', sent: 20, total: 100 },
    );
    expect(s.percent).toBe(50);
    expect(uploadReducer(s, { type: 'progress', sent: 500, total: 100 }).percent).toBe(100);
    expect(run({ type: 'start' }, { type: 'progress', sent: 5, total: 0 }).percent).toBe(0);
  });

  it('ignores progress once every byte is sent or before an upload starts', () => {
    const analysing = run({ type: 'start' }, { type: 'sent' });
    expect(uploadReducer(analysing, { type: 'progress', sent: 1, total: 10 })).toBe(analysing);
    expect(uploadReducer(IDLE, { type: 'progress', sent: 1, total: 10 })).toBe(IDLE);
    expect(uploadReducer(IDLE, { type: 'sent' })).toBe(IDLE);
  });

  it('shows an error, and choosing another file clears it', () => {
    const failed = run({ type: 'start' }, { type: 'fail', message: 'Upload failed' });
    expect(failed).toEqual({ phase: 'error', percent: 0, message: 'Upload failed' });
    expect(uploadReducer(failed, { type: 'pick' })).toEqual(IDLE);
    const done = run({ type: 'done', message: 'ok' });
    expect(uploadReducer(done, { type: 'pick' })).toEqual(IDLE);
  });

  it('writes file sizes in B, KB and MB', () => {
    expect(sizeText(512)).toBe('512 B');
    expect(sizeText(80 * 1024)).toBe('80.0 KB');
    expect(sizeText(5.25 * 1024 * 1024)).toBe('5.3 MB');
  });
});

describe('analysingText', () => {
  it("tells the file's place in the analysis queue, then that it is analysed", () => {
    expect(analysingText(null)).toBe('Analysing…');
    expect(analysingText({ state: 'queued', position: 1 })).toBe(
      'Waiting for analysis: next in line…',
    );
    expect(analysingText({ state: 'queued', position: 3 })).toBe(
      'Waiting for analysis: 3 in line…',
    );
    expect(analysingText({ state: 'analysing' })).toBe('Analysing…');
  });
});

import { runProcess } from '../../src/media/run-process.js';

/**
 * A tiny valid ProTracker module (4 channels, `M.K.`), written by hand since ffmpeg cannot
 * write one: one looped square-wave sample and one pattern that plays it for a few seconds.
 * Layout: title (20), 31 sample headers (30 each), song length, restart byte, the 128-entry
 * order table, the signature, the 64-row pattern (4 bytes per channel and row), sample data.
 */
export function protrackerModule(title = 'queuecast test'): Buffer {
  const SAMPLE_BYTES = 64;
  const header = Buffer.alloc(1084);
  header.write(title.slice(0, 20), 0, 'latin1');
  // Sample 1: name, length in words, finetune 0, volume 64, looped from 0 over its length.
  const sample = 20;
  header.write('square', sample, 'latin1');
  header.writeUInt16BE(SAMPLE_BYTES / 2, sample + 22);
  header.writeUInt8(0, sample + 24);
  header.writeUInt8(64, sample + 25);
  header.writeUInt16BE(0, sample + 26);
  header.writeUInt16BE(SAMPLE_BYTES / 2, sample + 28);
  // Samples 2 to 31 stay empty, apart from the one-word repeat length trackers write.
  for (let i = 1; i < 31; i++) header.writeUInt16BE(1, 20 + i * 30 + 28);
  header.writeUInt8(1, 950); // one position in the song
  header.writeUInt8(127, 951);
  // The order table (952..1079) plays pattern 0 once.
  header.write('M.K.', 1080, 'latin1');

  const pattern = Buffer.alloc(64 * 4 * 4);
  const note = (row: number, channel: number, period: number, effect = 0, param = 0) => {
    const at = (row * 4 + channel) * 4;
    const instrument = period > 0 ? 1 : 0;
    pattern[at] = (instrument & 0xf0) | ((period >> 8) & 0x0f);
    pattern[at + 1] = period & 0xff;
    pattern[at + 2] = ((instrument & 0x0f) << 4) | (effect & 0x0f);
    pattern[at + 3] = param;
  };
  // Speed 3 (F03): 64 rows of 3 ticks at 125 BPM, about 3.8 s. C-2, E-2, G-2, C-3.
  note(0, 0, 428, 0xf, 3);
  note(16, 0, 339);
  note(32, 0, 285);
  note(48, 0, 214);

  const data = Buffer.alloc(SAMPLE_BYTES);
  for (let i = 0; i < SAMPLE_BYTES; i++) data[i] = i < SAMPLE_BYTES / 2 ? 0x40 : 0xc0;
  return Buffer.concat([header, pattern, data]);
}

/** Whether this ffmpeg was built with libopenmpt, so that it plays tracker modules. */
export async function decodesModules(ffmpeg: string): Promise<boolean> {
  const result = await runProcess(ffmpeg, ['-hide_banner', '-formats']);
  return /openmpt/i.test(result.stdout.toString('utf8'));
}

import { z } from 'zod';

const seconds = (name: string) =>
  z
    .number({ error: `${name} must be a whole number of seconds.` })
    .int(`${name} must be a whole number of seconds.`)
    .min(0, `${name} must not be negative.`)
    .max(24 * 3600, `${name} must be at most a day.`);

/**
 * POST /api/song/{id}/tweak: how the song plays on air. `h_skip` seconds are skipped at the
 * start, `h_length` seconds are played (0: to the end), and the last `h_fadeout` seconds of
 * what plays fade out.
 */
export const TweakSchema = z.object({
  h_length: seconds('h_length'),
  h_skip: seconds('h_skip'),
  h_fadeout: seconds('h_fadeout'),
});
export type Tweak = z.infer<typeof TweakSchema>;

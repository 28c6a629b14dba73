import type { Locator, Page } from '@playwright/test';

/**
 * Listens to what a page's `<audio>` element plays, sample by sample, and watches a title in
 * the page, both on the page's own clock (`performance.now()` milliseconds).
 *
 * The element is routed through an AudioWorklet that passes the sound on to the speakers
 * unchanged and reports every upward zero crossing (with hysteresis, so silence and encoder
 * noise count none) as a fractional frame of the AudioContext. A frame becomes the moment it is
 * heard through `AudioContext.getOutputTimestamp()`, which pairs the context time of the sample
 * leaving the output device with the performance time it does: no latency is assumed or added.
 * The period between crossings tells a tone's frequency, so a change of tone is found to within
 * one period (a few milliseconds).
 */

/** A title shown in the page from `at` (performance.now() ms) on. */
export interface TitleChange {
  at: number;
  from: string | null;
  to: string | null;
}

/** The worklet: sound through, crossings out (frames, batched every 50 ms). */
const WORKLET = `
class CrossingTap extends AudioWorkletProcessor {
  constructor() {
    super();
    this.armed = false;
    this.prev = 0;
    this.batch = [];
    this.posted = 0;
  }
  process(inputs, outputs) {
    const input = inputs[0];
    const output = outputs[0];
    for (let c = 0; c < output.length; c++) if (input[c]) output[c].set(input[c]);
    const samples = input[0];
    if (samples) {
      for (let i = 0; i < samples.length; i++) {
        const x = samples[i];
        if (x < -0.03) this.armed = true;
        else if (this.armed && x >= 0 && this.prev < 0) {
          this.batch.push(currentFrame + i - 1 + this.prev / (this.prev - x));
          this.armed = false;
        }
        this.prev = x;
      }
    }
    if (currentFrame - this.posted >= sampleRate / 20) {
      this.port.postMessage({ frame: currentFrame, crossings: this.batch });
      this.batch = [];
      this.posted = currentFrame;
    }
    return true;
  }
}
registerProcessor('crossing-tap', CrossingTap);
`;

interface TapState {
  ctx: AudioContext;
  /** Context seconds of each upward zero crossing. */
  crossings: number[];
  /** Context seconds processed so far. */
  processed: number;
  titles: TitleChange[];
}

type TapWindow = Window & { __audioTap?: TapState };

/**
 * Routes `audio` (already playing) through the crossing tap, and records every change of the
 * text of `titleSelector` inside `panel` from now on.
 */
export async function tapAudioAndTitle(
  audio: Locator,
  panel: Locator,
  titleSelector: string,
): Promise<void> {
  await audio.evaluate(async (el: HTMLAudioElement, source) => {
    const ctx = new AudioContext();
    const url = URL.createObjectURL(new Blob([source], { type: 'text/javascript' }));
    await ctx.audioWorklet.addModule(url);
    const node = new AudioWorkletNode(ctx, 'crossing-tap');
    ctx.createMediaElementSource(el).connect(node).connect(ctx.destination);
    await ctx.resume();
    const state: TapState = { ctx, crossings: [], processed: 0, titles: [] };
    node.port.onmessage = (e: MessageEvent<{ frame: number; crossings: number[] }>) => {
      for (const f of e.data.crossings) state.crossings.push(f / ctx.sampleRate);
      state.processed = e.data.frame / ctx.sampleRate;
    };
    (window as TapWindow).__audioTap = state;
  }, WORKLET);
  await panel.evaluate((el: HTMLElement, selector) => {
    const state = (window as TapWindow).__audioTap!;
    const read = () => el.querySelector(selector)?.textContent ?? null;
    let shown = read();
    new MutationObserver(() => {
      const now = read();
      if (now === shown) return;
      state.titles.push({ at: performance.now(), from: shown, to: now });
      shown = now;
    }).observe(el, { subtree: true, childList: true, characterData: true });
  }, titleSelector);
}

/** The title changes recorded so far. */
export function titleChanges(page: Page) {
  return page.evaluate(() => (window as TapWindow).__audioTap!.titles);
}

/** How much sound the tap has taken in, in seconds, up to the moment it was heard. */
export function heardUntil(page: Page) {
  return page.evaluate(() => {
    const { ctx, processed } = (window as TapWindow).__audioTap!;
    const ts = ctx.getOutputTimestamp();
    return ts.performanceTime! + (processed - ts.contextTime!) * 1000;
  });
}

/**
 * How late sound leaves the output device after the tap's context renders it (ms), and the
 * latencies the context reports: the delay the dating of crossings includes.
 */
export function outputDelay(page: Page) {
  return page.evaluate(() => {
    const { ctx } = (window as TapWindow).__audioTap!;
    const ts = ctx.getOutputTimestamp();
    return {
      renderedAheadMs: (ctx.currentTime - ts.contextTime!) * 1000,
      baseLatencyMs: ctx.baseLatency * 1000,
      outputLatencyMs: ctx.outputLatency * 1000,
      sampleRate: ctx.sampleRate,
    };
  });
}

/**
 * The zero crossings heard between `from` and `to` (performance.now() ms), each as the moment
 * it was heard, in the same milliseconds.
 */
export function heardCrossings(page: Page, from: number, to: number): Promise<number[]> {
  return page.evaluate(
    ([from, to]) => {
      const { ctx, crossings } = (window as TapWindow).__audioTap!;
      const ts = ctx.getOutputTimestamp();
      return crossings
        .map((t) => ts.performanceTime! + (t - ts.contextTime!) * 1000)
        .filter((at) => at >= from && at <= to);
    },
    [from, to] as const,
  );
}

/** A change of tone: a steady tone of `hz` heard from `at` (ms), after another one or silence. */
export interface ToneChange {
  at: number;
  hz: number;
  previousHz: number | null;
}

/** Cycles in a row that make a steady tone. */
const STEADY_CYCLES = 40;
/** Periods within this fraction of each other belong to the same tone. */
const SAME_TONE = 0.03;

/**
 * The changes of tone among heard zero crossings (ms): each steady run of at least
 * STEADY_CYCLES equal periods whose frequency differs from the run before it, dated by its
 * first crossing.
 */
export function toneChanges(crossings: readonly number[]): ToneChange[] {
  const runs: { start: number; cycles: number; period: number }[] = [];
  let start = 0;
  for (let i = 1; i <= crossings.length; i++) {
    const period = crossings[i]! - crossings[i - 1]!;
    const runPeriod = (crossings[i - 1]! - crossings[start]!) / (i - 1 - start || 1);
    const same =
      i < crossings.length && (i - 1 === start || Math.abs(period / runPeriod - 1) <= SAME_TONE);
    if (same) continue;
    const cycles = i - 1 - start;
    if (cycles >= STEADY_CYCLES) {
      runs.push({ start, cycles, period: (crossings[i - 1]! - crossings[start]!) / cycles });
    }
    start = i - 1;
  }
  const changes: ToneChange[] = [];
  let previous: number | null = null;
  for (const run of runs) {
    const hz = 1000 / run.period;
    if (previous === null || Math.abs(hz / previous - 1) > SAME_TONE) {
      changes.push({ at: crossings[run.start]!, hz, previousHz: previous });
    }
    previous = hz;
  }
  return changes;
}

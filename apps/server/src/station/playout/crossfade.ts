import { wholeFrames } from './pcm.js';

/**
 * Something other than a track that the playout can put on air (the live show). Unlike a
 * track's decoder it never runs dry: it answers every read in full, with silence or a stand-by
 * sound of its own when it has nothing better.
 */
export interface Feed {
  /** Exactly `bytes` (whole frames) of PCM. */
  read(bytes: number): Buffer;
}

/** The audio being faded out: up to `bytes` of PCM, or less (or null) when it runs out. */
export type FadingOut = (bytes: number) => Buffer | null;

/**
 * An equal-power crossfade (the outgoing audio's gain a cosine, the incoming one's a sine, so
 * that two unrelated signals keep their loudness through it) from `from` to whatever the
 * playout writes next, over `total` bytes. The outgoing audio is padded with silence should it
 * end first; `done` is called once the fade is over, to stop what faded out.
 */
export class Crossfade {
  private position = 0;

  constructor(
    private readonly from: FadingOut,
    private readonly total: number,
    private readonly done: () => void = () => undefined,
  ) {
    if (total <= 0) done();
  }

  get finished(): boolean {
    return this.position >= this.total;
  }

  /** `incoming` with the outgoing audio faded over it (a new buffer of the same length). */
  over(incoming: Buffer): Buffer {
    if (this.finished) return incoming;
    const size = wholeFrames(incoming.length);
    const span = Math.min(size, this.total - this.position);
    const outgoing = this.from(wholeFrames(span)) ?? Buffer.alloc(0);
    const out = Buffer.from(incoming);
    const frames = span / 4;
    for (let f = 0; f < frames; f++) {
      const t = (this.position / 4 + f) / (this.total / 4);
      const gIn = Math.sin((t * Math.PI) / 2);
      const gOut = Math.cos((t * Math.PI) / 2);
      for (let c = 0; c < 2; c++) {
        const at = f * 4 + c * 2;
        const old = at + 2 <= outgoing.length ? outgoing.readInt16LE(at) : 0;
        const v = incoming.readInt16LE(at) * gIn + old * gOut;
        out.writeInt16LE(v > 32767 ? 32767 : v < -32768 ? -32768 : Math.round(v), at);
      }
    }
    this.position += span;
    if (this.finished) this.done();
    return out;
  }

  /** Ends the fade at once (something else took the air). */
  cancel(): void {
    if (this.finished) return;
    this.position = this.total;
    this.done();
  }
}

/**
 * The one crossfade under way, if any, under whatever goes on air: a new fade cancels (and so
 * stops) the one before it.
 */
export class FadeUnder {
  private fade: Crossfade | null = null;

  /** Fades `from` out under what plays next, over `bytes`; `done` once it is over. */
  start(from: FadingOut, bytes: number, done?: () => void): void {
    this.fade?.cancel();
    this.fade = new Crossfade(from, bytes, done);
  }

  cancel(): void {
    this.fade?.cancel();
    this.fade = null;
  }

  /** `incoming` with what is fading out mixed under it. */
  over(incoming: Buffer): Buffer {
    if (!this.fade) return incoming;
    const mixed = this.fade.over(incoming);
    if (this.fade.finished) this.fade = null;
    return mixed;
  }
}

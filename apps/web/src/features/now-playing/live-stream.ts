import { PLAYER, STREAM_PATHS } from '@queuecast/contract';

/** What plays the stream: hls.js through Media Source, the browser's own HLS, or the MP3. */
export type StreamEngine = 'hls.js' | 'native' | 'mp3';

export interface LiveStream {
  readonly engine: StreamEngine;
  /**
   * Epoch seconds of the sound playing now, from the playlist's program date-times (on the
   * station's clock); null before playback starts or when the engine cannot tell.
   */
  heardTime(): number | null;
  /** Stops loading and detaches from the element. */
  destroy(): void;
}

/** How far behind the newest segment a native player starts: three 2 s segments. */
const NATIVE_LIVE_MARGIN_S = 6;

/** Safari's HLS exposes the program date-time of the playlist's start. */
type NativeHlsAudio = HTMLAudioElement & { getStartDate?: () => Date };

/**
 * Whether the browser plays HLS itself and says when what it plays was made (the playlist's
 * program date-time, `getStartDate`, as Safari does): then the now-playing panel can follow
 * what is heard without hls.js. Recent Chromium plays HLS itself but tells no date, so the panel
 * would run a few seconds ahead of the sound: there hls.js, which reads the dates, plays it.
 */
export function playsDatedHls(audio: HTMLAudioElement): boolean {
  return (
    audio.canPlayType('application/vnd.apple.mpegurl') !== '' &&
    typeof (audio as NativeHlsAudio).getStartDate === 'function'
  );
}

/**
 * Opens the live stream on `audio`. Where the browser plays HLS itself with its dates (Safari,
 * iOS) it does, and hls.js is never fetched; elsewhere hls.js is loaded on this first Play (the
 * first page load never carries it) and plays through Media Source; where that is missing, the
 * browser's own HLS without dates, or else the MP3. `onFatal` reports an error that ends
 * playback; the caller then destroys the stream.
 */
export async function openLiveStream(
  audio: HTMLAudioElement,
  onFatal: (error: Error) => void,
): Promise<LiveStream> {
  const dated = playsDatedHls(audio);
  const mediaSource = 'MediaSource' in window || 'ManagedMediaSource' in window;
  const Hls = dated || !mediaSource ? null : (await import('hls.js/light')).default;
  if (Hls?.isSupported()) {
    const hls = new Hls({
      lowLatencyMode: PLAYER.lowLatency,
      backBufferLength: PLAYER.backBufferSeconds,
    });
    let recovered = false;
    hls.on(Hls.Events.ERROR, (_event, data) => {
      if (!data.fatal) return;
      // A decoding hiccup is worth one recovery; anything else (the station off air) ends it.
      if (data.type === Hls.ErrorTypes.MEDIA_ERROR && !recovered) {
        recovered = true;
        hls.recoverMediaError();
        return;
      }
      onFatal(new Error(`live stream: ${data.details}`));
    });
    const stopJump = jumpToLiveEdge(audio, () => hls.liveSyncPosition);
    hls.loadSource(STREAM_PATHS.hls);
    hls.attachMedia(audio);
    return {
      engine: 'hls.js',
      heardTime: () => {
        const date = hls.playingDate;
        return date ? date.getTime() / 1000 : null;
      },
      destroy: () => {
        stopJump();
        hls.destroy();
      },
    };
  }
  const native = audio.canPlayType('application/vnd.apple.mpegurl') !== '';
  const stopJump = native
    ? jumpToLiveEdge(audio, () => {
        const { seekable } = audio;
        if (seekable.length === 0) return null;
        const end = seekable.end(seekable.length - 1);
        return Math.max(seekable.start(0), end - NATIVE_LIVE_MARGIN_S);
      })
    : () => undefined;
  // The element's own failure (the connection cut, the station gone) ends this stream.
  const onError = () => onFatal(new Error(`live stream: media error ${audio.error?.code ?? '?'}`));
  audio.addEventListener('error', onError);
  audio.src = native ? STREAM_PATHS.hls : STREAM_PATHS.mp3;
  return {
    engine: native ? 'native' : 'mp3',
    heardTime: () => {
      const start = native ? (audio as NativeHlsAudio).getStartDate?.().getTime() : undefined;
      return start !== undefined && Number.isFinite(start)
        ? start / 1000 + audio.currentTime
        : null;
    },
    destroy: () => {
      stopJump();
      audio.removeEventListener('error', onError);
    },
  };
}

/**
 * Once the stream's duration is known, moves a player that starts further back to the live
 * edge (`edge()` in media seconds). Returns a function that stops waiting.
 */
function jumpToLiveEdge(audio: HTMLAudioElement, edge: () => number | null): () => void {
  const onDuration = () => {
    if (Number.isNaN(audio.duration)) return;
    audio.removeEventListener('durationchange', onDuration);
    const target = edge();
    if (target !== null && audio.currentTime < target - 1) audio.currentTime = target;
  };
  audio.addEventListener('durationchange', onDuration);
  return () => audio.removeEventListener('durationchange', onDuration);
}

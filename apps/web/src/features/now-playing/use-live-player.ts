import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { notify } from '../../lib/toast';
import type { LiveStream, StreamEngine } from './live-stream';
import { browserStore, clampVolume, readSettings, writeSettings } from './player-settings';
import { ProgressWatch, retryDelay, WATCH_INTERVAL_MS } from './reconnect-rules';

/**
 * Where the player stands: off; opening the stream; playing; waiting for audio (buffering);
 * or opening the stream again after it dropped or stalled.
 */
export type PlayerStatus = 'off' | 'connecting' | 'playing' | 'buffering' | 'reconnecting';

export interface LivePlayer {
  /** The `<audio>` element the stream plays in. */
  audioRef: RefObject<HTMLAudioElement | null>;
  /** On from Play until Pause: the button then reads 'Pause'. */
  on: boolean;
  status: PlayerStatus;
  /** What plays the stream once it is open. */
  engine: StreamEngine | null;
  play: () => void;
  pause: () => void;
  /** Play when off, Pause when on (the button, the Space key, the media keys). */
  toggle: () => void;
  /** 0 to 1, remembered across reloads. */
  volume: number;
  muted: boolean;
  setVolume: (volume: number) => void;
  toggleMute: () => void;
  /** Epoch seconds of what the listener hears, or null when the player is off or cannot tell. */
  heardTime: () => number | null;
}

/** Why the element cannot start without a click: autoplay refused. Not worth reconnecting. */
const isRefusal = (error: unknown) =>
  error instanceof DOMException && error.name === 'NotAllowedError';

/**
 * The live stream player's state. Play opens the stream and starts the element; Pause destroys
 * the stream and clears the element's source, so a later Play starts at the live edge again
 * instead of resuming from a stale buffer. While on, a stream that fails or whose audio stands
 * still is opened again by itself (see reconnect-rules.ts).
 */
export function useLivePlayer(): LivePlayer {
  const audioRef = useRef<HTMLAudioElement>(null);
  const stream = useRef<LiveStream | null>(null);
  // Each opening gets a number; an answer for an older one (Pause or a reopening came first)
  // is dropped.
  const attempt = useRef(0);
  const failures = useRef(0);
  const retryTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [on, setOn] = useState(false);
  const [status, setStatus] = useState<PlayerStatus>('off');
  const [engine, setEngine] = useState<StreamEngine | null>(null);
  const [settings, setSettings] = useState(() => readSettings(browserStore()));

  /** Drops the stream, any opening still under way, and a planned reopening. */
  const release = useCallback(() => {
    attempt.current++;
    clearTimeout(retryTimer.current);
    const current = stream.current;
    // Cleared first: the element's pause while it is torn down is not the listener's Pause.
    stream.current = null;
    current?.destroy();
    const audio = audioRef.current;
    if (audio) {
      audio.pause();
      audio.removeAttribute('src');
      audio.load();
    }
  }, []);

  const pause = useCallback(() => {
    release();
    failures.current = 0;
    setOn(false);
    setStatus('off');
    setEngine(null);
  }, [release]);

  // Opens the stream (again). A failure reopens it through `reopen`, the latest `open`.
  const reopen = useRef<(reconnecting: boolean) => void>(() => undefined);
  const open = useCallback(
    (reconnecting: boolean) => {
      const audio = audioRef.current;
      if (!audio) return;
      release();
      const id = attempt.current;
      setStatus(reconnecting ? 'reconnecting' : 'connecting');
      const failed = (error: unknown) => {
        if (attempt.current !== id) return;
        if (isRefusal(error)) {
          notify.error('The live stream could not be played.');
          pause();
          return;
        }
        console.warn('live stream dropped, reopening', error);
        release();
        setStatus('reconnecting');
        const waiting = attempt.current;
        retryTimer.current = setTimeout(() => {
          if (attempt.current === waiting) reopen.current(true);
        }, retryDelay(failures.current++));
      };
      // The stream's code (and hls.js, where it is needed) comes with the first Play.
      import('./live-stream')
        .then(({ openLiveStream }) => openLiveStream(audio, failed))
        .then((opened) => {
          if (attempt.current !== id) return opened.destroy();
          stream.current = opened;
          setEngine(opened.engine);
          return audio.play();
        })
        .catch(failed);
      watchProgress(audio, () => attempt.current === id, failed);
    },
    [pause, release],
  );
  useEffect(() => {
    reopen.current = open;
  }, [open]);

  const play = useCallback(() => {
    if (stream.current) return;
    setOn(true);
    failures.current = 0;
    open(false);
  }, [open]);

  const toggle = useCallback(() => (on ? pause() : play()), [on, pause, play]);

  // The element says how playback goes: playing, waiting for data, or paused from outside
  // (headphones unplugged, the browser's own controls), which counts as Pause.
  useEffect(() => {
    const audio = audioRef.current;
    if (!audio) return;
    const onPlaying = () => {
      if (!stream.current) return;
      failures.current = 0;
      setStatus('playing');
    };
    const onWaiting = () => {
      if (stream.current) setStatus((s) => (s === 'playing' ? 'buffering' : s));
    };
    const onPause = () => {
      if (stream.current) pause();
    };
    audio.addEventListener('playing', onPlaying);
    audio.addEventListener('waiting', onWaiting);
    audio.addEventListener('pause', onPause);
    return () => {
      audio.removeEventListener('playing', onPlaying);
      audio.removeEventListener('waiting', onWaiting);
      audio.removeEventListener('pause', onPause);
      release();
    };
  }, [pause, release]);

  // The element follows the remembered volume and mute, which are kept for the next visit.
  useEffect(() => {
    const audio = audioRef.current;
    if (audio) {
      audio.volume = settings.volume;
      audio.muted = settings.muted;
    }
    writeSettings(browserStore(), settings);
  }, [settings]);

  const setVolume = useCallback((volume: number) => {
    const next = clampVolume(volume);
    // Turning the volume up from silence unmutes, as a hardware knob would.
    setSettings((s) => ({ volume: next, muted: next > 0 ? false : s.muted }));
  }, []);
  const toggleMute = useCallback(() => setSettings((s) => ({ ...s, muted: !s.muted })), []);

  const heardTime = useCallback(() => stream.current?.heardTime() ?? null, []);

  return {
    audioRef,
    on,
    status,
    engine,
    play,
    pause,
    toggle,
    volume: settings.volume,
    muted: settings.muted,
    setVolume,
    toggleMute,
    heardTime,
  };
}

/**
 * Looks at the audio clock of one opening of the stream until it is replaced (`current` false:
 * Pause, or a reopening): a clock that stands still meanwhile (see ProgressWatch) is a failure.
 */
function watchProgress(
  audio: HTMLAudioElement,
  current: () => boolean,
  failed: (error: Error) => void,
): void {
  const watch = new ProgressWatch(performance.now());
  const timer = setInterval(() => {
    if (!current()) return clearInterval(timer);
    if (watch.sample(audio.currentTime, performance.now())) {
      clearInterval(timer);
      failed(new Error(watch.hasStarted ? 'live stream stalled' : 'live stream did not start'));
    }
  }, WATCH_INTERVAL_MS);
}

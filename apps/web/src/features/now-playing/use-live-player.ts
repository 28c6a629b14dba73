import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { notify } from '../../lib/toast';
import { openLiveStream, type LiveStream, type StreamEngine } from './live-stream';

export interface LivePlayer {
  /** The `<audio>` element the stream plays in. */
  audioRef: RefObject<HTMLAudioElement | null>;
  /** On from Play until Pause: the button then reads 'Pause'. */
  on: boolean;
  /** What plays the stream once it is open. */
  engine: StreamEngine | null;
  play: () => void;
  pause: () => void;
  /** Epoch seconds of what the listener hears, or null when the player is off or cannot tell. */
  heardTime: () => number | null;
}

/**
 * The live stream player's state. Play opens the stream and starts the element;
 * Pause destroys the stream and clears the element's source, so a later Play starts at the
 * live edge again instead of resuming from a stale buffer.
 */
export function useLivePlayer(): LivePlayer {
  const audioRef = useRef<HTMLAudioElement>(null);
  const stream = useRef<LiveStream | null>(null);
  // Each Play gets a number; an answer for an older one (Pause came first) is dropped.
  const attempt = useRef(0);
  const [on, setOn] = useState(false);
  const [engine, setEngine] = useState<StreamEngine | null>(null);

  /** Drops the stream, and any Play still opening one. */
  const release = useCallback(() => {
    attempt.current++;
    stream.current?.destroy();
    stream.current = null;
  }, []);

  const pause = useCallback(() => {
    release();
    const audio = audioRef.current;
    if (audio) {
      audio.pause();
      audio.removeAttribute('src');
      audio.load();
    }
    setOn(false);
    setEngine(null);
  }, [release]);

  const play = useCallback(() => {
    const audio = audioRef.current;
    if (!audio || stream.current) return;
    const id = ++attempt.current;
    const failed = (error: unknown) => {
      if (attempt.current !== id) return;
      console.error('live stream failed', error);
      notify.error('The live stream could not be played.');
      pause();
    };
    setOn(true);
    openLiveStream(audio, failed)
      .then((opened) => {
        if (attempt.current !== id) return opened.destroy();
        stream.current = opened;
        setEngine(opened.engine);
        return audio.play();
      })
      .catch(failed);
  }, [pause]);

  // Paused from outside (headphones unplugged, the browser's own controls): treat as Pause.
  useEffect(() => {
    const audio = audioRef.current;
    if (!audio) return;
    const onPause = () => {
      if (stream.current) pause();
    };
    audio.addEventListener('pause', onPause);
    return () => {
      audio.removeEventListener('pause', onPause);
      release();
    };
  }, [pause, release]);

  const heardTime = useCallback(() => stream.current?.heardTime() ?? null, []);

  return { audioRef, on, engine, play, pause, heardTime };
}

import { coverArtAt, type ArtSize } from '@queuecast/contract';
import { useState } from 'react';
import styles from './cover-art.module.css';
import { cx } from './ui/cx';

/** The station's own cover, when a song's cover is missing or does not load. */
export const STATION_COVER = '/cover.svg';

export interface CoverArtProps {
  /** The song's `cover_art_url`. */
  url: string | null;
  /** Which of the server's sizes to load. */
  size: ArtSize;
  /** Shown width and height in CSS pixels: reserved before the image arrives. */
  display: number;
  /** Empty for a thumbnail beside the song's own title. */
  alt: string;
  className?: string;
  /** The page's main picture (a song's own cover): fetched at once, ahead of other images. */
  priority?: boolean;
}

/**
 * A song's cover art at a fixed square size, loaded lazily, decoded off the main thread; the
 * station's cover stands in when the song's cannot be loaded.
 */
export function CoverArt({ url, size, display, alt, className, priority }: CoverArtProps) {
  const src = url ? coverArtAt(url, size) : STATION_COVER;
  const [failed, setFailed] = useState<string | null>(null);
  return (
    <img
      className={cx(styles.art, className)}
      src={failed === src ? STATION_COVER : src}
      alt={alt}
      width={display}
      height={display}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : 'auto'}
      decoding="async"
      onError={() => setFailed(src)}
    />
  );
}

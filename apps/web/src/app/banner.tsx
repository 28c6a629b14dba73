import { BANNER_IMAGES, PAGES } from '@queuecast/contract';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { cx } from '../components/ui/cx';
import styles from './banner.module.css';

// Each image's tagline is text on the page, not in the picture: it keeps its size (and its
// contrast, on a dark band) however narrow the banner is drawn.
const TAGLINES = ['request it. hear it.', 'the listeners pick the music', 'live radio, your queue'];
const IMAGES = BANNER_IMAGES.map((src, i) => ({ src, tagline: TAGLINES[i]! }));

/**
 * The first picture: the one the server preloaded for this page (`data-banner` on <html>), so
 * that it is there when the page first draws; a random one without it.
 */
function firstImage(): number {
  const chosen = Number(document.documentElement.dataset.banner);
  return Number.isInteger(chosen) && chosen >= 0 && chosen < IMAGES.length
    ? chosen
    : Math.floor(Math.random() * IMAGES.length);
}
export const BANNER_INTERVAL_MS = 60_000;
/** The pictures not shown yet load this long after the page, well before the first change. */
const PRELOAD_OTHERS_MS = 10_000;

/**
 * Three images, the preloaded one first, the next every 60 s with a 2 s cross-fade; links home.
 * `eager` where every screen shows it (the queue page); elsewhere a phone hides it, and its
 * picture then waits until it is shown.
 */
export function Banner({ className, eager }: { className?: string; eager: boolean }) {
  const [current, setCurrent] = useState(firstImage);
  useEffect(() => {
    const timer = setInterval(() => setCurrent((i) => (i + 1) % IMAGES.length), BANNER_INTERVAL_MS);
    return () => clearInterval(timer);
  }, []);
  // Only the first picture competes with the page's own loading; the others come later.
  const [others, setOthers] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setOthers(true), PRELOAD_OTHERS_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <Link
      to={PAGES.queue.path()}
      className={cx(styles.banner, className)}
      aria-label="Queuecast home"
    >
      {IMAGES.map(({ src }, i) => (
        <img
          key={src}
          src={others || i === current ? src : undefined}
          alt=""
          width={960}
          height={120}
          loading={eager ? 'eager' : 'lazy'}
          // The first picture is the page's largest: fetched first.
          fetchPriority={i === current ? 'high' : 'low'}
          className={cx(styles.image, i === current && styles.visible)}
          data-testid={i === current ? 'banner-current' : undefined}
        />
      ))}
      <span className={styles.tagline} data-testid="banner-tagline">
        {IMAGES[current]!.tagline}
      </span>
    </Link>
  );
}

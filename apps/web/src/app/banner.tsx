import { PAGES } from '@queuecast/contract';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';

const IMAGES = ['/banner-1.svg', '/banner-2.svg', '/banner-3.svg'];
export const BANNER_INTERVAL_MS = 60_000;

/** Three images, a random one first, the next every 60 s with a 2 s cross-fade; links home. */
export function Banner() {
  const [current, setCurrent] = useState(() => Math.floor(Math.random() * IMAGES.length));
  useEffect(() => {
    const timer = setInterval(() => setCurrent((i) => (i + 1) % IMAGES.length), BANNER_INTERVAL_MS);
    return () => clearInterval(timer);
  }, []);
  return (
    <Link to={PAGES.queue.path()} className="banner" aria-label="Queuecast home">
      {IMAGES.map((src, i) => (
        <img
          key={src}
          src={src}
          alt=""
          className={i === current ? 'banner-image visible' : 'banner-image'}
          data-testid={i === current ? 'banner-current' : undefined}
        />
      ))}
    </Link>
  );
}

import type { WebManifest } from '@queuecast/contract';

/** The page's colours (apps/web/src/app/styles.css, --bg), shown while the app opens. */
const BACKGROUND = '#12141c';

/** The client's icons (apps/web/public, the PNGs made by scripts/make-icons.mjs). */
const ICONS: WebManifest['icons'] = [
  { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
  { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
  { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
  { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
];

/** Home screens show about twelve characters under an icon. */
const SHORT_NAME_MAX = 12;

/** The station's name, or as many of its first words as fit under an icon. */
export function shortName(stationName: string): string {
  if (stationName.length <= SHORT_NAME_MAX) return stationName;
  let short = '';
  for (const word of stationName.split(/\s+/)) {
    const next = short ? `${short} ${word}` : word;
    if (next.length > SHORT_NAME_MAX) break;
    short = next;
  }
  return short || stationName.slice(0, SHORT_NAME_MAX);
}

/** The web app manifest of a station: its name, opening on the queue, as an app of its own. */
export function webManifest(stationName: string): WebManifest {
  return {
    name: stationName,
    short_name: shortName(stationName),
    description: `${stationName}: live radio with a shared song-request queue.`,
    id: '/',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: BACKGROUND,
    background_color: BACKGROUND,
    icons: ICONS,
  };
}

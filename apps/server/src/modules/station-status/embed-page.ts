import { API, STREAM_PATHS } from '@queuecast/contract';
import { escapeHtml as escape } from '../../lib/html.js';

/** Where the embed's script is served (a file of its own: the site's policy allows no inline script). */
export const EMBED_SCRIPT_PATH = '/embed.js';

/**
 * The player other sites show in a frame: Play/Pause for the MP3 stream and what plays now,
 * with its cover and the listeners, kept current by its script from /api/nowplaying. Plain
 * HTML, small CSS and a few lines of script: nothing of the web app loads.
 */
export function embedPage(stationName: string, siteUrl: string): string {
  const name = escape(stationName);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8" />
<meta name="viewport" content="width=device-width, initial-scale=1" />
<title>${name} player</title>
<meta name="robots" content="noindex" />
<style>
  :root { color-scheme: dark; font: 14px/1.35 system-ui, sans-serif; }
  body { margin: 0; background: #12141c; color: #e8eaf2; }
  .player { display: flex; align-items: center; gap: 10px; padding: 8px; min-height: 64px; box-sizing: border-box; }
  .cover { width: 56px; height: 56px; border-radius: 6px; background: #262a38; flex: none; object-fit: cover; }
  .text { min-width: 0; flex: 1; }
  .title, .artist { margin: 0; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
  .title { font-weight: 600; color: #fff; }
  .artist, .meta { color: #b7bccb; }
  .meta { font-size: 12px; margin: 2px 0 0; }
  .meta a { color: #9cc3ff; }
  button { flex: none; width: 44px; height: 44px; border-radius: 50%; border: 0; background: #3358d4; color: #fff; font-size: 18px; cursor: pointer; }
  button:focus-visible { outline: 3px solid #fff; outline-offset: 2px; }
</style>
</head>
<body>
<main class="player" data-nowplaying="${API.nowPlaying.path()}" data-stream="${STREAM_PATHS.mp3}">
  <button type="button" id="play" aria-label="Play ${name}">▶</button>
  <img class="cover" id="cover" alt="" hidden />
  <div class="text">
    <p class="title" id="title">${name}</p>
    <p class="artist" id="artist"></p>
    <p class="meta"><span id="listeners"></span> <a href="${escape(siteUrl)}" target="_blank" rel="noopener">${name}</a></p>
  </div>
  <audio id="audio" preload="none"></audio>
</main>
<script src="${EMBED_SCRIPT_PATH}" defer></script>
</body>
</html>
`;
}

/**
 * The embed's script: Play loads the stream (Pause lets go of it, so a paused frame costs the
 * station nothing); what plays is asked again when the track should end, and every 15 s.
 */
export const EMBED_SCRIPT = `'use strict';
(() => {
  const root = document.querySelector('main');
  const $ = (id) => document.getElementById(id);
  const audio = $('audio');
  const play = $('play');
  const name = $('title').textContent;
  const show = (playing) => {
    play.textContent = playing ? '❚❚' : '▶';
    play.setAttribute('aria-label', (playing ? 'Pause ' : 'Play ') + name);
  };
  play.addEventListener('click', () => {
    if (audio.paused) {
      audio.src = root.dataset.stream;
      audio.play().then(() => show(true), () => show(false));
    } else {
      audio.pause();
      audio.removeAttribute('src');
      audio.load();
      show(false);
    }
  });
  let timer;
  const refresh = async () => {
    clearTimeout(timer);
    let wait = 15;
    try {
      const res = await fetch(root.dataset.nowplaying, { cache: 'no-cache' });
      if (res.ok) {
        const np = await res.json();
        const now = np.now_playing;
        const live = np.live;
        $('title').textContent = now ? now.song.title : live ? live.show : np.station.name;
        $('artist').textContent = now ? now.song.artist || '' : live ? live.dj : '';
        const cover = $('cover');
        if (now && now.song.art_url) {
          cover.src = now.song.art_url;
          cover.hidden = false;
        } else cover.hidden = true;
        $('listeners').textContent = np.listeners === 1 ? '1 listening ·' : np.listeners + ' listening ·';
        if (now) wait = Math.min(wait, Math.max(1, now.remaining + 1));
      }
    } catch {}
    timer = setTimeout(refresh, wait * 1000);
  };
  refresh();
})();
`;

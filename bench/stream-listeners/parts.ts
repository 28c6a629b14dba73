import type { PartOf } from '../support/proc-tree.js';

/** Queuecast's MP3 listener process (MP3_PROCESSES), which holds the listeners' sockets. */
export const LISTENER_PROCESS = 'MP3 listener process';

/** Queuecast's processes: the server, its encoder, the tracks' decoders (and any fan-out). */
export const queuecastParts: PartOf = ({ name, cmdline, root, reaped }) => {
  if (root) return reaped ? 'ffmpeg decoders' : 'server';
  if (name === 'ffmpeg')
    return cmdline.includes('libmp3lame') ? 'ffmpeg encoder' : 'ffmpeg decoders';
  if (name !== 'node') return name;
  return cmdline.includes('mp3-worker') ? LISTENER_PROCESS : 'live fan-out (node)';
};

/** Icecast's side: icecast2 itself and its ffmpeg source. */
export const icecastParts: PartOf = ({ name, reaped }) =>
  name === 'icecast2' ? 'server' : reaped ? `${name}'s ended children` : `${name} source`;

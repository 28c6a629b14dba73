// hls.js publishes types for its full build only; the light build has the same API, less the
// features an audio-only live stream does not use (subtitles, alternate audio, DRM).
declare module 'hls.js/light' {
  export * from 'hls.js';
  export { default } from 'hls.js';
}

/**
 * The titles the MP3 stream announces (ICY StreamTitle, Icecast's metadata), in one place so
 * that every interface that repeats them (Icecast's JSON status) says the same words.
 */

/** A track: its artists' names, then its title. */
export function trackStreamTitle(artists: readonly string[], title: string): string {
  const names = artists.join(', ');
  return names ? `${names} - ${title}` : title;
}

/** A live show: the DJ's own title with the show's name, else the show and its DJ. */
export function showStreamTitle(show: string, dj: string, title: string | null): string {
  return title ? `${title} (${show})` : `${show} with ${dj}`;
}

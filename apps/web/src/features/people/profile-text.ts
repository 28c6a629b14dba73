import type { Role } from '@queuecast/contract';

const ROLE_NAMES: Record<Role, string> = {
  user: 'Listener',
  helper: 'Helper',
  moderator: 'Moderator',
  admin: 'Admin',
};

/** The role badge's text. */
export const roleName = (role: Role): string => ROLE_NAMES[role];

/** 'Joined 3 March 2026': the day, in the reader's language and time zone. */
export function joinedText(epochSeconds: number, locale?: string): string {
  const day = new Date(epochSeconds * 1000).toLocaleDateString(locale, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
  return `Joined ${day}`;
}

/** A song as one line names it: 'Artist – Title', or the title alone without an artist. */
export const songLine = (song: { title: string; artist: string | null }): string =>
  song.artist ? `${song.artist} – ${song.title}` : song.title;

/** '★★★★☆' for a vote of 4, with the value for screen readers beside it. */
export const stars = (vote: number): string => '★'.repeat(vote) + '☆'.repeat(Math.max(0, 5 - vote));

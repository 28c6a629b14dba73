import { LIMITS, type LiveKickResult, type Role } from '@queuecast/contract';
import { plural } from '../../lib/format';

/** Said in the now-playing panel while the station holds a show for its DJ. */
export const STANDBY_TEXT = 'The DJ will be right back';
/** Said while the DJ has sent no title. */
export const NO_TITLE_TEXT = 'No title yet';

/** The line under the show's name: what the DJ plays now, or that they sent no title. */
export function liveTitleText(title: string | null): string {
  return title?.trim() ? title : NO_TITLE_TEXT;
}

/** Moderators and admins end shows. */
export function canEndShow(role: Role | undefined): boolean {
  return role === 'moderator' || role === 'admin';
}

/** A signed-in listener other than the DJ on air sends them dedications. */
export function canDedicate(username: string | undefined, dj: string): boolean {
  return username !== undefined && username !== dj;
}

/** The ban field's minutes: a whole number from 0 to the server's maximum, else null. */
export function banMinutesOf(input: string): number | null {
  const text = input.trim();
  if (text === '') return 0;
  if (!/^\d+$/.test(text)) return null;
  const n = Number(text);
  return n <= LIMITS.liveBanMinutesMax ? n : null;
}

/** What staff are told once a show is ended. */
export function endedText(result: LiveKickResult, banMinutes: number): string {
  const ended = `The show of ${result.dj} has ended.`;
  if (result.banned_until === null || banMinutes === 0) return ended;
  return `${ended} They may go live again in ${plural(banMinutes, 'minute')}.`;
}

/** A signed-in call within this window counts a user as active (the Active Users list). */
export const ACTIVE_WINDOW_S = 5 * 60;

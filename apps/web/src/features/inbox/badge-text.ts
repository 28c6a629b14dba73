/** The unread badge shows 9+ above 9, so it stays narrow. */
export const badgeText = (count: number): string => (count > 9 ? '9+' : String(count));

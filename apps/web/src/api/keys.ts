/** Query-key prefixes shared across features, so a mutation can invalidate by key. */
export const queryKeys = {
  /** Every catalogue read that carries songs: song page, artist, platform, tag, search. */
  catalog: ['catalog'] as const,
  votes: ['votes'] as const,
  favorites: ['favorites'] as const,
  comments: ['comments'] as const,
  /**
   * The signed-in user's unread private messages, followed by the user id: polled by the inbox
   * badge and written by the live connection's `unread_count` pushes.
   */
  unreadMessages: ['messages', 'unread'] as const,
  /** What the signed-in listener may request now (limit and cooldown), per user. */
  requestAllowance: ['request-allowance'] as const,
  /**
   * Where the signed-in user's upload for a song stands in the server's analysis queue, followed
   * by the song id: written by the live connection's `upload_status` pushes only.
   */
  uploadStatus: ['upload-status'] as const,
  /**
   * The users the signed-in user has blocked, per user: the inbox's thread and a person's page
   * both block and unblock.
   */
  blocks: (userId: number) => ['messages', 'blocks', userId] as const,
};

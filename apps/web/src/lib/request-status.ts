/**
 * A Request button's state (spec §4): idle, busy while its request is under way, queued once
 * the server took it (for the rest of the session).
 */
export type RequestStatus = 'idle' | 'busy' | 'queued';

type Listener = () => void;

/**
 * Which songs the signed-in listener is requesting or has queued in this session, shared by
 * every Request button (table, compact list, song page), so a song queued from one list shows
 * 'Queued' in the others. It belongs to one user: another user's session starts empty.
 */
export class RequestStatusStore {
  private owner: number | null = null;
  private readonly statuses = new Map<number, RequestStatus>();
  private readonly listeners = new Set<Listener>();

  get = (userId: number | null, songId: number): RequestStatus =>
    userId !== null && userId === this.owner ? (this.statuses.get(songId) ?? 'idle') : 'idle';

  set(userId: number, songId: number, status: RequestStatus): void {
    if (userId !== this.owner) {
      this.owner = userId;
      this.statuses.clear();
    }
    if (status === 'idle') this.statuses.delete(songId);
    else this.statuses.set(songId, status);
    this.listeners.forEach((l) => l());
  }

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
}

export const requestStatuses = new RequestStatusStore();

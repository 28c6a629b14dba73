import { RequestLine } from '../../../components/request-line';
import { usePlaybackPart } from '../../../lib/playback';
import { useStreamKey } from '../api/stream-key';
import { GoLive } from './go-live';

/**
 * A DJ's part of their profile: the Go live settings and their request line. Nothing for an
 * account that is not a DJ (the stream key is refused to it).
 */
export function DjSection({ userId, username }: { userId: number; username: string }) {
  const key = useStreamKey(userId);
  // The show on air, when it is this DJ's: their line loads again when it starts or ends.
  const sessionId =
    usePlaybackPart((u) => (u.live && u.live.dj === username ? u.live.session_id : null)) ?? null;
  if (!key.data) return null;
  return (
    <>
      <GoLive userId={userId} streamKey={key.data} />
      <RequestLine userId={userId} sessionId={sessionId} />
    </>
  );
}

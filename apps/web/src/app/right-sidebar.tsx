import { Suspense } from 'react';
import { NowPlayingSkeleton } from '../features/now-playing/components/now-playing-skeleton';
import { chunkComponent } from './page-chunk';

// The player and the chat come in chunks of their own, fetched beside the page's: the first load
// stays small, and their boxes are held for them meanwhile (the player's skeleton, the rest of
// the sidebar for the chat), so nothing moves when they land.
const NowPlayingPanel = chunkComponent(async () => ({
  default: (await import('../features/now-playing/components/now-playing-panel')).NowPlayingPanel,
}));
const ChatPanel = chunkComponent(async () => ({
  default: (await import('../features/chat/components/chat-panel')).ChatPanel,
}));

/** Fetches the player's and the chat's chunks, so that the first render shows them at once. */
export const preloadSidebar = () => Promise.all([NowPlayingPanel.preload(), ChatPanel.preload()]);

/** The station beside the page: the player (or, on a phone, its mini bar) and the chat. */
export function RightSidebar({
  className,
  playingClassName,
  chatClassName,
  fullPlayerOnPhone,
}: {
  className: string | undefined;
  playingClassName: string | undefined;
  chatClassName: string | undefined;
  fullPlayerOnPhone: boolean;
}) {
  return (
    <aside className={className} aria-label="Station">
      <div className={playingClassName}>
        <Suspense fallback={<NowPlayingSkeleton fullOnPhone={fullPlayerOnPhone} />}>
          <NowPlayingPanel fullOnPhone={fullPlayerOnPhone} />
        </Suspense>
      </div>
      <div className={chatClassName} id="chat">
        <Suspense fallback={null}>
          <ChatPanel />
        </Suspense>
      </div>
    </aside>
  );
}

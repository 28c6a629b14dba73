import { ChatPanel } from '../features/chat/components/chat-panel';
import { NowPlayingPanel } from '../features/now-playing/components/now-playing-panel';

export function RightSidebar() {
  return (
    <aside className="right-sidebar" aria-label="Station">
      <NowPlayingPanel />
      <ChatPanel />
    </aside>
  );
}

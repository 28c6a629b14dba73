import type { LiveServerMessage } from '@queuecast/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { onAirText, parseLiveMessage, routeLiveMessage, type LiveHandlers } from './live-messages';

const noHandlers: LiveHandlers = {
  playback_update: null,
  listeners: null,
  chat_message: null,
  chat_deleted: null,
  private_message: null,
  unread_count: null,
  messages_read: null,
  feed_item: null,
  mute_changed: null,
  request_on_air: null,
  session: null,
  upload_status: null,
  live_line: null,
};

describe('parseLiveMessage', () => {
  afterEach(() => vi.restoreAllMocks());

  it('passes every known type through', () => {
    for (const type of Object.keys(noHandlers)) {
      expect(parseLiveMessage(JSON.stringify({ type, extra: 1 }))).toEqual({ type, extra: 1 });
    }
  });

  it('warns about and drops junk, unknown types and inherited names', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    for (const data of ['not json', 'null', '42', '{"type":"reboot"}', '{"type":"toString"}']) {
      expect(parseLiveMessage(data)).toBeNull();
    }
    expect(warn).toHaveBeenCalledTimes(5);
  });
});

describe('routeLiveMessage', () => {
  it('calls only the handler of the message type, and skips ignored types', () => {
    const listeners = vi.fn();
    const unread = vi.fn();
    const handlers: LiveHandlers = { ...noHandlers, listeners, unread_count: unread };
    routeLiveMessage({ type: 'listeners', listeners: 7 }, handlers);
    routeLiveMessage({ type: 'chat_deleted', id: 3 }, handlers);
    expect(listeners).toHaveBeenCalledExactlyOnceWith({ type: 'listeners', listeners: 7 });
    expect(unread).not.toHaveBeenCalled();
    const message: LiveServerMessage = { type: 'unread_count', unreadCount: 2 };
    routeLiveMessage(message, handlers);
    expect(unread).toHaveBeenCalledExactlyOnceWith(message);
  });
});

describe('onAirText', () => {
  it('names the song, with its artist when known', () => {
    expect(onAirText({ id: 1, title: 'Title', artist: 'Artist' })).toBe(
      'Your request "Artist - Title" is on air',
    );
    expect(onAirText({ id: 1, title: 'Title', artist: null })).toBe(
      'Your request "Title" is on air',
    );
  });
});

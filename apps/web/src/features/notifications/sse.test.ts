import { describe, expect, it } from 'vitest';
import { SseParser } from './sse';

describe('SseParser', () => {
  it('joins chunks split in the middle of a line and of a CRLF', () => {
    const parser = new SseParser();
    expect(parser.push('event: notif').events).toEqual([]);
    expect(parser.push('ication\r').events).toEqual([]);
    expect(parser.push('\nid: 7\r\ndata: {"id":"a",').events).toEqual([]);
    const { events } = parser.push('"title":"T"}\r\n\r\n');
    expect(events).toEqual([{ event: 'notification', data: '{"id":"a","title":"T"}', id: '7' }]);
    expect(parser.lastEventId).toBe('7');
  });

  it('returns several events of one chunk, with heartbeats as comments', () => {
    const parser = new SseParser('3');
    const { events, comments } = parser.push(
      ': ping\n\nevent: unread\ndata: {"unreadCount":2}\n\nevent: notification\nid: 4\ndata: {"id":"b"}\n\n: ping\n\n',
    );
    expect(comments).toEqual(['ping', 'ping']);
    expect(events).toEqual([
      { event: 'unread', data: '{"unreadCount":2}', id: '3' },
      { event: 'notification', data: '{"id":"b"}', id: '4' },
    ]);
  });

  it('joins multi-line data, defaults the type to message and ignores unknown fields', () => {
    const parser = new SseParser();
    const { events } = parser.push('data:a\ndata: b\nfoo: bar\nretry: 5000\n\nid\n\n');
    expect(events).toEqual([{ event: 'message', data: 'a\nb', id: null }]);
    expect(parser.retryMs).toBe(5000);
    expect(parser.lastEventId).toBe('');
  });

  it('keeps an incomplete event until its blank line', () => {
    const parser = new SseParser();
    expect(parser.push('event: unread\ndata: {"unreadCount":1}\n').events).toEqual([]);
    expect(parser.push('\n').events).toHaveLength(1);
  });
});

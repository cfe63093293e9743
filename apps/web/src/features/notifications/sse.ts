/** One Server-Sent Event, dispatched at its blank line (WHATWG HTML, "Interpreting an event stream"). */
export interface SseEvent {
  event: string;
  data: string;
  /** The last event id after this event (it carries over from earlier events). */
  id: string | null;
}

export interface SseParseResult {
  events: SseEvent[];
  /** Comment lines (': ping' heartbeats), without the colon. */
  comments: string[];
}

/**
 * An incremental parser of the text/event-stream format: feed it the decoded chunks as they come
 * (a chunk may end in the middle of a line, or of a CRLF pair), it returns the complete events.
 */
export class SseParser {
  private buffer = '';
  private eventType = '';
  private dataLines: string[] = [];
  private hasData = false;
  private pendingCr = false;
  lastEventId: string | null;
  /** The reconnection time the server asked for (a `retry:` field), if any. */
  retryMs: number | null = null;

  constructor(lastEventId: string | null = null) {
    this.lastEventId = lastEventId;
  }

  push(chunk: string): SseParseResult {
    const result: SseParseResult = { events: [], comments: [] };
    let text = chunk;
    // A CR at the end of the previous chunk already ended its line: a LF right after it is its pair.
    if (this.pendingCr && text.startsWith('\n')) text = text.slice(1);
    this.pendingCr = false;
    this.buffer += text;
    for (;;) {
      const match = /\r\n|\r|\n/.exec(this.buffer);
      if (!match) break;
      // A lone CR at the very end may be the first half of a CRLF split across chunks.
      if (match[0] === '\r' && match.index === this.buffer.length - 1) this.pendingCr = true;
      const line = this.buffer.slice(0, match.index);
      this.buffer = this.buffer.slice(match.index + match[0].length);
      this.line(line, result);
    }
    return result;
  }

  private line(line: string, result: SseParseResult): void {
    if (line === '') {
      this.dispatch(result);
      return;
    }
    if (line.startsWith(':')) {
      result.comments.push(line.slice(1).trimStart());
      return;
    }
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    switch (field) {
      case 'event':
        this.eventType = value;
        break;
      case 'data':
        this.dataLines.push(value);
        this.hasData = true;
        break;
      case 'id':
        if (!value.includes('\u0000')) this.lastEventId = value;
        break;
      case 'retry':
        if (/^\d+$/.test(value)) this.retryMs = Number(value);
        break;
      default:
        break;
    }
  }

  private dispatch(result: SseParseResult): void {
    if (this.hasData) {
      result.events.push({
        event: this.eventType || 'message',
        data: this.dataLines.join('\n'),
        id: this.lastEventId,
      });
    }
    this.eventType = '';
    this.dataLines = [];
    this.hasData = false;
  }
}

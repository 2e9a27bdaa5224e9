/** One Server-Sent Event as the stream client reads it. */
export interface ServerSentEvent {
  event: string;
  data: string;
  /** The last `id:` the stream named (at this event or before), or null when none yet. */
  id: string | null;
}

/**
 * The text/event-stream format (WHATWG HTML, "Server-sent events"), fed chunk by chunk as it arrives:
 * lines end with LF, CR or CRLF (also across chunks); a blank line dispatches the event; `:` starts a
 * comment (the server's heartbeat); a field's first space after the colon is dropped; an event without
 * data is not dispatched. `retry:` is read too.
 */
export class SseParser {
  private buffer = '';
  private pendingCr = false;
  private event = '';
  private data: string[] = [];
  private id: string | null = null;
  private hasData = false;

  constructor(
    private readonly handlers: {
      onEvent: (event: ServerSentEvent) => void;
      onComment?: (text: string) => void;
      onRetry?: (ms: number) => void;
    },
  ) {}

  feed(chunk: string): void {
    let text = chunk;
    // A CR that ended the previous chunk already ended its line: an LF right after it is the same break.
    if (this.pendingCr && text.startsWith('\n')) text = text.slice(1);
    this.pendingCr = false;
    this.buffer += text;
    for (;;) {
      const match = /\r\n|\r|\n/.exec(this.buffer);
      if (!match) break;
      // A CR at the very end may be half of a CRLF: take the line now, skip the LF if it comes next.
      if (match[0] === '\r' && match.index === this.buffer.length - 1) this.pendingCr = true;
      const line = this.buffer.slice(0, match.index);
      this.buffer = this.buffer.slice(match.index + match[0].length);
      this.line(line);
    }
  }

  private line(line: string): void {
    if (line === '') {
      this.dispatch();
      return;
    }
    if (line.startsWith(':')) {
      this.handlers.onComment?.(line.slice(1).trimStart());
      return;
    }
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') this.event = value;
    else if (field === 'data') {
      this.data.push(value);
      this.hasData = true;
    } else if (field === 'id' && !value.includes('\u0000')) this.id = value;
    else if (field === 'retry' && /^[0-9]+$/.test(value)) this.handlers.onRetry?.(Number(value));
  }

  private dispatch(): void {
    if (this.hasData) this.handlers.onEvent({ event: this.event || 'message', data: this.data.join('\n'), id: this.id });
    this.event = '';
    this.data = [];
    this.hasData = false;
    // The last event id stays for the next events (the spec's "last event ID buffer"), so it is kept here.
  }
}

import { SseParser, type ServerSentEvent } from './sseParser';

function parse(chunks: string[]) {
  const events: ServerSentEvent[] = [];
  const comments: string[] = [];
  const retries: number[] = [];
  const parser = new SseParser({ onEvent: (event) => events.push(event), onComment: (text) => comments.push(text), onRetry: (ms) => retries.push(ms) });
  for (const chunk of chunks) parser.feed(chunk);
  return { events, comments, retries };
}

describe('the event-stream parser', () => {
  it('reads events, ids, comments and retry as the server writes them, split anywhere', () => {
    const text = 'retry: 3000\n\nevent: unread\ndata: {"count":2}\n\n: heartbeat\n\nid: 41\nevent: case\ndata: {"a":1}\n\n';
    const whole = parse([text]);
    const split = parse(text.split(''));
    for (const { events, comments, retries } of [whole, split]) {
      expect(events).toEqual([
        { event: 'unread', data: '{"count":2}', id: null },
        { event: 'case', data: '{"a":1}', id: '41' },
      ]);
      expect(comments).toEqual(['heartbeat']);
      expect(retries).toEqual([3000]);
    }
  });

  it('takes CRLF and CR line ends (also a CRLF split between chunks), joins data lines and keeps the last id', () => {
    const { events } = parse(['id: 7\r', '\nevent: x\rdata: a\r\ndata:b\r\n\r\n', 'data: c\n\n', 'event: empty\n\n']);
    expect(events).toEqual([
      { event: 'x', data: 'a\nb', id: '7' },
      { event: 'message', data: 'c', id: '7' },
    ]);
  });
});

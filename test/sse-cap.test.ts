/**
 * One SSE event can never hold more than MAX_SSE_EVENT_BYTES: an over-long line or event is dropped
 * as it streams in (the events after it still arrive), and the parser scans each byte once.
 */
import { describe, expect, it } from 'vitest';
import { MAX_SSE_EVENT_BYTES, SseParser } from '../src/connect/sse.js';

const encoder = new TextEncoder();

function feed(parser: SseParser, text: string, chunk = 64 * 1024): string[] {
  const data: string[] = [];
  for (let i = 0; i < text.length; i += chunk) for (const e of parser.push(encoder.encode(text.slice(i, i + chunk)))) data.push(e.data);
  for (const e of parser.end()) data.push(e.data);
  return data;
}

describe('SSE event cap', () => {
  it('drops one over-long data line and keeps the events around it', () => {
    const parser = new SseParser();
    const huge = 'x'.repeat(MAX_SSE_EVENT_BYTES + 1024);
    const data = feed(parser, `data: {"before":1}\n\ndata: ${huge}\n\ndata: {"after":2}\n\n`);
    expect(data).toEqual(['{"before":1}', '{"after":2}']);
    expect(parser.oversizedEvents).toBe(1);
  });

  it('drops an event whose many lines add up past the cap', () => {
    const parser = new SseParser();
    const line = `data: ${'y'.repeat(1024 * 1024)}\n`;
    const data = feed(parser, `${line.repeat(17)}\ndata: ok\n\n`);
    expect(data).toEqual(['ok']);
    expect(parser.oversizedEvents).toBe(1);
  });

  it('leaves ordinary streams alone, CRLF split across chunks included', () => {
    const parser = new SseParser();
    expect(feed(parser, 'event: message\r\ndata: a\r\ndata: b\r\n\r\n: comment\n\ndata: c\n\n', 3)).toEqual(['a\nb', 'c']);
    expect(parser.oversizedEvents).toBe(0);
  });

  it('ends a dropped line at a CRLF split across chunks, and only a truly blank line ends the event', () => {
    const parser = new SseParser();
    const events: string[] = [];
    const push = (text: string) => {
      for (const e of parser.push(encoder.encode(text))) events.push(e.data);
    };
    push(`data: ${'x'.repeat(MAX_SSE_EVENT_BYTES)}`);
    push('x\r');
    push('\nstill dropped');
    push('\n');
    push('id: 7\n');
    push('tail of a line\n\n');
    push('data: next\r\n\r\n');
    expect(events).toEqual(['next']);
    expect(parser.oversizedEvents).toBe(1);
  });
});

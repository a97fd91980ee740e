/** The HTTP body decoder on its own: bytes in, JSON-RPC messages and the body record out, no sockets. */
import { describe, expect, it } from 'vitest';
import { BODY_TEXT_CAP, BodyDecoder, unreadBody } from '../src/connect/http-body.js';

const bytes = (text: string): Buffer => Buffer.from(text, 'utf8');
const json = (maxBytes = 1 << 20) => new BodyDecoder({ sse: false, maxBytes });
const sse = (maxBytes = 1 << 20, onEvent?: (event: { event: string; data: string }) => boolean) =>
  new BodyDecoder({ sse: true, maxBytes, ...(onEvent ? { onEvent } : {}) });
const messages = (decoded: readonly { message: unknown }[]) => decoded.map((d) => d.message);

describe('JSON bodies', () => {
  it('decode one message at the end, sized by the whole body', () => {
    const decoder = json();
    const body = '{"jsonrpc":"2.0","id":1,"result":{}}';
    expect(decoder.push(bytes(body.slice(0, 10)))).toEqual([]);
    expect(decoder.push(bytes(body.slice(10)))).toEqual([]);
    expect(decoder.end()).toEqual([{ message: { jsonrpc: '2.0', id: 1, result: {} }, bytes: body.length }]);
    expect(decoder.end()).toEqual([]);
    expect(decoder.describe(200, [7])).toEqual({ kind: 'json', bytes: body.length, frames: [7] });
  });

  it('decode a batch item by item, keeping only what looks like JSON-RPC', () => {
    const decoder = json();
    decoder.push(bytes('[{"jsonrpc":"2.0","id":1,"result":1},{"hello":true},{"jsonrpc":"2.0","method":"notifications/x"}]'));
    const out = decoder.end();
    expect(messages(out)).toEqual([
      { jsonrpc: '2.0', id: 1, result: 1 },
      { jsonrpc: '2.0', method: 'notifications/x' },
    ]);
    expect(out[0]!.bytes).toBe(Buffer.byteLength(JSON.stringify({ jsonrpc: '2.0', id: 1, result: 1 })));
  });

  it('keep the text of an error answer, not of a success', () => {
    const body = '{"jsonrpc":"2.0","id":null,"error":{"code":-32000,"message":"Bad"}}';
    const failed = json();
    failed.push(bytes(body));
    failed.end();
    expect(failed.describe(400, [])).toEqual({ kind: 'json', bytes: body.length, text: body });
    const ok = json();
    ok.push(bytes(body));
    ok.end();
    expect(ok.describe(200, []).text).toBeUndefined();
  });

  it('record other bodies as capped text, and an empty one as empty', () => {
    const decoder = json();
    decoder.push(bytes('x'.repeat(BODY_TEXT_CAP + 500)));
    expect(decoder.end()).toEqual([]);
    expect(decoder.describe(200, [])).toEqual({ kind: 'text', bytes: BODY_TEXT_CAP + 500, text: 'x'.repeat(BODY_TEXT_CAP) });
    const empty = json();
    expect(empty.end()).toEqual([]);
    expect(empty.describe(202, [])).toEqual({ kind: 'empty', bytes: 0 });
    expect(unreadBody(true)).toEqual({ kind: 'not-read', bytes: 0 });
  });

  it('stop at the size cap and never parse a cut body', () => {
    const decoder = json(10);
    decoder.push(bytes('{"jsonrpc":'));
    expect(decoder.overflowed).toBe(true);
    expect(decoder.push(bytes('"2.0","id":1,"result":{}}'))).toEqual([]);
    expect(decoder.end()).toEqual([]);
    expect(decoder.describe(200, [])).toMatchObject({ kind: 'text', truncated: true });
  });

  it('keep only the head of a body past the cap, and quote it', () => {
    const cap = 100_000;
    const decoder = json(cap);
    const chunk = '{"a":"'.padEnd(20_000, 'a');
    for (let i = 0; i < 10; i++) decoder.push(bytes(chunk));
    expect(decoder.overflowed).toBe(true);
    expect(decoder.text().length).toBeLessThanOrEqual(BODY_TEXT_CAP * 4);
    expect(decoder.end()).toEqual([]);
    expect(decoder.describe(200, [])).toEqual({ kind: 'text', bytes: 200_000, text: chunk.slice(0, BODY_TEXT_CAP), truncated: true });
  });

  it('never parse a body marked truncated (a stream stopped before its end)', () => {
    const decoder = json();
    decoder.push(bytes('{"jsonrpc":"2.0","id":1,"result":{}}'));
    decoder.markTruncated();
    expect(decoder.end()).toEqual([]);
    expect(decoder.describe(200, [])).toMatchObject({ kind: 'text', truncated: true });
  });
});

describe('SSE bodies', () => {
  it('decode several events as they complete, with names, ids and retry recorded', () => {
    const decoder = sse();
    const first = decoder.push(bytes('event: message\nid: 1\ndata: {"jsonrpc":"2.0","method":"notifications/progress"}\n\n'));
    expect(messages(first)).toEqual([{ jsonrpc: '2.0', method: 'notifications/progress' }]);
    const rest = decoder.push(
      bytes('retry: 500\n\n: comment\nevent: custom\nid: 2\ndata: {"jsonrpc":"2.0",\ndata: "id":1,"result":{}}\n\n'),
    );
    expect(messages(rest)).toEqual([{ jsonrpc: '2.0', id: 1, result: {} }]);
    expect(decoder.end()).toEqual([]);
    expect(decoder.describe(200, [3, 4])).toEqual({
      kind: 'sse',
      bytes: expect.any(Number),
      events: 3,
      firstEvent: { id: true, empty: false },
      eventNames: ['custom'],
      eventIds: ['1', '2'],
      retry: 500,
      frames: [3, 4],
    });
  });

  it('record whether the first event primes the stream (an id and empty data)', () => {
    const primed = sse();
    primed.push(bytes('id: s1-0\nretry: 1000\ndata:\n\nid: s1-1\ndata: {"jsonrpc":"2.0","id":1,"result":{}}\n\n'));
    expect(primed.describe(200, [])).toMatchObject({ firstEvent: { id: true, empty: true }, eventIds: ['s1-0', 's1-1'], retry: 1000 });
    const unprimed = sse();
    unprimed.push(bytes('data: {"jsonrpc":"2.0","id":1,"result":{}}\n\n'));
    expect(unprimed.describe(200, [])).toMatchObject({ firstEvent: { id: false, empty: false } });
  });

  it('hold an event cut mid-line, mid-character or between CR and LF until it completes', () => {
    const decoder = sse();
    const stream = bytes('data: {"jsonrpc":"2.0","id":"é","result":{}}\r\n\r\ndata: {"jsonrpc":"2.0","id":2,"result":{}}\r\n\r\n');
    const out: unknown[] = [];
    // One byte at a time: every boundary, the two bytes of "é" and every CR/LF pair included.
    for (let i = 0; i < stream.length; i++) out.push(...messages(decoder.push(stream.subarray(i, i + 1))));
    expect(out).toEqual([
      { jsonrpc: '2.0', id: 'é', result: {} },
      { jsonrpc: '2.0', id: 2, result: {} },
    ]);
  });

  it('drop an event the stream ended without finishing', () => {
    const decoder = sse();
    expect(decoder.push(bytes('data: {"jsonrpc":"2.0","id":1,"result":{}}\n'))).toEqual([]);
    expect(decoder.end()).toEqual([]);
    expect(decoder.describe(200, []).events).toBe(0);
  });

  it('let the legacy endpoint event be consumed before it becomes a message', () => {
    const seen: string[] = [];
    const decoder = sse(1 << 20, (event) => {
      seen.push(event.event);
      return event.event === 'endpoint';
    });
    expect(
      decoder.push(bytes('event: endpoint\ndata: /messages?session=1\n\ndata: {"jsonrpc":"2.0","id":1,"result":{}}\n\n')),
    ).toHaveLength(1);
    expect(seen).toEqual(['endpoint', 'message']);
    expect(decoder.text()).toBe('');
  });

  it('keep data that is not JSON as text, up to the cap, and event names up to 50', () => {
    const decoder = sse();
    const line = 'y'.repeat(300);
    for (let i = 0; i < 60; i++) decoder.push(bytes(`event: e${i}\ndata: ${line}\n\n`));
    const body = decoder.describe(200, []);
    expect(body.events).toBe(60);
    expect(body.eventNames).toHaveLength(50);
    expect(body.text).toBeUndefined(); // SSE text goes to the result, not the record
    // Chunks are kept while under the cap: the last one kept may cross it.
    expect(decoder.text().length).toBeGreaterThanOrEqual(BODY_TEXT_CAP);
    expect(decoder.text().length).toBeLessThan(BODY_TEXT_CAP + line.length + 1);
  });

  it('keep only the head of a non-JSON event, however long', () => {
    const decoder = sse(4 << 20);
    decoder.push(bytes(`data: ${'z'.repeat(2 << 20)}\n\n`));
    expect(decoder.text().length).toBeLessThanOrEqual(BODY_TEXT_CAP + 1);
    decoder.push(bytes('data: later\n\n'));
    expect(decoder.text().startsWith('zzz')).toBe(true);
  });

  it('stop decoding past the size cap', () => {
    const decoder = sse(40);
    expect(decoder.push(bytes('data: {"jsonrpc":"2.0","id":1,"result":{}}\n\n'))).toEqual([]);
    expect(decoder.overflowed).toBe(true);
    expect(decoder.describe(200, [])).toMatchObject({ kind: 'sse', truncated: true, events: 0 });
  });
});

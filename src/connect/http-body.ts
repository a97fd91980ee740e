/**
 * Decodes one HTTP response body into the JSON-RPC messages it carries and the HttpBody record the
 * capture keeps: a JSON document (one message or a batch) or an SSE stream (messages as events
 * arrive). Pure: bytes in, messages out, no sockets; the exchanger feeds it and stops reading when
 * it says the body outgrew its cap.
 */
import type { HttpBody } from '../model/capture.js';
import { isObject } from '../shared/json.js';
import { SseParser, type SseEvent } from './sse.js';

/** Characters of body text kept in the record and the result. */
export const BODY_TEXT_CAP = 2000;
/** SSE event names and ids kept per body. */
const MAX_EVENT_LABELS = 50;
/** Bytes of a body kept once it is certain to be cut: enough for BODY_TEXT_CAP characters of UTF-8. */
const HEAD_BYTES = BODY_TEXT_CAP * 4;

export interface DecodedMessage {
  readonly message: unknown;
  /** Its size, for the frame. */
  readonly bytes: number;
}

export interface BodyDecoderOptions {
  /** The body is a text/event-stream. */
  readonly sse: boolean;
  /** Largest body read; past it the decoder ignores the rest and says `overflowed`. */
  readonly maxBytes: number;
  /** SSE: sees every event first; returns true when it consumed it (the legacy endpoint event). */
  readonly onEvent?: (event: SseEvent) => boolean;
}

export class BodyDecoder {
  private readonly sse: SseParser | undefined;
  private textChunks: Buffer[] = [];
  private textBytes = 0;
  /** The kept text, decoded once. */
  private decoded: string | undefined;
  private totalBytes = 0;
  private events = 0;
  private readonly eventNames: string[] = [];
  private readonly eventIds: string[] = [];
  private retry: number | undefined;
  /** The id of the last event that had one (what a client resumes from with Last-Event-ID). */
  lastEventId: string | undefined;
  /** The first event: whether it carried an id, and whether its data was empty (a priming event has both). */
  private first: { id: boolean; empty: boolean } | undefined;
  private json = false;
  private cut = false;
  private ended = false;

  constructor(private readonly options: BodyDecoderOptions) {
    this.sse = options.sse ? new SseParser() : undefined;
  }

  /** Bytes received, the one that crossed the cap included. */
  get bytes(): number {
    return this.totalBytes;
  }

  get overflowed(): boolean {
    return this.totalBytes > this.options.maxBytes;
  }

  /** The last `retry` field the stream sent. */
  get retryMs(): number | undefined {
    return this.retry;
  }

  get truncated(): boolean {
    return this.cut;
  }

  /** SSE events dropped because they outgrew the event cap. */
  get oversizedEvents(): number {
    return this.sse?.oversizedEvents ?? 0;
  }

  /** The body was cut short (cap, or the stream stopped before its end). */
  markTruncated(): void {
    this.cut = true;
  }

  /** Feed one chunk; returns the messages it completed (SSE), none past the cap. */
  push(chunk: Uint8Array): DecodedMessage[] {
    this.totalBytes += chunk.length;
    if (this.overflowed) {
      // The body will never be parsed: only the head its record quotes is worth keeping.
      if (!this.cut) this.keepHeadOnly();
      this.cut = true;
      return [];
    }
    if (this.sse) return this.sse.push(chunk).flatMap((event) => this.event(event));
    this.keepText(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length));
    return [];
  }

  /** The body ended (or was abandoned): the messages still in it. Only the first call decodes. */
  end(): DecodedMessage[] {
    if (this.ended) return [];
    this.ended = true;
    if (this.sse) return this.sse.end().flatMap((event) => this.event(event));
    if (this.totalBytes === 0 || this.cut) return [];
    const parsed = parseJson(this.text());
    // Parsed or not, the record and the result quote only the head of the text.
    this.decoded = clip(this.decoded ?? '');
    if (!parsed.ok) return [];
    this.json = true;
    return Array.isArray(parsed.value) ? parsed.value.flatMap(batchItem) : messageOf(parsed.value, this.totalBytes);
  }

  /** The kept text: the raw body, or for SSE the data of events that were not JSON. */
  text(): string {
    if (this.decoded === undefined) {
      // Chunk by chunk, each dropped once decoded: no concatenated copy of the bytes beside the text.
      const decoder = new TextDecoder('utf-8');
      const parts: string[] = [];
      const chunks = this.textChunks;
      this.textChunks = [];
      for (let i = 0; i < chunks.length; i++) {
        parts.push(decoder.decode(chunks[i], { stream: true }));
        chunks[i] = EMPTY;
      }
      parts.push(decoder.decode());
      this.decoded = parts.join('');
    }
    return this.decoded;
  }

  /** The record of the body, once it ended; `frames` are those its messages became. */
  describe(status: number | undefined, frames: readonly number[]): HttpBody {
    const text = this.text();
    const kind: HttpBody['kind'] = this.sse ? 'sse' : this.totalBytes === 0 ? 'empty' : this.json ? 'json' : 'text';
    // JSON bodies keep their text only when they are error answers (the rules quote them).
    const keepsText = kind === 'json' ? status === undefined || status >= 300 : kind !== 'sse';
    return {
      kind,
      bytes: this.totalBytes,
      ...(keepsText && text ? { text: text.slice(0, BODY_TEXT_CAP) } : {}),
      ...(this.sse ? this.eventSummary() : {}),
      ...(frames.length ? { frames } : {}),
      ...(this.cut ? { truncated: true } : {}),
    };
  }

  private eventSummary(): Pick<HttpBody, 'events' | 'eventNames' | 'eventIds' | 'retry' | 'firstEvent'> {
    return {
      events: this.events,
      ...(this.first ? { firstEvent: this.first } : {}),
      ...(this.eventNames.length ? { eventNames: this.eventNames } : {}),
      ...(this.eventIds.length ? { eventIds: this.eventIds } : {}),
      ...(this.retry !== undefined ? { retry: this.retry } : {}),
    };
  }

  private event(event: SseEvent): DecodedMessage[] {
    this.events++;
    this.first ??= { id: event.id !== undefined && event.id !== '', empty: event.data.trim() === '' };
    if (this.eventNames.length < MAX_EVENT_LABELS && event.event !== 'message') this.eventNames.push(event.event);
    if (event.id !== undefined && this.eventIds.length < MAX_EVENT_LABELS) this.eventIds.push(event.id);
    if (event.retry !== undefined) this.retry = event.retry;
    if (event.id !== undefined && event.id !== '') this.lastEventId = event.id;
    if (this.options.onEvent?.(event)) return [];
    if (event.data.trim() === '') return [];
    const parsed = parseJson(event.data);
    if (parsed.ok)
      return Array.isArray(parsed.value) ? parsed.value.flatMap(batchItem) : messageOf(parsed.value, Buffer.byteLength(event.data));
    if (this.textBytes < BODY_TEXT_CAP) this.keepText(Buffer.from(`${clip(event.data)}\n`));
    return [];
  }

  private keepText(chunk: Buffer): void {
    // Text asked for mid-stream was decoded already: it goes back in front of the new chunk.
    if (this.decoded !== undefined) this.textChunks = [Buffer.from(this.decoded, 'utf8')];
    this.decoded = undefined;
    this.textChunks.push(chunk);
    this.textBytes += chunk.length;
  }

  /** Forget all but the first HEAD_BYTES of the kept text (copied, so the big chunks can go). */
  private keepHeadOnly(): void {
    const head: Buffer[] = [];
    let bytes = 0;
    for (const chunk of this.textChunks) {
      if (bytes >= HEAD_BYTES) break;
      const part = chunk.subarray(0, HEAD_BYTES - bytes);
      head.push(Buffer.from(part));
      bytes += part.length;
    }
    this.textChunks = head;
    this.textBytes = bytes;
  }
}

const EMPTY = Buffer.alloc(0);

/** The first BODY_TEXT_CAP characters of a text, as a string of its own (a slice would keep the whole text alive). */
function clip(text: string): string {
  return text.length <= BODY_TEXT_CAP ? text : Buffer.from(text.slice(0, BODY_TEXT_CAP), 'utf8').toString('utf8');
}

/** The record of a body that was never read: abandoned after its headers, or a redirect. */
export function unreadBody(headersOnly: boolean): HttpBody {
  return { kind: headersOnly ? 'not-read' : 'empty', bytes: 0 };
}

/** Only values that look like JSON-RPC messages become frames. */
export function isJsonRpcLike(value: unknown): boolean {
  if (!isObject(value)) return false;
  if (typeof value.method === 'string') return true;
  return 'result' in value || 'error' in value;
}

function messageOf(value: unknown, bytes: number): DecodedMessage[] {
  return isJsonRpcLike(value) ? [{ message: value, bytes }] : [];
}

function batchItem(item: unknown): DecodedMessage[] {
  return messageOf(item, Buffer.byteLength(JSON.stringify(item) ?? ''));
}

export function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

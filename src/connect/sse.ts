/**
 * Server-Sent Events, parsed incrementally from raw bytes as the WHATWG event-stream
 * interpretation describes: `event`, `data` (several lines joined with "\n"), `id`, `retry`,
 * comments (lines starting with ":") ignored, an event dispatched at each blank line. Used for
 * Streamable HTTP responses and GET streams and for the legacy HTTP+SSE transport (2024-11-05).
 */

/**
 * Largest event mcplint assembles (the stdio line cap's size): a bigger one is dropped as it
 * streams in, so one endless line or event never holds more than this in memory.
 */
export const MAX_SSE_EVENT_BYTES = 16 * 1024 * 1024;

export interface SseEvent {
  /** The `event` field; "message" when absent, as the standard says. */
  readonly event: string;
  readonly data: string;
  readonly id?: string;
  readonly retry?: number;
  /** Bytes of the event's lines, for frame sizes. */
  readonly bytes: number;
}

export class SseParser {
  private readonly decoder = new TextDecoder('utf-8');
  private buffer = '';
  private eventName = '';
  private data: string[] = [];
  private id: string | undefined;
  private retry: number | undefined;
  private bytes = 0;
  private sawField = false;
  private first = true;
  /** Where the search for the next line end resumes: no byte of the buffer is scanned twice. */
  private scanned = 0;
  /** Inside an over-long line or event: dropped up to the end of its event. */
  private dropping = false;
  /** Events dropped because they outgrew MAX_SSE_EVENT_BYTES. */
  oversizedEvents = 0;

  /** Feed bytes; returns the events completed by them. */
  push(chunk: Uint8Array): SseEvent[] {
    let text = this.decoder.decode(chunk, { stream: true });
    if (this.first && text.length > 0) {
      // A leading byte-order mark is ignored.
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      this.first = false;
    }
    this.buffer += text;
    return this.drain(false);
  }

  /** End of stream: an event without its terminating blank line is discarded, per the standard. */
  end(): SseEvent[] {
    this.buffer += this.decoder.decode();
    return this.drain(true);
  }

  private drain(atEnd: boolean): SseEvent[] {
    const events: SseEvent[] = [];
    const lineEnd = /\r\n|\r|\n/g;
    for (;;) {
      lineEnd.lastIndex = this.scanned;
      const match = lineEnd.exec(this.buffer);
      // A lone "\r" at the very end may be the first half of "\r\n": wait for more.
      if (!match || (match[0] === '\r' && match.index === this.buffer.length - 1 && !atEnd)) {
        this.scanned = Math.max(0, this.buffer.length - 1);
        if (this.bytes + this.buffer.length > MAX_SSE_EVENT_BYTES) {
          // An unfinished line past the cap: nothing of it is kept.
          this.buffer = '';
          this.scanned = 0;
          this.startDropping();
        }
        break;
      }
      const line = this.buffer.slice(0, match.index);
      this.buffer = this.buffer.slice(match.index + match[0].length);
      this.scanned = 0;
      const event = this.line(line);
      if (event) events.push(event);
    }
    return events;
  }

  /** The event in progress outgrew the cap: forget what it has so far and skip to its end. */
  private startDropping(): void {
    if (!this.dropping) this.oversizedEvents++;
    this.dropping = true;
    this.data = [];
    this.bytes = 0;
  }

  private line(line: string): SseEvent | undefined {
    if (this.dropping) {
      // The rest of an over-long event: nothing of it is kept, and its blank line ends the drop.
      if (line === '') {
        this.dropping = false;
        this.eventName = '';
        this.id = undefined;
        this.retry = undefined;
        this.sawField = false;
      }
      return undefined;
    }
    this.bytes += Buffer.byteLength(line) + 1;
    if (this.bytes > MAX_SSE_EVENT_BYTES) {
      this.startDropping();
      return undefined;
    }
    if (line === '') {
      if (!this.sawField) {
        this.bytes = 0;
        return undefined;
      }
      const event: SseEvent = {
        event: this.eventName || 'message',
        data: this.data.join('\n'),
        ...(this.id !== undefined ? { id: this.id } : {}),
        ...(this.retry !== undefined ? { retry: this.retry } : {}),
        bytes: this.bytes,
      };
      this.eventName = '';
      this.data = [];
      this.id = undefined;
      this.retry = undefined;
      this.bytes = 0;
      this.sawField = false;
      return event;
    }
    if (line.startsWith(':')) return undefined;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    switch (field) {
      case 'event':
        this.eventName = value;
        this.sawField = true;
        break;
      case 'data':
        this.data.push(value);
        this.sawField = true;
        break;
      case 'id':
        if (!value.includes('\u0000')) this.id = value;
        this.sawField = true;
        break;
      case 'retry':
        if (/^\d+$/.test(value)) this.retry = Number(value);
        this.sawField = true;
        break;
      default:
        break;
    }
    return undefined;
  }
}

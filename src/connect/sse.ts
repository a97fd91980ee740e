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
  /** The unfinished line so far, in the pieces it arrived in (joined once, when it ends). */
  private pending: string[] = [];
  private pendingLength = 0;
  /** Dropping: the unfinished line had characters (so its end is not a blank line). */
  private pendingDropped = false;
  /** The last chunk ended with "\r": a "\n" starting the next one is the rest of that line end. */
  private skipLineFeed = false;
  private eventName = '';
  private data: string[] = [];
  private id: string | undefined;
  private retry: number | undefined;
  private bytes = 0;
  private sawField = false;
  private first = true;
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
    return this.scan(text);
  }

  /** End of stream: an event without its terminating blank line is discarded, per the standard. */
  end(): SseEvent[] {
    return this.scan(this.decoder.decode());
  }

  /** Split the new text into lines; each character is looked at once, and only its own chunk is searched. */
  private scan(text: string): SseEvent[] {
    const events: SseEvent[] = [];
    let from = 0;
    if (this.skipLineFeed && text.length > 0) {
      this.skipLineFeed = false;
      if (text.charCodeAt(0) === 0x0a) from = 1;
    }
    const lineEnd = /\r\n|\r|\n/g;
    lineEnd.lastIndex = from;
    for (let match = lineEnd.exec(text); match; match = lineEnd.exec(text)) {
      const piece = text.slice(from, match.index);
      from = match.index + match[0].length;
      // A "\r" ending the chunk ends the line now; a "\n" opening the next chunk completes it.
      if (match[0] === '\r' && from === text.length) this.skipLineFeed = true;
      const event = this.line(this.takeLine(piece));
      if (event) events.push(event);
    }
    this.hold(text.slice(from));
    return events;
  }

  /** The whole line that ends with `piece`. */
  private takeLine(piece: string): string {
    if (this.dropping) {
      // Its characters do not matter, only whether it had any (a blank line ends the event).
      const blank = !this.pendingDropped && piece === '';
      this.pendingDropped = false;
      return blank ? '' : ' ';
    }
    const line = this.pending.length > 0 ? this.pending.join('') + piece : piece;
    this.pending = [];
    this.pendingLength = 0;
    return line;
  }

  /** Keep the start of an unfinished line, unless it is past the cap or being dropped. */
  private hold(rest: string): void {
    if (rest === '') return;
    if (!this.dropping) {
      this.pending.push(rest);
      this.pendingLength += rest.length;
      if (this.bytes + this.pendingLength <= MAX_SSE_EVENT_BYTES) return;
      // An unfinished line past the cap: nothing of it is kept.
      this.pending = [];
      this.pendingLength = 0;
      this.startDropping();
    }
    this.pendingDropped = true;
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

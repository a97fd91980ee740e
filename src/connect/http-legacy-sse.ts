/**
 * The legacy HTTP+SSE transport (2024-11-05, deprecated since 2025-03-26): one long GET stream
 * whose first `endpoint` event names the URL messages are POSTed to; every answer comes on the
 * stream. Messages sent before the endpoint is known wait in a queue.
 */
import type { ExchangeResult } from './http-exchange.js';
import { httpError, requestIdOf, type HttpSessionHost } from './http-transport.js';
import type { SseEvent } from './sse.js';

interface Queued {
  readonly line: string;
  readonly message: unknown;
  readonly sendFrame: number;
}

export class LegacySse {
  readonly kind = 'sse';
  /** Where messages are POSTed, from the stream's endpoint event. */
  private postUrl: URL | undefined;
  private stream: Promise<boolean> | undefined;
  private readonly queue: Queued[] = [];

  constructor(private readonly host: HttpSessionHost) {}

  send(line: string, message: unknown, sendFrame: number): void {
    this.queue.push({ line, message, sendFrame });
    void this.flush();
  }

  /** The legacy transport adds no session headers: its session lives in the endpoint URL. */
  headers(): Record<string, string> {
    return {};
  }

  /** Open the stream once; true when it named an endpoint. */
  ensureStream(): Promise<boolean> {
    this.stream ??= this.openStream();
    return this.stream;
  }

  /** POST queued messages to the endpoint the stream names. */
  private async flush(): Promise<void> {
    const ok = await this.ensureStream();
    while (this.queue.length > 0) {
      const item = this.queue.shift()!;
      const id = requestIdOf(item.message);
      if (!ok || !this.postUrl) {
        if (id !== undefined) this.host.settle(id, { kind: 'closed', ms: this.host.elapsed() });
        continue;
      }
      const posting = this.host.exchange({
        method: 'POST',
        purpose: 'message',
        url: this.postUrl,
        body: item.line,
        message: item.message,
        sendFrame: item.sendFrame,
        bare: true,
      });
      this.host.track(posting.then((result) => this.settlePost(id, result)));
    }
  }

  /** A 2xx POST is answered on the stream; anything else settles its request here. */
  private settlePost(id: string | number | undefined, result: ExchangeResult): void {
    const { host } = this;
    if (id === undefined || !host.isPending(id)) return;
    if (result.error !== undefined) host.settle(id, { kind: 'closed', ms: host.elapsed() });
    else if (result.status === undefined || result.status < 200 || result.status > 299) {
      host.settle(id, { kind: 'error', error: httpError(result.status ?? 0, result), frame: -1, ms: host.elapsed() });
    }
  }

  /** GET the SSE stream and wait for its `endpoint` event (within the request timeout). */
  private openStream(): Promise<boolean> {
    const { host } = this;
    return new Promise<boolean>((resolve) => {
      let settled = false;
      const done = (ok: boolean): void => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(ok);
      };
      const timer = setTimeout(() => {
        host.notes.push(`The legacy SSE stream sent no endpoint event within ${host.timeoutMs} ms.`);
        done(false);
      }, host.timeoutMs);
      const stream = host.exchange({
        method: 'GET',
        purpose: 'sse-stream',
        bare: true,
        onHeaders: (status) => {
          if (status < 200 || status > 299) done(false);
        },
        onEvent: (event) => this.endpointEvent(event, done),
      });
      host.track(stream.then((result) => this.streamEnded(result, done)));
    });
  }

  /** Consumes the `endpoint` event; other events are messages. */
  private endpointEvent(event: SseEvent, done: (ok: boolean) => void): boolean {
    if (event.event !== 'endpoint') return false;
    try {
      this.postUrl = new URL(event.data.trim(), this.host.endpoint);
      done(true);
    } catch {
      this.host.notes.push(`The legacy SSE endpoint event carried an unusable URI: ${JSON.stringify(event.data.slice(0, 200))}.`);
      done(false);
    }
    return true;
  }

  private streamEnded(result: ExchangeResult, done: (ok: boolean) => void): void {
    const { host } = this;
    if (result.error !== undefined && !host.everAnswered && !host.isClosed) host.unreachable(new Error(result.error));
    if (result.status !== undefined) host.everAnswered = true;
    done(false);
    if (host.transport === 'sse' && this.postUrl && !host.isClosed && !host.terminated) {
      host.notes.push('The server closed the legacy SSE stream; later answers could not arrive.');
      host.fail(new Error('The legacy SSE stream ended.'));
    }
  }
}

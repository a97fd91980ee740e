/**
 * HTTP connection: Streamable HTTP (2025-03-26 on, and the 2026-07-28 wire) with a fallback to the
 * legacy HTTP+SSE transport (2024-11-05). Built on node:http rather than the SDK transports, which
 * hide exactly what the HTTP rules judge: status codes, content types, session ids and SSE framing.
 * Every request and response is recorded as an HttpExchange (http-exchange.ts); every JSON-RPC
 * message a body carries becomes a frame tagged with its exchange. User headers are sent but only
 * their names recorded. This file is the session both transports share and the switch between them.
 */
import type { CappedText, FrameHttp, HttpExchange, ProcessExit } from '../model/capture.js';
import { isObject } from '../shared/json.js';
import { FRAME_MESSAGE_CAP, RecordingSession, type Connection } from './connection.js';
import { HttpExchanger, type ExchangeHost, type ExchangeResult, type ExchangeSpec } from './http-exchange.js';
import { LegacySse } from './http-legacy-sse.js';
import { StreamableHttp } from './http-streamable.js';
import type { HttpSessionHost } from './http-transport.js';

export type { ExchangeResult, ExchangeSpec } from './http-exchange.js';
export { MODERN_ERROR_CODES } from './http-streamable.js';

export type HttpTransportChoice = 'auto' | 'http' | 'sse';

export interface HttpTarget {
  readonly url: string;
  /** Extra request headers (authorization…). Values are sent, never recorded. */
  readonly headers?: Readonly<Record<string, string>>;
  /** auto: Streamable HTTP, falling back to HTTP+SSE when the server rejects the POST; http / sse: only that. */
  readonly transport?: HttpTransportChoice;
  /** Origins besides the URL's own that may receive requests (redirects, a legacy SSE endpoint). */
  readonly allowOrigins?: readonly string[];
}

export interface HttpOptions {
  readonly timeoutMs: number;
  /** Largest response body read; past it the response is abandoned. */
  readonly maxBodyBytes?: number;
}

const DEFAULT_MAX_BODY = 64 * 1024 * 1024;

/** What a probe may set on its one POST (the rest is the probe's message). */
export type ProbeSpec = Omit<ExchangeSpec, 'method' | 'purpose' | 'body' | 'message' | 'sendFrame' | 'probe'>;

export class HttpConnection extends RecordingSession implements Connection {
  readonly closed: Promise<void>;
  /** The MCP endpoint (updated when a POST is redirected). */
  endpoint: URL;
  /** Version sent in MCP-Protocol-Version once negotiated. */
  negotiatedVersion: string | undefined;
  /** The error that made the server unreachable, when it was. */
  connectError: Error | undefined;
  private readonly exchanger: HttpExchanger;
  private readonly streamable: StreamableHttp;
  private readonly legacy: LegacySse;
  private active: StreamableHttp | LegacySse;
  private readonly inflightDone = new Set<Promise<unknown>>();
  /** Notification POSTs and DELETEs still waiting for their answer (202, 200…), which comes when it comes. */
  private readonly unacknowledged = new Set<Promise<unknown>>();
  private readonly initializeIds = new Set<string>();
  private resolveClosed!: () => void;
  private everAnswered = false;
  private fellBack = false;
  private terminated = false;

  constructor(
    target: HttpTarget,
    private readonly options: HttpOptions,
  ) {
    super(options.timeoutMs);
    this.endpoint = new URL(target.url);
    const choice = target.transport ?? 'auto';
    const host = this.sessionHost();
    this.streamable = new StreamableHttp(host, choice === 'auto' ? (message, status) => this.fallBack(message, status) : undefined);
    this.legacy = new LegacySse(host);
    this.active = choice === 'sse' ? this.legacy : this.streamable;
    this.exchanger = new HttpExchanger(this.exchangeHost(), {
      timeoutMs: options.timeoutMs,
      maxBodyBytes: options.maxBodyBytes ?? DEFAULT_MAX_BODY,
      userHeaders: target.headers ?? {},
      secure: this.endpoint.protocol === 'https:',
      allowedOrigins: new Set([this.endpoint.origin, ...(target.allowOrigins ?? []).map((o) => new URL(o).origin)]),
    });
    this.closed = new Promise<void>((resolve) => (this.resolveClosed = resolve));
  }

  /** Every request and response so far, in order. */
  get exchanges(): HttpExchange[] {
    return this.exchanger.exchanges;
  }

  /** Session id issued by the server at initialization (Streamable HTTP). */
  get sessionId(): string | undefined {
    return this.streamable.sessionId;
  }

  /** The per-request timeout, for probes. */
  get timeoutMs(): number {
    return this.options.timeoutMs;
  }

  get transport(): 'http' | 'sse' {
    return this.active.kind;
  }

  /** Whether the legacy HTTP+SSE transport is in use because Streamable HTTP was refused. */
  get usedFallback(): boolean {
    return this.fellBack;
  }

  stderr(): CappedText {
    return { text: '', totalBytes: 0, truncated: false };
  }

  protected write(line: string, message: unknown): void {
    const sendFrame = this.frames.length - 1;
    if (isObject(message) && message.method === 'initialize' && 'id' in message) this.initializeIds.add(idKey(message.id));
    this.active.send(line, message, sendFrame);
  }

  protected override receive(message: unknown, bytes: number, offset?: number, truncated = false, http?: FrameHttp): number {
    const frame = super.receive(message, bytes, offset, truncated, http);
    if (isObject(message) && 'id' in message && this.initializeIds.has(idKey(message.id)) && isObject(message.result)) {
      if (typeof message.result.protocolVersion === 'string') this.negotiatedVersion = message.result.protocolVersion;
    }
    return frame;
  }

  /**
   * A probe: POST one JSON-RPC message with the given protocol headers, outside the normal flow
   * (its send is recorded as a frame, its answer received like any other), and wait for the whole
   * response, at most the request timeout.
   */
  probeMessage(probe: string, message: Record<string, unknown>, spec: ProbeSpec = {}): Promise<ExchangeResult> {
    const sendFrame = this.recordSent(message);
    return this.exchange({
      maxMs: this.options.timeoutMs,
      ...spec,
      method: 'POST',
      purpose: 'probe',
      body: JSON.stringify(message),
      message,
      ...(sendFrame >= 0 ? { sendFrame } : {}),
      probe,
    });
  }

  /**
   * One HTTP request and its response, recorded. Never throws: network failures come back as
   * `error`. JSON and SSE bodies are parsed and their JSON-RPC messages received as frames.
   */
  exchange(spec: ExchangeSpec): Promise<ExchangeResult> {
    const result = this.exchanger.send(spec, spec.url ?? this.endpoint);
    if (spec.method === 'DELETE' || (spec.method === 'POST' && isNotification(spec.message))) {
      const pending = result.finally(() => this.unacknowledged.delete(pending));
      this.unacknowledged.add(pending);
    }
    return result;
  }

  /**
   * Resolves once every notification and DELETE sent so far has its answer, or after the request
   * timeout: a correct 202 may come late, and hanging up first would report a failure of ours.
   */
  async acknowledged(): Promise<void> {
    if (this.unacknowledged.size === 0) return;
    let timer: NodeJS.Timeout | undefined;
    const limit = new Promise((resolve) => (timer = setTimeout(resolve, this.options.timeoutMs)));
    await Promise.race([Promise.allSettled([...this.unacknowledged]), limit]);
    clearTimeout(timer);
  }

  /** Streamable HTTP refused initialize: try the legacy transport's GET stream instead. */
  private async fallBack(initialize: unknown, status: number): Promise<boolean> {
    const href = this.endpoint.href;
    this.notes.push(
      `POST ${href} answered ${status} to initialize; mcplint tried the legacy HTTP+SSE transport (protocol 2024-11-05) with GET ${href}.`,
    );
    this.active = this.legacy;
    if (await this.legacy.ensureStream()) {
      this.fellBack = true;
      this.notes.push('The server speaks the legacy HTTP+SSE transport (2024-11-05), deprecated since 2025-03-26; it was linted over it.');
      this.sendRaw(initialize);
      return true;
    }
    this.active = this.streamable;
    this.notes.push('The GET did not open a legacy SSE stream with an endpoint event either; the initialize failure stands.');
    return false;
  }

  /** What the transports use of this session. */
  private sessionHost(): HttpSessionHost {
    const self = this; // the getters read this session's state as it changes
    return {
      notes: this.notes,
      get endpoint() {
        return self.endpoint;
      },
      get timeoutMs() {
        return self.options.timeoutMs;
      },
      get isClosed() {
        return self.isClosed;
      },
      get terminated() {
        return self.terminated;
      },
      get transport() {
        return self.transport;
      },
      get everAnswered() {
        return self.everAnswered;
      },
      set everAnswered(value: boolean) {
        self.everAnswered = value;
      },
      get modernMeta() {
        return self.modernMeta;
      },
      get negotiatedVersion() {
        return self.negotiatedVersion;
      },
      exchange: (spec) => this.exchange(spec),
      track: (work) => this.track(work),
      isPending: (id) => this.isPending(id),
      settle: (id, outcome) => void this.settle(id, outcome),
      elapsed: () => this.elapsed(),
      fail: (error) => this.fail(error),
      unreachable: (error) => (this.connectError ??= error),
    };
  }

  /** What the exchanger uses of this session. */
  private exchangeHost(): ExchangeHost {
    const self = this;
    return {
      notes: this.notes,
      get phase() {
        return self.phase;
      },
      elapsed: () => this.elapsed(),
      sessionHeaders: (spec) => this.active.headers(spec),
      receive: (message, bytes, http) => this.receive(message, bytes, undefined, bytes > FRAME_MESSAGE_CAP, http),
      tagFrame: (index, http) => this.tagFrame(index, http),
      responded: (spec, sessionId) => {
        if (this.active === this.streamable) this.streamable.adopt(spec, sessionId);
      },
      redirected: (spec, from, to, status) => {
        if (spec.purpose !== 'message' || from.href !== this.endpoint.href) return;
        this.notes.push(`${from.href} redirected (${status}) to ${to.href}; mcplint followed it.`);
        this.endpoint = to;
      },
    };
  }

  private tagFrame(index: number, http: FrameHttp): void {
    const frame = this.frames[index];
    if (frame?.kind !== 'message') return;
    this.frames[index] = { ...frame, http };
  }

  private track(promise: Promise<unknown>): void {
    const tracked = promise.finally(() => this.inflightDone.delete(tracked));
    this.inflightDone.add(tracked);
  }

  /** The server is unreachable: fail everything waiting. */
  private fail(error: Error): void {
    this.connectError ??= error;
    if (this.closedFlag) return;
    this.closedFlag = true;
    this.failPending();
    this.resolveClosed();
  }

  /** Terminate the session (DELETE, as clients SHOULD), stop every stream, record how it ended. */
  async close(): Promise<ProcessExit | undefined> {
    if (this.terminated) return undefined;
    this.terminated = true;
    if (this.active === this.streamable && this.sessionId && !this.connectError) {
      this.phase = 'shutdown';
      await this.streamable.terminate();
    }
    await this.acknowledged();
    this.exchanger.abortAll();
    await Promise.race([Promise.allSettled([...this.inflightDone]), new Promise((r) => setTimeout(r, 1000).unref())]);
    this.exchanger.close();
    if (!this.closedFlag) {
      this.closedFlag = true;
      this.failPending();
      this.resolveClosed();
    }
    this.finishNotes();
    return undefined;
  }
}

function isNotification(message: unknown): boolean {
  return isObject(message) && typeof message.method === 'string' && !('id' in message);
}

function idKey(id: unknown): string {
  return `${typeof id}:${String(id)}`;
}

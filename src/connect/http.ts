/**
 * HTTP connection: Streamable HTTP (2025-03-26 on, and the 2026-07-28 wire) with a fallback to the
 * legacy HTTP+SSE transport (2024-11-05). Built on node:http rather than the SDK transports, which
 * hide exactly what the HTTP rules judge: status codes, content types, session ids and SSE framing.
 * Every request and response is recorded as an HttpExchange; every JSON-RPC message a body carries
 * becomes a frame tagged with its exchange. User headers are sent but only their names recorded.
 */
import { Agent as HttpAgent, request as httpRequest, type ClientRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import type { CappedText, FrameHttp, HttpBody, HttpExchange, ProcessExit } from '../capture.js';
import { isObject } from '../engine/capture-index.js';
import { FRAME_MESSAGE_CAP, RecordingSession, type Connection, type RequestId } from './connection.js';
import { SseParser, type SseEvent } from './sse.js';

export type HttpTransportChoice = 'auto' | 'http' | 'sse';

export interface HttpTarget {
  readonly url: string;
  /** Extra request headers (authorization…). Values are sent, never recorded. */
  readonly headers?: Readonly<Record<string, string>>;
  /** auto: Streamable HTTP, falling back to HTTP+SSE when the server rejects the POST; http / sse: only that. */
  readonly transport?: HttpTransportChoice;
}

export interface HttpOptions {
  readonly timeoutMs: number;
  /** Largest response body read; past it the response is abandoned. */
  readonly maxBodyBytes?: number;
}

/** JSON-RPC error codes only a 2026-07-28 ("modern") server sends: header mismatch, missing capability, unsupported version. */
export const MODERN_ERROR_CODES: ReadonlySet<number> = new Set([-32020, -32021, -32022]);
const DEFAULT_MAX_BODY = 64 * 1024 * 1024;
const BODY_TEXT_CAP = 2000;
const MAX_EXCHANGES = 5000;
const MAX_REDIRECTS = 3;
/** Response headers worth keeping. */
const KEPT_RESPONSE_HEADERS = ['content-type', 'mcp-session-id', 'allow', 'x-accel-buffering', 'www-authenticate', 'location', 'cache-control'];

export interface ExchangeSpec {
  readonly method: 'POST' | 'GET' | 'DELETE';
  readonly purpose: HttpExchange['purpose'];
  /** Defaults to the MCP endpoint. */
  readonly url?: URL;
  /** Serialised JSON-RPC message (POST). */
  readonly body?: string;
  /** The message the body holds. */
  readonly message?: unknown;
  /** Protocol headers to set or override (lower-case names); `null` removes one. */
  readonly headers?: Readonly<Record<string, string | null>>;
  /** Send without the session id / protocol version the connection would add. */
  readonly bare?: boolean;
  /** Abandon the response once its headers have arrived. */
  readonly headersOnly?: boolean;
  /** Give up on the whole exchange after this long (default: only the header timeout applies to streams). */
  readonly maxMs?: number;
  readonly probe?: string;
  /** Index of the send frame of this message, to tag it with the exchange. */
  readonly sendFrame?: number;
  /** Legacy SSE stream: sees every event first; returns true when it consumed it. */
  readonly onEvent?: (event: SseEvent, exchange: number) => boolean;
  /** Called once the response headers are in (status known). */
  readonly onHeaders?: (status: number) => void;
}

export interface ExchangeResult {
  readonly index: number;
  readonly status?: number;
  readonly contentType?: string;
  readonly headers: Readonly<Record<string, string>>;
  /** JSON-RPC messages the body carried, in order. */
  readonly messages: readonly unknown[];
  readonly bodyText?: string;
  readonly bodyBytes: number;
  readonly error?: string;
}

interface Queued {
  line: string;
  message: unknown;
  sendFrame: number;
}

export class HttpConnection extends RecordingSession implements Connection {
  readonly closed: Promise<void>;
  readonly exchanges: HttpExchange[] = [];
  /** The MCP endpoint (updated when a POST is redirected). */
  endpoint: URL;
  /** Session id issued by the server at initialization (Streamable HTTP). */
  sessionId: string | undefined;
  /** Version sent in MCP-Protocol-Version once negotiated. */
  negotiatedVersion: string | undefined;
  /** The error that made the server unreachable, when it was. */
  connectError: Error | undefined;
  private mode: 'http' | 'sse';
  private readonly choice: HttpTransportChoice;
  private readonly userHeaders: Readonly<Record<string, string>>;
  private readonly maxBodyBytes: number;
  private readonly agent: HttpAgent;
  private readonly inflight = new Set<ClientRequest>();
  private readonly inflightDone = new Set<Promise<unknown>>();
  private readonly initializeIds = new Set<string>();
  private resolveClosed!: () => void;
  private everAnswered = false;
  private fellBack = false;
  private droppedExchanges = 0;
  // Legacy HTTP+SSE state.
  private legacyEndpoint: URL | undefined;
  private legacyStream: Promise<boolean> | undefined;
  private readonly queue: Queued[] = [];
  private terminated = false;

  constructor(target: HttpTarget, private readonly options: HttpOptions) {
    super(options.timeoutMs);
    this.endpoint = new URL(target.url);
    this.choice = target.transport ?? 'auto';
    this.mode = this.choice === 'sse' ? 'sse' : 'http';
    this.userHeaders = target.headers ?? {};
    this.maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY;
    this.agent = this.endpoint.protocol === 'https:' ? new HttpsAgent({ keepAlive: true }) : new HttpAgent({ keepAlive: true });
    this.closed = new Promise<void>((resolve) => (this.resolveClosed = resolve));
  }

  /** The per-request timeout, for probes. */
  get timeoutMs(): number {
    return this.options.timeoutMs;
  }

  get transport(): 'http' | 'sse' {
    return this.mode;
  }

  /** Whether the legacy HTTP+SSE transport is in use because Streamable HTTP was refused. */
  get usedFallback(): boolean {
    return this.fellBack;
  }

  stderr(): CappedText {
    return { text: '', totalBytes: 0, truncated: false };
  }

  /** The protocol version header value for the next request. */
  private versionHeader(): string | undefined {
    const modern = this.modernMeta?.['io.modelcontextprotocol/protocolVersion'];
    if (typeof modern === 'string') return modern;
    return this.negotiatedVersion;
  }

  protected write(line: string, message: unknown): void {
    const sendFrame = this.frames.length - 1;
    if (isObject(message) && message.method === 'initialize' && 'id' in message) this.initializeIds.add(idKey(message.id));
    if (this.mode === 'sse') {
      this.queue.push({ line, message, sendFrame });
      void this.flushLegacy();
      return;
    }
    this.track(this.postMessage(line, message, sendFrame));
  }

  protected override receive(message: unknown, bytes: number, offset?: number, truncated = false, http?: FrameHttp): number {
    const frame = super.receive(message, bytes, offset, truncated, http);
    if (isObject(message) && 'id' in message && this.initializeIds.has(idKey(message.id)) && isObject(message.result)) {
      if (typeof message.result.protocolVersion === 'string') this.negotiatedVersion = message.result.protocolVersion;
    }
    return frame;
  }

  /** Streamable HTTP: POST one message to the endpoint and settle its request from the response. */
  private async postMessage(line: string, message: unknown, sendFrame: number): Promise<void> {
    const result = await this.exchange({ method: 'POST', purpose: 'message', body: line, message, sendFrame });
    const id = requestIdOf(message);
    if (result.status !== undefined) this.everAnswered = true;
    if (id === undefined || !this.isPending(id)) return;

    if (result.error !== undefined) {
      if (!this.everAnswered) this.fail(new Error(result.error));
      this.settle(id, { kind: 'closed', ms: this.elapsed() });
      return;
    }
    const status = result.status ?? 0;
    if (
      this.choice === 'auto' &&
      isObject(message) &&
      message.method === 'initialize' &&
      (status === 400 || status === 404 || status === 405) &&
      !carriesModernError(result.messages)
    ) {
      this.notes.push(
        `POST ${this.endpoint.href} answered ${status} to initialize; mcplint tried the legacy HTTP+SSE transport (protocol 2024-11-05) with GET ${this.endpoint.href}.`,
      );
      this.mode = 'sse';
      if (await this.ensureLegacyStream()) {
        this.fellBack = true;
        this.notes.push('The server speaks the legacy HTTP+SSE transport (2024-11-05), deprecated since 2025-03-26; it was linted over it.');
        this.sendRaw(message);
        return;
      }
      this.mode = 'http';
      this.notes.push('The GET did not open a legacy SSE stream with an endpoint event either; the initialize failure stands.');
    }
    if (!this.isPending(id)) return;
    this.settle(id, {
      kind: 'error',
      error: httpError(status, result),
      frame: -1,
      ms: this.elapsed(),
    });
  }

  /** Legacy HTTP+SSE: open the stream once, then POST queued messages to the endpoint it names. */
  private async flushLegacy(): Promise<void> {
    const ok = await this.ensureLegacyStream();
    while (this.queue.length > 0) {
      const item = this.queue.shift()!;
      const id = requestIdOf(item.message);
      if (!ok || !this.legacyEndpoint) {
        if (id !== undefined) this.settle(id, { kind: 'closed', ms: this.elapsed() });
        continue;
      }
      this.track(
        this.exchange({ method: 'POST', purpose: 'message', url: this.legacyEndpoint, body: item.line, message: item.message, sendFrame: item.sendFrame, bare: true }).then(
          (result) => {
            if (id === undefined || !this.isPending(id)) return;
            if (result.error !== undefined) this.settle(id, { kind: 'closed', ms: this.elapsed() });
            else if (result.status === undefined || result.status < 200 || result.status > 299) {
              this.settle(id, { kind: 'error', error: httpError(result.status ?? 0, result), frame: -1, ms: this.elapsed() });
            }
            // 2xx: the answer comes on the SSE stream.
          },
        ),
      );
    }
  }

  private ensureLegacyStream(): Promise<boolean> {
    if (!this.legacyStream) this.legacyStream = this.openLegacyStream();
    return this.legacyStream;
  }

  /** GET the SSE stream and wait for its `endpoint` event (within the request timeout). */
  private openLegacyStream(): Promise<boolean> {
    return new Promise<boolean>((resolve) => {
      let settled = false;
      const done = (ok: boolean) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(ok);
      };
      const timer = setTimeout(() => {
        this.notes.push(`The legacy SSE stream sent no endpoint event within ${this.options.timeoutMs} ms.`);
        done(false);
      }, this.options.timeoutMs);
      const stream = this.exchange({
        method: 'GET',
        purpose: 'sse-stream',
        bare: true,
        onHeaders: (status) => {
          if (status < 200 || status > 299) done(false);
        },
        onEvent: (event) => {
          if (event.event !== 'endpoint') return false;
          try {
            this.legacyEndpoint = new URL(event.data.trim(), this.endpoint);
            done(true);
          } catch {
            this.notes.push(`The legacy SSE endpoint event carried an unusable URI: ${JSON.stringify(event.data.slice(0, 200))}.`);
            done(false);
          }
          return true;
        },
      }).then((result) => {
        if (result.error !== undefined && !this.everAnswered && !this.isClosed) this.connectError ??= new Error(result.error);
        if (result.status !== undefined) this.everAnswered = true;
        done(false);
        if (this.mode === 'sse' && this.legacyEndpoint && !this.isClosed && !this.terminated) {
          this.notes.push('The server closed the legacy SSE stream; later answers could not arrive.');
          this.fail(new Error('The legacy SSE stream ended.'));
        }
      });
      this.track(stream);
    });
  }

  /**
   * A probe: POST one JSON-RPC message with the given protocol headers, outside the normal flow
   * (its send is recorded as a frame, its answer received like any other), and wait for the whole
   * response, at most the request timeout.
   */
  probeMessage(probe: string, message: Record<string, unknown>, spec: Omit<ExchangeSpec, 'method' | 'purpose' | 'body' | 'message' | 'sendFrame' | 'probe'> = {}): Promise<ExchangeResult> {
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
    return this.exchangeAt(spec, spec.url ?? this.endpoint, 0);
  }

  private exchangeAt(spec: ExchangeSpec, url: URL, redirects: number): Promise<ExchangeResult> {
    const index = this.exchanges.length;
    const headers = this.requestHeaders(spec);
    const rpc = rpcOf(spec.message);
    const startedAt = this.elapsed();
    const record: Mutable<HttpExchange> = {
      seq: index,
      at: startedAt,
      phase: this.phase,
      method: spec.method,
      url: url.href,
      purpose: spec.purpose,
      ...(rpc.method ? { rpcMethod: rpc.method } : {}),
      ...(rpc.kind ? { rpcKind: rpc.kind } : {}),
      requestHeaders: headers.recorded,
      userHeaders: Object.keys(this.userHeaders),
      ...(spec.probe ? { probe: spec.probe } : {}),
    };
    if (this.exchanges.length < MAX_EXCHANGES) this.exchanges.push(record as HttpExchange);
    else if (this.droppedExchanges++ === 0) this.notes.push(`Exchange cap of ${MAX_EXCHANGES} reached; later HTTP exchanges were not recorded.`);
    if (spec.sendFrame !== undefined) this.tagFrame(spec.sendFrame, { exchange: index, method: spec.method, ...(headers.sessionId ? { sessionId: headers.sessionId } : {}) });

    return new Promise<ExchangeResult>((resolve) => {
      const messages: unknown[] = [];
      const frames: number[] = [];
      let status: number | undefined;
      let contentType: string | undefined;
      let kept: Record<string, string> = {};
      let sessionId: string | undefined;
      let bodyBytes = 0;
      let textChunks: Buffer[] = [];
      let textBytes = 0;
      let sse: SseParser | undefined;
      let sseEvents = 0;
      const eventNames: string[] = [];
      const eventIds: string[] = [];
      let retry: number | undefined;
      let truncated = false;
      let finished = false;
      let redirected = false;
      let maxTimer: NodeJS.Timeout | undefined;

      const http = (): FrameHttp => ({
        exchange: index,
        method: spec.method,
        ...(status !== undefined ? { status } : {}),
        ...(contentType ? { contentType } : {}),
        ...(sessionId ? { sessionId } : {}),
      });
      const take = (value: unknown, bytes: number) => {
        if (!isJsonRpcLike(value)) return;
        messages.push(value);
        const frame = this.receive(value, bytes, undefined, bytes > FRAME_MESSAGE_CAP, http());
        if (frame >= 0) frames.push(frame);
      };

      const finish = (error?: string) => {
        if (finished) return;
        finished = true;
        if (maxTimer) clearTimeout(maxTimer);
        this.inflight.delete(req);
        if (sse) for (const event of sse.end()) onEvent(event);
        const text = textChunks.length > 0 ? Buffer.concat(textChunks).toString('utf8') : '';
        let kind: HttpBody['kind'];
        if (sse) kind = 'sse';
        else if (spec.headersOnly && status !== undefined) kind = 'not-read';
        else if (bodyBytes === 0) kind = 'empty';
        else {
          kind = 'text';
          if (!truncated) {
            const parsed = parseJson(text);
            if (parsed.ok) {
              kind = 'json';
              if (Array.isArray(parsed.value)) for (const item of parsed.value) take(item, Buffer.byteLength(JSON.stringify(item) ?? ''));
              else take(parsed.value, bodyBytes);
            }
          }
        }
        const body: HttpBody = {
          kind,
          bytes: bodyBytes,
          ...(kind !== 'json' && kind !== 'sse' && text ? { text: text.slice(0, BODY_TEXT_CAP) } : {}),
          ...(kind === 'json' && (status === undefined || status >= 300) ? { text: text.slice(0, BODY_TEXT_CAP) } : {}),
          ...(sse ? { events: sseEvents, ...(eventNames.length ? { eventNames } : {}), ...(eventIds.length ? { eventIds } : {}), ...(retry !== undefined ? { retry } : {}) } : {}),
          ...(frames.length ? { frames } : {}),
          ...(truncated ? { truncated: true } : {}),
        };
        Object.assign(record, {
          ...(status !== undefined ? { status } : {}),
          ...(Object.keys(kept).length ? { responseHeaders: kept } : {}),
          ...(contentType ? { contentType } : {}),
          ...(sessionId ? { sessionId } : {}),
          ...(status !== undefined || bodyBytes > 0 ? { body } : {}),
          ...(error !== undefined ? { error } : {}),
          durationMs: this.elapsed() - startedAt,
        });
        if (spec.sendFrame !== undefined) this.tagFrame(spec.sendFrame, http());
        if (redirected) return;
        resolve({
          index,
          ...(status !== undefined ? { status } : {}),
          ...(contentType ? { contentType } : {}),
          headers: kept,
          messages,
          ...(text ? { bodyText: text.slice(0, BODY_TEXT_CAP) } : {}),
          bodyBytes,
          ...(error !== undefined ? { error } : {}),
        });
      };

      const onEvent = (event: SseEvent) => {
        sseEvents++;
        if (eventNames.length < 50 && event.event !== 'message') eventNames.push(event.event);
        if (event.id !== undefined && eventIds.length < 50) eventIds.push(event.id);
        if (event.retry !== undefined) retry = event.retry;
        if (spec.onEvent?.(event, index)) return;
        if (event.data.trim() === '') return;
        const parsed = parseJson(event.data);
        if (parsed.ok) {
          if (Array.isArray(parsed.value)) for (const item of parsed.value) take(item, Buffer.byteLength(JSON.stringify(item) ?? ''));
          else take(parsed.value, Buffer.byteLength(event.data));
        } else if (textBytes < BODY_TEXT_CAP) {
          const chunk = Buffer.from(`${event.data}\n`);
          textChunks.push(chunk);
          textBytes += chunk.length;
        }
      };

      const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
      let req: ClientRequest;
      if (/(?:^|\.)invalid\.?$/i.test(url.hostname)) {
        // RFC 6761: names under .invalid never resolve; answer at once instead of asking DNS.
        req = { destroy() {} } as unknown as ClientRequest;
        finish(`ENOTFOUND: ${url.hostname} does not exist (the .invalid domain never resolves)`);
        return;
      }
      try {
        req = send(url, { method: spec.method, headers: headers.sent, agent: this.agent });
      } catch (error) {
        // Invalid header values and the like: nothing was sent.
        const fake = { destroy() {} } as unknown as ClientRequest;
        req = fake;
        finish(errorText(error));
        return;
      }
      this.inflight.add(req);
      req.setTimeout(spec.maxMs ?? this.options.timeoutMs, () => {
        if (status === undefined) req.destroy(new Error(`no response within ${spec.maxMs ?? this.options.timeoutMs} ms`));
      });
      if (spec.maxMs !== undefined) {
        maxTimer = setTimeout(() => {
          truncated = status !== undefined;
          req.destroy(new Error('stopped by mcplint'));
        }, spec.maxMs);
      }
      req.on('error', (error) => finish(status === undefined ? errorText(error) : undefined));
      req.on('response', (res: IncomingMessage) => {
        status = res.statusCode ?? 0;
        contentType = mediaType(res.headers['content-type']);
        kept = keptHeaders(res);
        const sid = res.headers['mcp-session-id'];
        sessionId = typeof sid === 'string' ? sid : undefined;
        if (spec.purpose === 'message' && sessionId && !this.sessionId && this.mode === 'http') this.sessionId = sessionId;
        spec.onHeaders?.(status);

        const location = res.headers.location;
        if ((status === 307 || status === 308 || (spec.method === 'GET' && (status === 301 || status === 302))) && location && redirects < MAX_REDIRECTS) {
          res.resume();
          let next: URL | undefined;
          try {
            next = new URL(location, url);
          } catch {
            next = undefined;
          }
          if (next) {
            // Follow the redirect as a new exchange; the caller gets the followed one's result.
            redirected = true;
            finish();
            if (spec.purpose === 'message' && url.href === this.endpoint.href) {
              this.notes.push(`${url.href} redirected (${status}) to ${next.href}; mcplint followed it.`);
              this.endpoint = next;
            }
            void this.exchangeAt({ ...spec, url: next }, next, redirects + 1).then(resolve);
            return;
          }
        }
        if (spec.headersOnly) {
          res.destroy();
          finish();
          return;
        }
        if (contentType === 'text/event-stream') {
          sse = new SseParser();
          req.setTimeout(0);
        }
        res.on('data', (chunk: Buffer) => {
          bodyBytes += chunk.length;
          if (bodyBytes > this.maxBodyBytes) {
            truncated = true;
            this.notes.push(`A response body from ${url.href} exceeded ${this.maxBodyBytes} bytes; mcplint stopped reading it.`);
            res.destroy();
            return;
          }
          if (sse) for (const event of sse.push(chunk)) onEvent(event);
          else {
            textChunks.push(chunk);
            textBytes += chunk.length;
          }
        });
        res.on('end', () => finish());
        res.on('close', () => {
          if (!res.complete) truncated = true;
          finish();
        });
        res.on('error', () => finish());
      });
      req.end(spec.body);
    });
  }

  /** The headers to send and the subset to record (never user header values). */
  private requestHeaders(spec: ExchangeSpec): { sent: Record<string, string>; recorded: Record<string, string>; sessionId?: string } {
    const protocol: Record<string, string> = {};
    if (spec.method === 'POST') {
      protocol['content-type'] = 'application/json';
      protocol['accept'] = 'application/json, text/event-stream';
    } else if (spec.method === 'GET') {
      protocol['accept'] = 'text/event-stream';
    }
    if (!spec.bare && this.mode === 'http') {
      if (this.sessionId) protocol['mcp-session-id'] = this.sessionId;
      const version = this.versionHeader();
      if (version) protocol['mcp-protocol-version'] = version;
    }
    const rpc = rpcOf(spec.message);
    if (this.modernMeta && rpc.method && this.mode === 'http') {
      protocol['mcp-method'] = rpc.method;
      if (rpc.name !== undefined) protocol['mcp-name'] = headerSafe(rpc.name);
    }
    for (const [name, value] of Object.entries(spec.headers ?? {})) {
      if (value === null) delete protocol[name];
      else protocol[name] = value;
    }
    const sent: Record<string, string> = { ...protocol };
    for (const [name, value] of Object.entries(this.userHeaders)) {
      // Protocol headers set for a probe win over user headers of the same name.
      if (!(name.toLowerCase() in protocol)) sent[name] = value;
    }
    return { sent, recorded: protocol, ...(protocol['mcp-session-id'] ? { sessionId: protocol['mcp-session-id'] } : {}) };
  }

  private tagFrame(index: number, http: FrameHttp): void {
    const frame = this.frames[index];
    if (!frame || frame.kind !== 'message') return;
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
    if (!this.terminated) {
      this.terminated = true;
      if (this.mode === 'http' && this.sessionId && !this.connectError) {
        this.phase = 'shutdown';
        await this.exchange({ method: 'DELETE', purpose: 'terminate', maxMs: Math.min(this.options.timeoutMs, 2000) });
      }
      for (const req of this.inflight) req.destroy();
      await Promise.race([Promise.allSettled([...this.inflightDone]), new Promise((r) => setTimeout(r, 1000).unref())]);
      this.agent.destroy();
      if (!this.closedFlag) {
        this.closedFlag = true;
        this.failPending();
        this.resolveClosed();
      }
      this.finishNotes();
    }
    return undefined;
  }
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

function idKey(id: unknown): string {
  return `${typeof id}:${String(id)}`;
}

function requestIdOf(message: unknown): RequestId | undefined {
  if (!isObject(message) || typeof message.method !== 'string' || !('id' in message)) return undefined;
  return typeof message.id === 'string' || typeof message.id === 'number' ? message.id : undefined;
}

function rpcOf(message: unknown): { method?: string; kind?: HttpExchange['rpcKind']; name?: string } {
  if (!isObject(message)) return {};
  if (typeof message.method === 'string') {
    const params = isObject(message.params) ? message.params : {};
    const name =
      message.method === 'tools/call' || message.method === 'prompts/get'
        ? typeof params.name === 'string'
          ? params.name
          : undefined
        : message.method === 'resources/read' && typeof params.uri === 'string'
          ? params.uri
          : undefined;
    return { method: message.method, kind: 'id' in message ? 'request' : 'notification', ...(name !== undefined ? { name } : {}) };
  }
  return 'id' in message ? { kind: 'response' } : {};
}

/** 2026-07-28 header value encoding: plain visible ASCII as is, else the base64 sentinel. */
function headerSafe(value: string): string {
  if (/^[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?$/.test(value) && !/^=\?base64\?.*\?=$/.test(value)) return value;
  return `=?base64?${Buffer.from(value, 'utf8').toString('base64')}?=`;
}

export function mediaType(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return undefined;
  return value.split(';')[0]!.trim().toLowerCase() || undefined;
}

function keptHeaders(res: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of KEPT_RESPONSE_HEADERS) {
    const value = res.headers[name];
    if (value !== undefined) out[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

function isJsonRpcLike(value: unknown): boolean {
  if (!isObject(value)) return false;
  if (typeof value.method === 'string') return true;
  return 'result' in value || 'error' in value;
}

function carriesModernError(messages: readonly unknown[]): boolean {
  return messages.some((m) => isObject(m) && isObject(m.error) && typeof m.error.code === 'number' && MODERN_ERROR_CODES.has(m.error.code));
}

function httpError(status: number, result: ExchangeResult): { code?: unknown; message: string; data: unknown } {
  const rpc = result.messages.find((m) => isObject(m) && isObject(m.error));
  const rpcError = rpc && isObject(rpc) && isObject(rpc.error) ? rpc.error : undefined;
  const text = rpcError && typeof rpcError.message === 'string' ? rpcError.message : result.bodyText?.trim().slice(0, 300);
  const hint =
    status === 401 || status === 403
      ? ` (the server wants credentials: pass them with --header, e.g. --header 'Authorization: Bearer …', or in the client config's "headers")`
      : '';
  return {
    ...(rpcError && rpcError.code !== undefined ? { code: rpcError.code } : {}),
    message: status === 0 ? 'no HTTP status' : `HTTP ${status}${text ? `: ${text}` : ''}${hint}`,
    data: { httpStatus: status, ...(rpcError && rpcError.data !== undefined ? { error: rpcError.data } : {}) },
  };
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

function errorText(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code && !error.message.includes(code) ? `${code}: ${error.message}` : error.message;
  }
  return String(error);
}

/**
 * Sends one HTTP request and reads its response, recording both as an HttpExchange: headers (user
 * header values never), redirects followed as exchanges of their own, a header timeout, an overall
 * limit, a body size cap. Every JSON-RPC message the body carries is handed to the session as a
 * frame tagged with its exchange. Never throws: network failures come back as `error`.
 */
import { Agent as HttpAgent, request as httpRequest, type ClientRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import type { FrameHttp, HttpExchange, Phase } from '../model/capture.js';
import { BodyDecoder, BODY_TEXT_CAP, unreadBody, type DecodedMessage } from './http-body.js';
import { keptHeaders, mediaType, requestHeaders, rpcOf, type RequestHeaders } from './http-headers.js';
import { mib } from './connection.js';
import { MAX_SSE_EVENT_BYTES, type SseEvent } from './sse.js';

const MAX_EXCHANGES = 5000;
const MAX_REDIRECTS = 3;

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
  /** Stop reading the body once it has been quiet this long (a replay that is over on a stream left open). */
  readonly idleMs?: number;
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
  /** What outgrew a cap, when something did: "the tools/list response exceeded the 64 MiB body cap; mcplint stopped reading it". */
  readonly overCap?: string;
  readonly error?: string;
  /** SSE: the id of the last event that had one, and the last retry field (for resuming the stream). */
  readonly lastEventId?: string;
  readonly retryMs?: number;
}

/** What the exchanger needs from the session it records into. */
export interface ExchangeHost {
  readonly notes: string[];
  readonly phase: Phase;
  elapsed(): number;
  /** The headers the transport in use adds to this request (session id, protocol version…). */
  sessionHeaders(spec: ExchangeSpec): Readonly<Record<string, string>>;
  /** Record a received message as a frame; its index, or -1 when it was not kept. */
  receive(message: unknown, bytes: number, http: FrameHttp): number;
  /** Tag the send frame of a message with the exchange that carried it. */
  tagFrame(index: number, http: FrameHttp): void;
  /** The response headers are in. */
  responded(spec: ExchangeSpec, sessionId: string | undefined): void;
  /** `from` answered with a redirect to `to`, which is followed next. */
  redirected(spec: ExchangeSpec, from: URL, to: URL, status: number): void;
}

export interface ExchangerOptions {
  readonly timeoutMs: number;
  readonly maxBodyBytes: number;
  /** Sent with every request; only their names are recorded. */
  readonly userHeaders: Readonly<Record<string, string>>;
  readonly secure: boolean;
  /**
   * The origins requests may go to: the one the user named, and any they allowed. A redirect or an
   * endpoint elsewhere is not followed (the user's headers would go with it), and no other host is
   * looked up in DNS.
   */
  readonly allowedOrigins: ReadonlySet<string>;
}

export class HttpExchanger {
  readonly exchanges: HttpExchange[] = [];
  readonly agent: HttpAgent;
  readonly inflight = new Set<ClientRequest>();
  /** Origins a request was refused for (each is noted once). */
  readonly refusedOrigins = new Set<string>();
  private dropped = 0;

  constructor(
    readonly host: ExchangeHost,
    readonly options: ExchangerOptions,
  ) {
    this.agent = options.secure ? new HttpsAgent({ keepAlive: true }) : new HttpAgent({ keepAlive: true });
  }

  /** One request to `url` and its response (the followed one's, after redirects). */
  send(spec: ExchangeSpec, url: URL, redirects = 0): Promise<ExchangeResult> {
    return new Promise<ExchangeResult>((resolve) => new Exchange(this, spec, url, redirects, resolve).start());
  }

  /** Keep the record unless the cap is reached; its index either way. */
  enlist(record: HttpExchange): number {
    const index = this.exchanges.length;
    if (index < MAX_EXCHANGES) this.exchanges.push(record);
    else if (this.dropped++ === 0)
      this.host.notes.push(`Exchange cap of ${MAX_EXCHANGES} reached; later HTTP exchanges were not recorded.`);
    return index;
  }

  /** Stop every request still open. */
  abortAll(): void {
    for (const req of this.inflight) req.destroy();
  }

  close(): void {
    this.agent.destroy();
  }
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** One request and its response, as they happen. */
class Exchange {
  private readonly index: number;
  private readonly record: Mutable<HttpExchange>;
  private readonly startedAt: number;
  private readonly headers: RequestHeaders;
  private status: number | undefined;
  private contentType: string | undefined;
  private sessionId: string | undefined;
  private kept: Record<string, string> = {};
  private body: BodyDecoder | undefined;
  private readonly messages: unknown[] = [];
  private readonly frames: number[] = [];
  private req: ClientRequest | undefined;
  private maxTimer: NodeJS.Timeout | undefined;
  private idleTimer: NodeJS.Timeout | undefined;
  private finished = false;
  private followed = false;

  constructor(
    private readonly exchanger: HttpExchanger,
    private readonly spec: ExchangeSpec,
    private readonly url: URL,
    private readonly redirects: number,
    private readonly resolve: (result: ExchangeResult) => void,
  ) {
    const { host, options } = exchanger;
    this.headers = requestHeaders(spec.method, host.sessionHeaders(spec), spec.headers, options.userHeaders);
    this.startedAt = host.elapsed();
    const rpc = rpcOf(spec.message);
    this.record = {
      seq: exchanger.exchanges.length,
      at: this.startedAt,
      phase: host.phase,
      method: spec.method,
      url: url.href,
      purpose: spec.purpose,
      ...(rpc.method ? { rpcMethod: rpc.method } : {}),
      ...(rpc.kind ? { rpcKind: rpc.kind } : {}),
      requestHeaders: this.headers.recorded,
      userHeaders: Object.keys(options.userHeaders),
      ...(spec.probe ? { probe: spec.probe } : {}),
    };
    this.index = exchanger.enlist(this.record);
    if (spec.sendFrame !== undefined) {
      const sessionId = this.headers.sessionId;
      host.tagFrame(spec.sendFrame, { exchange: this.index, method: spec.method, ...(sessionId ? { sessionId } : {}) });
    }
  }

  start(): void {
    const { url, spec } = this;
    if (!this.exchanger.options.allowedOrigins.has(url.origin)) {
      // Only a legacy SSE endpoint can name one here (redirects stop before): nothing is sent.
      this.record.crossOrigin = { origin: url.origin, via: 'sse-endpoint' };
      if (!this.exchanger.refusedOrigins.has(url.origin)) {
        this.exchanger.refusedOrigins.add(url.origin);
        this.exchanger.host.notes.push(
          `The legacy SSE endpoint names another origin, ${url.origin}; mcplint sent nothing there, so your headers did not go there (--allow-origin ${url.origin} allows it).`,
        );
      }
      this.finish(`not sent: ${url.origin} is not the origin you named (allow it with --allow-origin ${url.origin})`);
      return;
    }
    if (/(?:^|\.)invalid\.?$/i.test(url.hostname)) {
      // RFC 6761: names under .invalid never resolve; answer at once instead of asking DNS.
      this.finish(`ENOTFOUND: ${url.hostname} does not exist (the .invalid domain never resolves)`);
      return;
    }
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    let req: ClientRequest;
    try {
      req = send(url, { method: spec.method, headers: this.headers.sent, agent: this.exchanger.agent });
    } catch (error) {
      // Invalid header values and the like: nothing was sent.
      this.finish(errorText(error));
      return;
    }
    this.req = req;
    this.exchanger.inflight.add(req);
    const headerTimeout = spec.maxMs ?? this.exchanger.options.timeoutMs;
    req.setTimeout(headerTimeout, () => {
      if (this.status === undefined) req.destroy(new Error(`no response within ${headerTimeout} ms`));
    });
    if (spec.maxMs !== undefined) {
      this.maxTimer = setTimeout(() => {
        if (this.status !== undefined) this.body?.markTruncated();
        req.destroy(new Error('stopped by mcplint'));
      }, spec.maxMs);
    }
    req.on('error', (error) => this.finish(this.status === undefined ? errorText(error) : undefined));
    req.on('response', (res: IncomingMessage) => this.respond(res));
    req.end(spec.body);
  }

  private respond(res: IncomingMessage): void {
    const status = (this.status = res.statusCode ?? 0);
    this.contentType = mediaType(res.headers['content-type']);
    this.kept = keptHeaders(res);
    const sid = res.headers['mcp-session-id'];
    this.sessionId = typeof sid === 'string' ? sid : undefined;
    this.exchanger.host.responded(this.spec, this.sessionId);
    this.spec.onHeaders?.(status);

    const next = this.redirectTarget(res);
    if (next) {
      res.resume();
      this.follow(next);
      return;
    }
    if (this.spec.headersOnly) {
      res.destroy();
      this.finish();
      return;
    }
    this.read(res);
  }

  /** Where a redirect the exchanger follows points. */
  private redirectTarget(res: IncomingMessage): URL | undefined {
    const status = this.status;
    const location = res.headers.location;
    const followable = status === 307 || status === 308 || (this.spec.method === 'GET' && (status === 301 || status === 302));
    if (!followable || !location || this.redirects >= MAX_REDIRECTS) return undefined;
    let next: URL;
    try {
      next = new URL(location, this.url);
    } catch {
      return undefined;
    }
    if (!this.exchanger.options.allowedOrigins.has(next.origin)) {
      // Followed, the request would carry the user's headers (Authorization…) to a host they never named.
      this.record.crossOrigin = { origin: next.origin, via: 'redirect' };
      this.exchanger.host.notes.push(
        `The server redirected a ${this.spec.method} (${status}) to another origin, ${next.origin}; mcplint did not follow it, so your headers did not go there (--allow-origin ${next.origin} allows it).`,
      );
      return undefined;
    }
    return next;
  }

  /** Record this exchange as it ended and hand the caller the followed one's result. */
  private follow(next: URL): void {
    this.followed = true;
    this.finish();
    this.exchanger.host.redirected(this.spec, this.url, next, this.status!);
    void this.exchanger.send({ ...this.spec, url: next }, next, this.redirects + 1).then(this.resolve);
  }

  /** What of the response outgrew a cap, as a diagnosis says it. */
  private overCap(): string | undefined {
    const body = this.body;
    if (!body) return undefined;
    const method = rpcOf(this.spec.message).method;
    const what = method ? `the ${method} response` : `the response to a ${this.spec.method}`;
    const dropped = body.oversizedEvents;
    const events = dropped === 1 ? 'an SSE event' : `${dropped} SSE events`;
    const eventCap = `${events} in it exceeded the ${mib(MAX_SSE_EVENT_BYTES)} event cap`;
    if (body.overflowed)
      return `${what} exceeded the ${mib(this.exchanger.options.maxBodyBytes)} body cap${dropped > 0 ? ` (${eventCap})` : ''}; mcplint stopped reading it`;
    if (dropped === 0) return undefined;
    return `${eventCap.replace(' in it', ` in ${what}`)}; mcplint dropped ${dropped === 1 ? 'it' : 'them'}`;
  }

  private read(res: IncomingMessage): void {
    const onEvent = this.spec.onEvent;
    const body = new BodyDecoder({
      sse: this.contentType === 'text/event-stream',
      maxBytes: this.exchanger.options.maxBodyBytes,
      ...(onEvent ? { onEvent: (event: SseEvent) => onEvent(event, this.index) } : {}),
    });
    this.body = body;
    // A stream may stay quiet for as long as it likes.
    if (this.contentType === 'text/event-stream') this.req?.setTimeout(0);
    const idleMs = this.spec.idleMs;
    const quiet = (): void => {
      if (idleMs === undefined) return;
      clearTimeout(this.idleTimer);
      this.idleTimer = setTimeout(() => {
        body.markTruncated();
        res.destroy();
      }, idleMs);
    };
    quiet();
    res.on('data', (chunk: Buffer) => {
      quiet();
      this.take(body.push(chunk));
      if (!body.overflowed) return;
      const cap = this.exchanger.options.maxBodyBytes;
      this.exchanger.host.notes.push(`A response body from ${this.url.href} exceeded ${mib(cap)}; mcplint stopped reading it.`);
      res.destroy();
    });
    res.on('end', () => this.finish());
    res.on('close', () => {
      if (!res.complete) body.markTruncated();
      this.finish();
    });
    res.on('error', () => this.finish());
  }

  private frameHttp(): FrameHttp {
    return {
      exchange: this.index,
      method: this.spec.method,
      ...(this.status !== undefined ? { status: this.status } : {}),
      ...(this.contentType ? { contentType: this.contentType } : {}),
      ...(this.sessionId ? { sessionId: this.sessionId } : {}),
    };
  }

  private take(decoded: readonly DecodedMessage[]): void {
    for (const { message, bytes } of decoded) {
      this.messages.push(message);
      const frame = this.exchanger.host.receive(message, bytes, this.frameHttp());
      if (frame >= 0) this.frames.push(frame);
    }
  }

  private finish(error?: string): void {
    if (this.finished) return;
    this.finished = true;
    if (this.maxTimer) clearTimeout(this.maxTimer);
    if (this.idleTimer) clearTimeout(this.idleTimer);
    if (this.req) this.exchanger.inflight.delete(this.req);
    if (this.body) this.take(this.body.end());
    if (this.body?.oversizedEvents && !this.body.overflowed) this.exchanger.host.notes.push(`${capitalised(this.overCap()!)}.`);
    this.complete(error);
    if (this.spec.sendFrame !== undefined) this.exchanger.host.tagFrame(this.spec.sendFrame, this.frameHttp());
    if (!this.followed) this.resolve(this.result(error));
  }

  /** Fill in the record with how the exchange ended. */
  private complete(error: string | undefined): void {
    const { status, body } = this;
    const bytes = body?.bytes ?? 0;
    Object.assign(this.record, {
      ...(status !== undefined ? { status } : {}),
      ...(Object.keys(this.kept).length ? { responseHeaders: this.kept } : {}),
      ...(this.contentType ? { contentType: this.contentType } : {}),
      ...(this.sessionId ? { sessionId: this.sessionId } : {}),
      ...(status !== undefined || bytes > 0
        ? { body: body ? body.describe(status, this.frames) : unreadBody(this.spec.headersOnly === true) }
        : {}),
      ...(error !== undefined ? { error } : {}),
      durationMs: this.exchanger.host.elapsed() - this.startedAt,
    });
  }

  private result(error: string | undefined): ExchangeResult {
    const text = this.body?.text() ?? '';
    const overCap = this.overCap();
    return {
      index: this.index,
      ...(this.status !== undefined ? { status: this.status } : {}),
      ...(this.contentType ? { contentType: this.contentType } : {}),
      headers: this.kept,
      messages: this.messages,
      ...(text ? { bodyText: text.slice(0, BODY_TEXT_CAP) } : {}),
      bodyBytes: this.body?.bytes ?? 0,
      ...(overCap ? { overCap } : {}),
      ...(error !== undefined ? { error } : {}),
      ...(this.body?.lastEventId !== undefined ? { lastEventId: this.body.lastEventId } : {}),
      ...(this.body?.retryMs !== undefined ? { retryMs: this.body.retryMs } : {}),
    };
  }
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function errorText(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code && !error.message.includes(code) ? `${code}: ${error.message}` : error.message;
  }
  return String(error);
}

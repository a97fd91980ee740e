/**
 * Streamable HTTP (2025-03-26 on, and the 2026-07-28 wire): every message is POSTed to the MCP
 * endpoint and answered in that POST's response, as JSON or an SSE stream. Carries the session id
 * the server issues and the negotiated protocol version on every later request, and ends the
 * session with DELETE, as clients SHOULD.
 */
import { isObject } from '../shared/json.js';
import type { RequestId } from './connection.js';
import type { ExchangeResult, ExchangeSpec } from './http-exchange.js';
import { headerSafe, rpcOf } from './http-headers.js';
import { httpError, requestIdOf, type HttpSessionHost } from './http-transport.js';

/** JSON-RPC error codes only a 2026-07-28 ("modern") server sends: header mismatch, missing capability, unsupported version. */
export const MODERN_ERROR_CODES: ReadonlySet<number> = new Set([-32020, -32021, -32022]);
/** How many times one request's stream is resumed (GET with Last-Event-ID) before its request fails. */
const MAX_RESUMES = 3;
/** Statuses with which a legacy HTTP+SSE server refuses a POSTed initialize. */
const LEGACY_REFUSALS = new Set([400, 404, 405]);

/** Try the legacy transport for an initialize Streamable HTTP refused; true when it took over. */
export type FallBack = (initialize: unknown, status: number) => Promise<boolean>;

export class StreamableHttp {
  readonly kind = 'http';
  /** Session id issued by the server at initialization. */
  sessionId: string | undefined;

  constructor(
    private readonly host: HttpSessionHost,
    /** Absent when only Streamable HTTP may be used (--transport http). */
    private readonly fallBack?: FallBack,
  ) {}

  send(line: string, message: unknown, sendFrame: number): void {
    this.host.track(this.post(line, message, sendFrame));
  }

  /** The session id and protocol version (and the 2026-07-28 method headers) a request carries. */
  headers(spec: ExchangeSpec): Record<string, string> {
    const headers: Record<string, string> = {};
    if (!spec.bare) {
      if (this.sessionId) headers['mcp-session-id'] = this.sessionId;
      const version = this.versionHeader();
      if (version) headers['mcp-protocol-version'] = version;
    }
    const rpc = rpcOf(spec.message);
    if (this.host.modernMeta && rpc.method) {
      headers['mcp-method'] = rpc.method;
      if (rpc.name !== undefined) headers['mcp-name'] = headerSafe(rpc.name);
    }
    return headers;
  }

  /** A response's MCP-Session-Id: the first one a message POST gets is the session's. */
  adopt(spec: ExchangeSpec, sessionId: string | undefined): void {
    if (spec.purpose === 'message' && sessionId && !this.sessionId) this.sessionId = sessionId;
  }

  /** End the session the server issued, waiting for the answer at most the request timeout. */
  async terminate(): Promise<void> {
    if (!this.sessionId) return;
    await this.host.exchange({ method: 'DELETE', purpose: 'terminate', maxMs: this.host.timeoutMs });
  }

  private versionHeader(): string | undefined {
    const modern = this.host.modernMeta?.['io.modelcontextprotocol/protocolVersion'];
    if (typeof modern === 'string') return modern;
    return this.host.negotiatedVersion;
  }

  /** POST one message and settle its request from the response. */
  private async post(line: string, message: unknown, sendFrame: number): Promise<void> {
    const { host } = this;
    let result = await host.exchange({ method: 'POST', purpose: 'message', body: line, message, sendFrame });
    const id = requestIdOf(message);
    result = await this.resume(result, id);
    if (result.status !== undefined) host.everAnswered = true;
    if (id === undefined || !host.isPending(id)) return;

    if (result.error !== undefined) {
      if (!host.everAnswered) host.fail(new Error(result.error));
      host.settle(id, { kind: 'closed', ms: host.elapsed() });
      return;
    }
    const status = result.status ?? 0;
    if (this.fallBack && refusesInitialize(message, status, result) && (await this.fallBack(message, status))) return;
    if (!host.isPending(id)) return;
    const overCap = result.overCap !== undefined ? { overCap: result.overCap } : {};
    host.settle(id, { kind: 'error', error: httpError(status, result), frame: -1, ms: host.elapsed(), ...overCap });
  }

  /**
   * The server closed the request's event stream before answering, after an event with an id: as
   * clients SHOULD, wait the `retry` it asked for (at most the request timeout) and resume with a
   * GET carrying Last-Event-ID, where the answer arrives; a few times at most.
   */
  private async resume(first: ExchangeResult, id: RequestId | undefined): Promise<ExchangeResult> {
    const { host } = this;
    let result = first;
    for (let n = 0; n < MAX_RESUMES; n++) {
      const from = result.lastEventId;
      const unanswered = id !== undefined && host.isPending(id) && !host.isClosed && !host.terminated;
      // A stream cut at a cap is not resumed: the server would replay the same oversized answer.
      if (
        !unanswered ||
        from === undefined ||
        result.error !== undefined ||
        result.overCap !== undefined ||
        result.contentType !== 'text/event-stream'
      )
        return result;
      await new Promise((resolve) => setTimeout(resolve, Math.min(result.retryMs ?? 0, host.timeoutMs)));
      const again = await host.exchange({ method: 'GET', purpose: 'resume', headers: { 'last-event-id': from }, maxMs: host.timeoutMs });
      // Nothing to resume (405, 404…): the request fails as the first stream left it.
      if (again.status === undefined || again.status < 200 || again.status >= 300) return result;
      result = { ...again, lastEventId: again.lastEventId ?? from };
    }
    return result;
  }
}

/** A refusal of initialize that a legacy HTTP+SSE server would give (not a 2026-07-28 server's error). */
function refusesInitialize(message: unknown, status: number, result: ExchangeResult): boolean {
  return isObject(message) && message.method === 'initialize' && LEGACY_REFUSALS.has(status) && !carriesModernError(result.messages);
}

function carriesModernError(messages: readonly unknown[]): boolean {
  return messages.some((m) => isObject(m) && isObject(m.error) && typeof m.error.code === 'number' && MODERN_ERROR_CODES.has(m.error.code));
}

/**
 * Plain data of the HTTP probes: what their planner reads about an HTTP session, the HTTP side of
 * a planned step, and what a probe records (the http-* rules read it; rules/lib/http.ts).
 */
import type { HttpExchange } from './capture.js';

/** What the HTTP probes are planned from: the session's transport and what it recorded so far. */
export interface HttpPlanInput {
  readonly transport: 'http' | 'sse';
  /** The MCP-Session-Id the server issued at initialization (Streamable HTTP), if any. */
  readonly sessionId?: string | undefined;
  readonly exchanges: readonly HttpExchange[];
  /** 2026-07-28: the `_meta` every request carries. */
  readonly modernMeta?: Readonly<Record<string, unknown>> | undefined;
}

/** The HTTP request a planned step is, beyond its JSON-RPC message (none for GET and DELETE). */
export interface HttpRequestStep {
  readonly method: 'POST' | 'GET' | 'DELETE';
  /** Protocol headers set for this request (lower-case names). */
  readonly headers?: Readonly<Record<string, string>>;
  /** Sent without the linted session's id and protocol version. */
  readonly bare?: boolean;
  /** Only the response headers are read. */
  readonly headersOnly?: boolean;
  /** The exchange is recorded as a GET stream check rather than as a probe. */
  readonly getStream?: boolean;
  /**
   * Its MCP-Session-Id is known only when it is sent: the throw-away session an earlier step
   * opened, or the one it ended (an id never issued when it could not be ended).
   */
  readonly session?: 'throw-away' | 'ended';
  /** Nothing is sent: the step judges the exchange with this index, recorded during the handshake. */
  readonly observes?: number;
}

/** The data a probe record carries about the exchange that decided it. */
export interface HttpProbeData {
  readonly exchange: number;
  readonly status?: number;
  readonly contentType?: string;
  readonly bodyBytes: number;
  /** Start of the response body, for evidence. */
  readonly bodyText?: string;
  /** JSON-RPC error code in the body, when it held one. */
  readonly errorCode?: number;
  readonly error?: string;
  /** What else the probe needs to say (header sent, variant). */
  readonly [key: string]: unknown;
}

/** An Origin no MCP server should trust (reserved domain, RFC 2606). */
export const BAD_ORIGIN = 'https://evil.example';
/** A protocol version that does not exist. */
export const BAD_PROTOCOL_VERSION = '1900-01-01';
/** A session id no server ever issued. */
export const UNKNOWN_SESSION_ID = 'mcplint-probe-unknown-session-0000';

/**
 * The headers of one MCP HTTP request (which to send, which to record: never a user header's value)
 * and the response headers worth keeping.
 */
import type { IncomingMessage } from 'node:http';
import type { HttpExchange } from '../model/capture.js';
import { isObject } from '../shared/json.js';

/** Response headers worth keeping. */
const KEPT_RESPONSE_HEADERS = [
  'content-type',
  'mcp-session-id',
  'allow',
  'x-accel-buffering',
  'www-authenticate',
  'location',
  'cache-control',
];

export interface RequestHeaders {
  readonly sent: Record<string, string>;
  /** The protocol headers only. */
  readonly recorded: Record<string, string>;
  readonly sessionId?: string;
}

/**
 * Content negotiation for the method, then the transport's session headers, then the caller's
 * overrides (`null` removes one); user headers are sent unless a protocol header has their name.
 */
export function requestHeaders(
  method: HttpExchange['method'],
  session: Readonly<Record<string, string>>,
  overrides: Readonly<Record<string, string | null>> | undefined,
  user: Readonly<Record<string, string>>,
): RequestHeaders {
  const protocol: Record<string, string> = {};
  if (method === 'POST') {
    protocol['content-type'] = 'application/json';
    protocol.accept = 'application/json, text/event-stream';
  } else if (method === 'GET') {
    protocol.accept = 'text/event-stream';
  }
  Object.assign(protocol, session);
  for (const [name, value] of Object.entries(overrides ?? {})) {
    if (value === null) delete protocol[name];
    else protocol[name] = value;
  }
  const sent: Record<string, string> = { ...protocol };
  for (const [name, value] of Object.entries(user)) {
    // Protocol headers set for a probe win over user headers of the same name.
    if (!(name.toLowerCase() in protocol)) sent[name] = value;
  }
  return { sent, recorded: protocol, ...(protocol['mcp-session-id'] ? { sessionId: protocol['mcp-session-id'] } : {}) };
}

export interface RpcSummary {
  readonly method?: string;
  readonly kind?: HttpExchange['rpcKind'];
  /** The tool or prompt name, or the resource URI, a request is about (2026-07-28 Mcp-Name). */
  readonly name?: string;
}

export function rpcOf(message: unknown): RpcSummary {
  if (!isObject(message)) return {};
  if (typeof message.method === 'string') {
    const name = subjectName(message.method, isObject(message.params) ? message.params : {});
    return { method: message.method, kind: 'id' in message ? 'request' : 'notification', ...(name !== undefined ? { name } : {}) };
  }
  return 'id' in message ? { kind: 'response' } : {};
}

function subjectName(method: string, params: Record<string, unknown>): string | undefined {
  if (method === 'tools/call' || method === 'prompts/get') return typeof params.name === 'string' ? params.name : undefined;
  if (method === 'resources/read' && typeof params.uri === 'string') return params.uri;
  return undefined;
}

/** 2026-07-28 header value encoding: plain visible ASCII as is, else the base64 sentinel. */
export function headerSafe(value: string): string {
  if (/^[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?$/.test(value) && !/^=\?base64\?.*\?=$/.test(value)) return value;
  return `=?base64?${Buffer.from(value, 'utf8').toString('base64')}?=`;
}

export function mediaType(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return undefined;
  return value.split(';')[0]!.trim().toLowerCase() || undefined;
}

export function keptHeaders(res: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of KEPT_RESPONSE_HEADERS) {
    const value = res.headers[name];
    if (value !== undefined) out[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

/** Building blocks for unit tests of HTTP and 2026-07-28 rules over in-memory captures. */
import type { Handshake, HttpExchange } from '../../src/model/capture.js';

/** A 2026-07-28 session, established through server/discover. */
export const MODERN_HANDSHAKE: Handshake = {
  ok: true,
  requestedVersion: '2026-07-28',
  protocolVersion: '2026-07-28',
  serverInfo: {},
  capabilities: { tools: {} },
  raw: {},
  durationMs: 1,
  via: 'server/discover',
};

/** A POSTed JSON-RPC request and a 200 answer; `extra` changes what a test is about. */
export function postExchange(seq: number, rpcMethod: string, extra: Partial<HttpExchange> = {}): HttpExchange {
  return {
    seq,
    at: seq,
    phase: 'listing',
    method: 'POST',
    url: 'http://127.0.0.1:1/mcp',
    purpose: 'message',
    rpcMethod,
    rpcKind: 'request',
    requestHeaders: {},
    userHeaders: [],
    status: 200,
    ...extra,
  };
}

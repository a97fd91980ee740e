/**
 * HTTP protocol probes: what a Streamable HTTP server must answer at the HTTP level. They send
 * only protocol messages (ping, server/discover, initialize for a throw-away session), never tool
 * calls, and record their exchanges like every other. Each returns a ProbeRecord keyed by its id,
 * so HTTP rules can `requires: ['probe:http-…']` and are skipped, with the reason, when a probe
 * does not apply (legacy HTTP+SSE, a 2026-07-28 server without sessions, a stateless server).
 */
import type { ProbeRecord } from '../capture.js';
import { isObject } from '../engine/capture-index.js';
import { VERSION } from '../version.js';
import type { LiveSession } from './capture-session.js';
import { META } from './discover.js';
import type { ExchangeResult, HttpConnection } from './http.js';

export const HTTP_PROBES = ['http-notification', 'http-get', 'http-protocol-version', 'http-origin', 'http-session'] as const;
export type HttpProbeId = (typeof HTTP_PROBES)[number];

/** An Origin no MCP server should trust (reserved domain, RFC 2606). */
export const BAD_ORIGIN = 'https://evil.example';
/** A protocol version that does not exist. */
export const BAD_PROTOCOL_VERSION = '1900-01-01';
/** A session id no server ever issued. */
export const UNKNOWN_SESSION_ID = 'mcplint-probe-unknown-session-0000';

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

const skipped = (id: HttpProbeId, reason: string): ProbeRecord => ({ id, status: 'skipped', reason });
const ran = (id: HttpProbeId, data: HttpProbeData): ProbeRecord => ({ id, status: 'ran', data });

export async function runHttpProbes(connection: HttpConnection, session: LiveSession): Promise<Record<string, ProbeRecord>> {
  const records: Record<string, ProbeRecord> = {};
  const handshake = session.handshake;
  if (!handshake.ok) {
    for (const id of HTTP_PROBES) records[id] = skipped(id, 'the handshake failed');
    return records;
  }
  const modern = handshake.via === 'server/discover';
  const legacySse = connection.transport === 'sse';
  const version = handshake.protocolVersion;
  const previous = connection.phase;

  const run = async (id: HttpProbeId, body: () => Promise<ProbeRecord>): Promise<void> => {
    if (connection.isClosed) {
      records[id] = skipped(id, 'the connection closed before the probe could run');
      return;
    }
    connection.phase = `probe:${id}`;
    records[id] = await body();
  };

  // A request that any server of the era must answer, to carry a probe's odd headers.
  const pingLike = (id: string, protocolVersion?: string): Record<string, unknown> =>
    modern
      ? {
          jsonrpc: '2.0',
          id,
          method: 'server/discover',
          params: {
            _meta: {
              ...(connection.modernMeta ?? {}),
              ...(protocolVersion ? { [META.protocolVersion]: protocolVersion } : {}),
            },
          },
        }
      : { jsonrpc: '2.0', id, method: 'ping' };

  await run('http-notification', async () => {
    if (legacySse) return skipped('http-notification', 'the server speaks the legacy HTTP+SSE transport, where every POST is answered alike; this checks Streamable HTTP');
    if (modern) return skipped('http-notification', 'protocol 2026-07-28 defines no client notifications over Streamable HTTP');
    const exchange = connection.exchanges.find((e) => e.purpose === 'message' && e.rpcMethod === 'notifications/initialized');
    if (!exchange) return skipped('http-notification', 'no notifications/initialized exchange was recorded');
    return ran('http-notification', {
      exchange: exchange.seq,
      ...(exchange.status !== undefined ? { status: exchange.status } : {}),
      ...(exchange.contentType ? { contentType: exchange.contentType } : {}),
      bodyBytes: exchange.body?.bytes ?? 0,
      ...(exchange.body?.text ? { bodyText: exchange.body.text.slice(0, 300) } : {}),
      ...(exchange.error ? { error: exchange.error } : {}),
      method: 'notifications/initialized',
    });
  });

  await run('http-get', async () => {
    if (legacySse) return skipped('http-get', 'the server speaks the legacy HTTP+SSE transport, whose GET stream is its only channel');
    const result = await connection.exchange({ method: 'GET', purpose: 'get-stream', headersOnly: true, probe: 'http-get' });
    return ran('http-get', { ...dataOf(result), allow: result.headers['allow'] });
  });

  await run('http-protocol-version', async () => {
    if (legacySse) return skipped('http-protocol-version', 'the legacy HTTP+SSE transport has no MCP-Protocol-Version header');
    if (!modern && version < '2025-06-18') {
      return skipped('http-protocol-version', `the server negotiated ${version}; the MCP-Protocol-Version header exists from 2025-06-18`);
    }
    const message = pingLike('mcplint-probe-protocol-version', modern ? BAD_PROTOCOL_VERSION : undefined);
    const result = await connection.probeMessage('http-protocol-version', message, { headers: { 'mcp-protocol-version': BAD_PROTOCOL_VERSION } });
    return ran('http-protocol-version', { ...dataOf(result), sent: BAD_PROTOCOL_VERSION, method: String(message.method) });
  });

  await run('http-origin', async () => {
    if (legacySse) {
      const result = await connection.exchange({ method: 'GET', purpose: 'probe', bare: true, headersOnly: true, headers: { origin: BAD_ORIGIN }, probe: 'http-origin' });
      return ran('http-origin', { ...dataOf(result), origin: BAD_ORIGIN, method: 'GET' });
    }
    const message = pingLike('mcplint-probe-origin');
    const result = await connection.probeMessage('http-origin', message, { headers: { origin: BAD_ORIGIN } });
    return ran('http-origin', { ...dataOf(result), origin: BAD_ORIGIN, method: String(message.method) });
  });

  await run('http-session', async () => {
    if (legacySse) return skipped('http-session', 'the legacy HTTP+SSE transport keeps its session in the endpoint URL');
    if (modern) return skipped('http-session', 'protocol 2026-07-28 has no sessions');
    if (!connection.sessionId) return skipped('http-session', 'the server issued no MCP-Session-Id (it runs without sessions)');
    // A throw-away session: open, terminate, then use its id. The linted session is left alone.
    const init = await connection.probeMessage(
      'http-session',
      {
        jsonrpc: '2.0',
        id: 'mcplint-probe-session-initialize',
        method: 'initialize',
        params: { protocolVersion: session.handshake.ok ? session.handshake.requestedVersion : version, capabilities: {}, clientInfo: { name: 'mcplint', version: VERSION } },
      },
      { bare: true },
    );
    const throwAway = init.headers['mcp-session-id'];
    let variant: 'terminated' | 'unknown' = 'unknown';
    let deleteStatus: number | undefined;
    let sessionId = UNKNOWN_SESSION_ID;
    if (throwAway) {
      const del = await connection.exchange({ method: 'DELETE', purpose: 'probe', bare: true, headers: { 'mcp-session-id': throwAway, 'mcp-protocol-version': version }, probe: 'http-session', maxMs: connection.timeoutMs });
      deleteStatus = del.status;
      if (del.status !== undefined && del.status >= 200 && del.status < 300) {
        variant = 'terminated';
        sessionId = throwAway;
      }
    }
    const result = await connection.probeMessage('http-session', { jsonrpc: '2.0', id: 'mcplint-probe-session', method: 'ping' }, { headers: { 'mcp-session-id': sessionId } });
    return ran('http-session', { ...dataOf(result), variant, ...(deleteStatus !== undefined ? { deleteStatus } : {}) });
  });

  connection.phase = previous;
  return records;
}

function dataOf(result: ExchangeResult): HttpProbeData {
  const rpcError = result.messages.map((m) => (isObject(m) && isObject(m.error) ? m.error : undefined)).find((e) => e !== undefined);
  return {
    exchange: result.index,
    ...(result.status !== undefined ? { status: result.status } : {}),
    ...(result.contentType ? { contentType: result.contentType } : {}),
    bodyBytes: result.bodyBytes,
    ...(result.bodyText ? { bodyText: result.bodyText.slice(0, 300) } : {}),
    ...(rpcError && typeof rpcError.code === 'number' ? { errorCode: rpcError.code } : {}),
    ...(result.error ? { error: result.error } : {}),
  };
}

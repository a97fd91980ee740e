/**
 * Era detection and the 2026-07-28 ("modern") handshake. Modern servers have no initialize:
 * every request carries `_meta` (protocol version, client capabilities, client info) and
 * `server/discover` tells what the server supports. mcplint tries initialize first (most servers
 * are legacy); when the server refuses it the way a modern server does — an
 * UnsupportedProtocolVersionError naming a modern version, a HeaderMismatch, or "method not
 * found" — or when --protocol names a modern version, it uses server/discover and sends `_meta`
 * on every later request. The resulting Handshake has the same shape either way (era-neutral),
 * with `via: 'server/discover'` and the DiscoverResult as `raw`.
 */
import type { Handshake } from '../model/capture.js';
import { isObject } from '../shared/json.js';
import { compareProtocolVersions, isKnownProtocolVersion, type ProtocolVersion } from '../shared/protocol-version.js';
import { VERSION } from '../shared/version.js';
import type { Connection, RpcOutcome } from './connection.js';

/**
 * The first protocol version without initialize, where the modern era begins; also the one mcplint
 * speaks to a server that refuses initialize, as it is the only modern version there is.
 */
export const MODERN_PROTOCOL_VERSION: ProtocolVersion = '2026-07-28';

export const META = {
  protocolVersion: 'io.modelcontextprotocol/protocolVersion',
  clientCapabilities: 'io.modelcontextprotocol/clientCapabilities',
  clientInfo: 'io.modelcontextprotocol/clientInfo',
  serverInfo: 'io.modelcontextprotocol/serverInfo',
} as const;

/** Whether a protocol version string belongs to the modern (no-initialize) era. Unknown dates compare as text. */
export function isModernVersion(version: string): boolean {
  if (isKnownProtocolVersion(version)) return compareProtocolVersions(version, MODERN_PROTOCOL_VERSION) >= 0;
  return /^\d{4}-\d{2}-\d{2}$/.test(version) && version >= MODERN_PROTOCOL_VERSION;
}

/** Does a failed server/discover look like a server of an earlier version, to which the method is unknown? */
function legacySignal(handshake: Handshake): boolean {
  return !handshake.ok && handshake.reason === 'error-response' && handshake.error?.code === -32601;
}

/** Does a failed initialize look like a modern server refusing it? */
export function modernSignal(handshake: Handshake): boolean {
  if (handshake.ok || handshake.reason !== 'error-response' || !handshake.error) return false;
  const { code, data } = handshake.error;
  const supported = isObject(data) && Array.isArray(data.supported) ? data.supported.filter((v): v is string => typeof v === 'string') : [];
  if (supported.some(isModernVersion)) return true;
  if (code === -32020 || code === -32021) return true;
  if (code === -32022) return supported.length === 0 || supported.some(isModernVersion);
  // initialize is an unknown method to a modern-only server.
  return code === -32601;
}

export interface EstablishOptions {
  readonly startupTimeoutMs: number;
  /** --protocol: a modern version skips initialize. */
  readonly protocolVersion?: string;
}

/** Handshake in the right era: initialize (legacy), or server/discover when asked for or when initialize is refused the modern way. */
export async function establish(connection: Connection, options: EstablishOptions, legacy: () => Promise<Handshake>): Promise<Handshake> {
  if (options.protocolVersion && isModernVersion(options.protocolVersion)) {
    const modern = await discover(connection, options, options.protocolVersion);
    if (modern.ok || !legacySignal(modern) || connection.isClosed) return modern;
    // A server of an earlier version does not know server/discover: expected, not a defect. It is
    // linted on the version it speaks, as a client that falls back would use it.
    const first = await legacy();
    connection.notes.push(
      first.ok
        ? `The server does not know server/discover (${describeError(modern)}), as a server of a protocol version before ${MODERN_PROTOCOL_VERSION} does not: mcplint linted it on ${first.protocolVersion}, the version it negotiated with initialize.`
        : `The server does not know server/discover (${describeError(modern)}), and initialize failed too.`,
    );
    return first.ok ? first : modern;
  }
  const first = await legacy();
  if (first.ok || !modernSignal(first) || connection.isClosed) return first;
  const modern = await discover(connection, options, MODERN_PROTOCOL_VERSION);
  if (modern.ok) {
    connection.notes.push(
      `The server refused initialize (${describeError(first)}) the way a ${MODERN_PROTOCOL_VERSION} server does; mcplint used server/discover.`,
    );
    return modern;
  }
  connection.notes.push(`initialize failed and server/discover failed too (${modern.message}).`);
  return first;
}

/** The modern handshake: server/discover with per-request `_meta`. */
export async function discover(connection: Connection, options: EstablishOptions, version: string): Promise<Handshake> {
  const target = connection;
  target.modernMeta = {
    [META.protocolVersion]: version,
    [META.clientCapabilities]: {},
    [META.clientInfo]: { name: 'mcplint', version: VERSION },
  };
  connection.phase = 'handshake';
  const outcome = await Promise.race([
    connection.request('server/discover', {}, { timeoutMs: options.startupTimeoutMs }),
    connection.closed.then((): RpcOutcome => ({ kind: 'closed', ms: connection.elapsed() })),
  ]);
  const durationMs = connection.elapsed();
  const base = { requestedVersion: version, durationMs };
  const fail = (h: Handshake): Handshake => {
    target.modernMeta = undefined;
    return h;
  };
  switch (outcome.kind) {
    case 'closed':
      return fail({
        ok: false,
        ...base,
        reason: connection.transport === 'stdio' ? 'exited' : 'connection-failed',
        message:
          connection.transport === 'stdio'
            ? 'The server exited before answering server/discover.'
            : 'The connection closed before server/discover was answered.',
      });
    case 'timeout':
      return fail({
        ok: false,
        ...base,
        reason: 'timeout',
        message: `The server did not answer server/discover within ${options.startupTimeoutMs} ms.`,
      });
    case 'error':
      return fail({
        ok: false,
        ...base,
        reason: 'error-response',
        message: `The server answered server/discover with an error: ${String(outcome.error.message ?? outcome.error.code)}`,
        error: outcome.error,
      });
    case 'result': {
      const result = outcome.result;
      if (!isObject(result) || !isObject(result.capabilities) || !Array.isArray(result.supportedVersions)) {
        return fail({
          ok: false,
          ...base,
          reason: 'invalid-result',
          message: 'The server/discover result lacks a capabilities object or a supportedVersions array.',
          raw: result,
        });
      }
      const supported = result.supportedVersions.filter((v): v is string => typeof v === 'string');
      if (!supported.includes(version)) {
        return fail({
          ok: false,
          ...base,
          reason: 'invalid-result',
          message: `server/discover lists supportedVersions ${JSON.stringify(supported)}, without ${version}, the version mcplint speaks.`,
          raw: result,
        });
      }
      const meta = isObject(result._meta) ? result._meta : {};
      const serverInfo = isObject(meta[META.serverInfo]) ? (meta[META.serverInfo] as Record<string, unknown>) : {};
      connection.phase = 'handshake';
      return {
        ok: true,
        ...base,
        protocolVersion: version,
        serverInfo,
        capabilities: result.capabilities,
        ...(typeof result.instructions === 'string' ? { instructions: result.instructions } : {}),
        raw: result,
        via: 'server/discover',
      };
    }
  }
}

function describeError(handshake: Handshake): string {
  if (handshake.ok || !handshake.error) return handshake.ok ? '' : handshake.message;
  const { code, message } = handshake.error;
  return `${code !== undefined ? `code ${String(code)}` : 'an error'}${typeof message === 'string' ? `: ${message}` : ''}`;
}

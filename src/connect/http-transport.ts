/**
 * What an HTTP transport (Streamable HTTP, legacy HTTP+SSE) needs from the session it carries
 * messages for, and the helpers both share: request ids and errors made from HTTP statuses.
 */
import { isObject } from '../shared/json.js';
import type { RequestId, RpcOutcome } from './connection.js';
import type { ExchangeResult, ExchangeSpec } from './http-exchange.js';

export interface HttpSessionHost {
  readonly notes: string[];
  /** The MCP endpoint. */
  readonly endpoint: URL;
  readonly timeoutMs: number;
  readonly isClosed: boolean;
  /** close() has begun: streams ending now end because mcplint ended them. */
  readonly terminated: boolean;
  /** The transport carrying messages now. */
  readonly transport: 'http' | 'sse';
  /** Some request got an HTTP status: the server is reachable. */
  everAnswered: boolean;
  /** 2026-07-28: the `_meta` every request carries (absent for earlier protocols). */
  readonly modernMeta: Readonly<Record<string, unknown>> | undefined;
  /** The version the initialize answer named. */
  readonly negotiatedVersion: string | undefined;
  exchange(spec: ExchangeSpec): Promise<ExchangeResult>;
  /** Work to wait for at close. */
  track(work: Promise<unknown>): void;
  isPending(id: RequestId): boolean;
  settle(id: RequestId, outcome: RpcOutcome): void;
  elapsed(): number;
  /** The server is unreachable or gone: fail everything waiting. */
  fail(error: Error): void;
  /** Why the server could not be reached (the first reason is kept). */
  unreachable(error: Error): void;
}

/** The id of a request (not of a notification or response). */
export function requestIdOf(message: unknown): RequestId | undefined {
  if (!isObject(message) || typeof message.method !== 'string' || !('id' in message)) return undefined;
  return typeof message.id === 'string' || typeof message.id === 'number' ? message.id : undefined;
}

/** The error a request gets when the server answered its POST with an HTTP error and no JSON-RPC answer. */
export function httpError(status: number, result: ExchangeResult): { code?: unknown; message: string; data: unknown } {
  const rpc = result.messages.find((m) => isObject(m) && isObject(m.error));
  const rpcError = rpc && isObject(rpc) && isObject(rpc.error) ? rpc.error : undefined;
  const text =
    rpcError && typeof rpcError.message === 'string'
      ? rpcError.message
      : result.overCap
        ? result.overCap
        : result.bodyText?.trim().slice(0, 300);
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

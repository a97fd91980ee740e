/**
 * The contract of one HTTP probe: a pure planner like every probe's (its steps are HTTP requests,
 * each with an id and a reason) and a runner that sends its steps on the HTTP connection and
 * returns what the http-* rules read. They send only protocol messages (ping, server/discover,
 * initialize for a throw-away session), never tool calls.
 */
import type { LiveSession } from '../connect/capture-session.js';
import type { ExchangeResult } from '../connect/http-exchange.js';
import type { HttpConnection } from '../connect/http.js';
import { META } from '../connect/discover.js';
import { isObject } from '../shared/json.js';
import type { HttpPlanInput, HttpProbeData } from '../model/http-probe-types.js';
import type { PlanContext, ProbeModule, StepSpec } from './probe.js';
import type { PlanStep } from '../model/probe-types.js';

/** What HTTP probes use of the live connection. */
export type HttpChannel = Pick<
  HttpConnection,
  'phase' | 'isClosed' | 'timeoutMs' | 'exchanges' | 'exchange' | 'probeMessage' | 'transport' | 'sessionId' | 'modernMeta' | 'acknowledged'
>;

/** A live session, and on HTTP targets the connection the HTTP probes send on. */
export type ProbeSession = LiveSession & { readonly http?: HttpChannel };

export interface HttpProbeModule extends ProbeModule {
  readonly transport: 'http';
  /** Send the planned steps (in order) and say what the answers were. */
  run(channel: HttpChannel, steps: readonly PlanStep[]): Promise<HttpProbeData>;
}

/** The HTTP session facts (buildPlan plans HTTP probes only when there are some). */
export function httpInput(ctx: PlanContext): HttpPlanInput {
  const http = ctx.input.http;
  if (!http) throw new Error('HTTP probes are planned only for HTTP sessions');
  return http;
}

export const speaksLegacySse = (ctx: PlanContext): boolean => httpInput(ctx).transport === 'sse';
export const isModern = (ctx: PlanContext): boolean => ctx.input.handshake.ok && ctx.input.handshake.via === 'server/discover';

/**
 * A request any server of the era must answer, to carry a probe's odd headers: ping, or for
 * 2026-07-28 server/discover with the per-request `_meta` (its protocol version overridden if asked).
 */
export function pingStep(ctx: PlanContext, id: string, protocolVersion?: string): Pick<StepSpec, 'method' | 'params' | 'id'> {
  if (!isModern(ctx)) return { method: 'ping', id };
  const meta = { ...(httpInput(ctx).modernMeta ?? {}), ...(protocolVersion ? { [META.protocolVersion]: protocolVersion } : {}) };
  return { method: 'server/discover', params: { _meta: meta }, id };
}

/** The JSON-RPC message a POST step carries. */
export function messageOf(step: PlanStep): Record<string, unknown> {
  return { jsonrpc: '2.0', id: step.id, method: step.method, ...(step.params !== undefined ? { params: step.params } : {}) };
}

/** Send one planned HTTP request; `sessionId` fills in a step whose session is known only now. */
export function sendStep(channel: HttpChannel, step: PlanStep, sessionId?: string): Promise<ExchangeResult> {
  const http = step.http!;
  const headers = { ...(sessionId !== undefined ? { 'mcp-session-id': sessionId } : {}), ...(http.headers ?? {}) };
  const shape = {
    ...(http.bare ? { bare: true } : {}),
    ...(http.headersOnly ? { headersOnly: true } : {}),
    ...(Object.keys(headers).length ? { headers } : {}),
  };
  if (http.method === 'POST') return channel.probeMessage(step.probe, messageOf(step), shape);
  return channel.exchange({
    method: http.method,
    purpose: http.getStream ? 'get-stream' : 'probe',
    ...shape,
    probe: step.probe,
    // A DELETE answers at once or not at all; a GET may open a stream, so only its headers are awaited.
    ...(http.method === 'DELETE' ? { maxMs: channel.timeoutMs } : {}),
  });
}

/** What a probe records of the exchange that decided it. */
export function dataOf(result: ExchangeResult): HttpProbeData {
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

/**
 * The SSE streams a Streamable HTTP server answered POSTed requests with, for the stream rules
 * (http-sse-priming, http-sse-retry): pure reads of the recorded exchanges.
 */
import type { Capture, HttpExchange } from '../../src/model/capture.js';
import { isObject } from '../../src/engine/capture-index.js';
import { isSuccess } from './http.js';

/** POSTed requests answered 2xx with an event stream that carried at least one event. */
export function postStreams(capture: Pick<Capture, 'exchanges'>): HttpExchange[] {
  return (capture.exchanges ?? []).filter(
    (e) => e.method === 'POST' && e.rpcKind === 'request' && isSuccess(e.status) && e.body?.kind === 'sse' && (e.body.events ?? 0) > 0,
  );
}

/** The server puts ids on its SSE events (its streams are resumable), on any stream. */
export function issuesEventIds(capture: Pick<Capture, 'exchanges'>): boolean {
  return (capture.exchanges ?? []).some((e) => (e.body?.eventIds?.length ?? 0) > 0);
}

/** The stream carried a JSON-RPC response (the answer to the POSTed request). */
export function carriedResponse(capture: Pick<Capture, 'frames'>, exchange: HttpExchange): boolean {
  return (exchange.body?.frames ?? []).some((i) => {
    const frame = capture.frames[i];
    return frame?.kind === 'message' && isObject(frame.message) && ('result' in frame.message || 'error' in frame.message);
  });
}

/** Recorded HTTP exchanges for rule unit tests: a capture of an HTTP session with the given exchanges and frames. */
import type { Capture, Frame, HttpBody, HttpExchange } from '../../src/model/capture.js';
import { makeCapture } from './capture.js';
import { postExchange as postRequest } from './http-capture.js';

/** A POSTed request answered 200 with the given body. */
export function postExchange(seq: number, rpcMethod: string, body: HttpBody, extra: Partial<HttpExchange> = {}): HttpExchange {
  return postRequest(seq, rpcMethod, { contentType: body.kind === 'sse' ? 'text/event-stream' : 'application/json', body, ...extra });
}

/** A received response frame (for a body's `frames`). */
export function responseFrame(seq: number, id: number): Frame {
  return { kind: 'message', dir: 'recv', message: { jsonrpc: '2.0', id, result: {} }, bytes: 30, seq, at: seq, phase: 'listing' } as Frame;
}

export function httpCapture(exchanges: HttpExchange[], frames: Frame[] = [], protocolVersion = '2025-11-25'): Capture {
  return { ...makeCapture({ transport: 'http', protocolVersion, frames }), exchanges };
}

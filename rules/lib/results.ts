/**
 * The results the server sent, each with the method of the request it answers (matched by id, type
 * included, among the requests mcplint sent on the main connection). Pure reads of the frames.
 */
import type { Capture } from '../../src/model/capture.js';
import { isObject, type JsonObject, type SessionIndex } from '../../src/engine/capture-index.js';

export interface AnsweredResult {
  readonly method: string;
  readonly result: JsonObject;
  readonly frame: number;
}

/**
 * The key a request and its response share: the server process (a server started again after a
 * crash counts its ids from 1 again) and the id with its type (1 and "1" are different ids).
 */
export const requestKey = (frame: { readonly connection?: number }, id: unknown): string =>
  `${frame.connection ?? 1}|${typeof id}:${String(id)}`;

/** Which method each request mcplint sent on the main connection belongs to, by requestKey. */
export function sentRequestMethods(capture: Pick<Capture, 'frames'>): Map<string, string> {
  const methods = new Map<string, string>();
  for (const frame of capture.frames) {
    if (frame.kind !== 'message' || frame.dir !== 'send' || !isObject(frame.message)) continue;
    const m = frame.message;
    if (typeof m.method === 'string' && 'id' in m) methods.set(requestKey(frame, m.id), m.method);
  }
  return methods;
}

export function answeredResults(capture: Pick<Capture, 'frames'>, index: SessionIndex): AnsweredResult[] {
  const methods = sentRequestMethods(capture);
  const out: AnsweredResult[] = [];
  for (const frame of index.received) {
    const m = frame.message;
    if (frame.truncated || !isObject(m) || !('id' in m) || !isObject(m.result)) continue;
    const method = methods.get(requestKey(frame, m.id));
    if (method) out.push({ method, result: m.result, frame: frame.frameIndex });
  }
  return out;
}

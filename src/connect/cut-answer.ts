/**
 * Which waiting request a line cut at the line cap was probably the answer to. The line is lost
 * either way; naming the request lets it fail at once with the cap it broke ("the initialize
 * result exceeded the 16 MiB line cap") instead of timing out as if the server never answered.
 * Only the head of the line is looked at: a JSON object that names a waiting id, or that looks like
 * a response (no "method" in sight) while exactly one request waits.
 */
import type { RequestId } from './connection.js';

/** Characters of the line's head searched. */
const HEAD_CHARS = 4096;

export interface WaitingRequest {
  readonly id: RequestId;
  readonly method: string;
}

export interface CutAnswer {
  readonly request: WaitingRequest;
  /** "result" or "response", as the head shows it. */
  readonly noun: 'result' | 'response';
}

export function cutAnswerOf(head: string, waiting: readonly WaitingRequest[]): CutAnswer | undefined {
  const text = head.slice(0, HEAD_CHARS).trimStart();
  if (!text.startsWith('{') || waiting.length === 0) return undefined;
  const noun = /"result"\s*:/.test(text) && !/^\{\s*"error"\s*:/.test(text) ? 'result' : 'response';
  const named = /"id"\s*:\s*(-?\d+(?:\.\d+)?|"(?:[^"\\]|\\.)*")/.exec(text);
  const body = /"(?:result|error)"\s*:/.exec(text);
  // A "method" before any result or error: a server request or a notification, whatever its id.
  const method = /"method"\s*:/.exec(text);
  if (method && (!body || method.index < body.index)) return undefined;
  // An id before the result or error is the message's own; one after it is inside the result.
  if (named && (!body || named.index < body.index)) {
    const id = parseId(named[1]!);
    const request = waiting.find((w) => w.id === id);
    return request ? { request, noun } : undefined;
  }
  if (waiting.length !== 1 || !/"(?:result|error|jsonrpc)"\s*:/.test(text)) return undefined;
  return { request: waiting[0]!, noun };
}

function parseId(literal: string): RequestId | undefined {
  try {
    const id: unknown = JSON.parse(literal);
    return typeof id === 'string' || typeof id === 'number' ? id : undefined;
  } catch {
    return undefined;
  }
}

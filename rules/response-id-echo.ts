import type { MessageFrame } from '../src/model/capture.js';
import { isObject } from '../src/engine/capture-index.js';
import { defineRule, type Report } from '../src/engine/rule.js';
import { noAnswerWords, probeCalls, shorten } from '../src/model/probe-records.js';
import { jsonText } from '../src/shared/json-text.js';

/** Ids compare by type and value: 1 and "1" are different ids. */
const keyOf = (id: unknown): string => `${typeof id}:${String(id)}`;
const typeWord = (id: unknown): string =>
  typeof id === 'string'
    ? 'a string'
    : typeof id === 'number'
      ? 'a number'
      : id === null
        ? 'null'
        : `a${typeof id === 'object' ? 'n' : ''} ${typeof id}`;

const messages = {
  typeChanged:
    'Server answered request {{sent}} ({{sentType}}) with id {{got}} ({{gotType}}); a response must carry the request id unchanged, type included, or the client cannot match it and the request times out.',
  unknownId:
    'Server sent a response with id {{got}}, which matches no request mcplint sent{{near}}; a response must carry its request id unchanged (characters included), or the client cannot match it.',
  noAnswer:
    'Server {{what}} for the request with the string id {{id}}; request ids may be strings as well as integers, and each must be echoed exactly.',
};

export default defineRule({
  id: 'response-id-echo',
  category: 'lifecycle',
  basis: 'spec',
  severity: 'error',
  precision: 'very-high',
  checklist: 'none',
  summary: 'Every response carries the id of its request unchanged: same type, same value (string ids with non-ASCII characters included).',
  references: [
    {
      title: 'MCP spec 2025-11-25 — basic § Responses: "Responses MUST include the same ID as the request they correspond to"',
      url: 'https://modelcontextprotocol.io/specification/2025-11-25/basic#responses',
    },
    {
      title: 'JSON-RPC 2.0 § 5 Response object: id "MUST be the same as the value of the id member in the Request Object"',
      url: 'https://www.jsonrpc.org/specification#response_object',
    },
  ],
  messages,
  requires: ['probe:request-ids', 'exit'],
  *check({ capture, index }): Generator<Report<keyof typeof messages>> {
    const subject = { kind: 'server' } as const;
    // Requests mcplint sent, per server process (a restarted server numbers from 1 again).
    const sent = new Map<string, unknown>();
    for (const frame of index.sent) {
      if (!isObject(frame.message)) continue;
      if (typeof frame.message.method === 'string' && 'id' in frame.message)
        sent.set(`${frame.connection ?? 1}|${keyOf(frame.message.id)}`, frame.message.id);
    }
    const sentIds = [...sent.entries()];
    let mismatches = 0;
    for (const frame of index.received) {
      const message = frame.message;
      if (!isObject(message) || typeof message.method === 'string' || !('id' in message) || !('result' in message || 'error' in message))
        continue;
      const id = message.id;
      if (id === null) continue; // "could not read the id": judged by the message schema, not here
      const process = (frame as MessageFrame).connection ?? 1;
      if (sent.has(`${process}|${keyOf(id)}`)) continue;
      const loose = sentIds.find(([k, v]) => k.startsWith(`${process}|`) && String(v) === String(id));
      mismatches++;
      if (loose) {
        yield {
          messageId: 'typeChanged',
          data: { sent: jsonText(loose[1]), sentType: typeWord(loose[1]), got: jsonText(id), gotType: typeWord(id) },
          subject,
          key: String(frame.frameIndex),
          frame: frame.frameIndex,
          evidence: `"id": ${jsonText(id)}`,
        };
        continue;
      }
      const similar =
        typeof id === 'string'
          ? sentIds.find(
              ([, v]) =>
                typeof v === 'string' && v.length > 0 && v !== id && (id.startsWith(v.slice(0, 8)) || v.startsWith(id.slice(0, 8))),
            )
          : undefined;
      yield {
        messageId: 'unknownId',
        data: { got: jsonText(id), near: similar ? ` (mcplint sent ${jsonText(similar[1])})` : '' },
        subject,
        key: String(frame.frameIndex),
        frame: frame.frameIndex,
        evidence: shorten(`"id": ${jsonText(id)}`, 200),
      };
    }
    // Silence for the string id, with no mangled answer to show for it either.
    if (mismatches > 0) return;
    for (const call of probeCalls(capture, 'request-ids')) {
      if (typeof call.id !== 'string') continue;
      const what = noAnswerWords(call.answer);
      if (what && call.answer.kind === 'timeout')
        yield { messageId: 'noAnswer', data: { what, id: jsonText(call.id) }, subject, key: 'string-id' };
    }
  },
});

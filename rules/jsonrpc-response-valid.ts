import { isObject } from '../src/engine/capture-index.js';
import { defineRule, type Report } from '../src/engine/rule.js';
import { jsonText } from '../src/shared/json-text.js';

const messages = {
  duplicate:
    'Server answered {{requests}} more than once ({{examples}}); each request gets exactly one response, and a client that matched the first one drops or misreads the rest.',
  bothMembers:
    'Server sent a response with id {{id}} that carries both "result" and "error"; a response has exactly one of the two, so a client cannot tell whether the request succeeded.',
  nullIdResult:
    'Server sent a result with id null; id null is only for an error about a request whose id could not be read, and a result must carry the id of its request.',
  nullIdError:
    "Server answered with error {{code}} and id null, although every request mcplint sent on that connection was readable; an error about a request carries that request's id, so the client can fail the right call.",
  errorShape:
    'Server sent an error response (id {{id}}) whose error object {{problem}}; a JSON-RPC error has an integer "code" and a string "message", which clients show and branch on.',
};

/** Repeated requests a finding names. */
const EXAMPLES = 5;

/** Codes a server may send with id null: the request's id could not be read. */
const UNREADABLE_REQUEST_CODES = new Set([-32700, -32600]);

/** Ids compare by type and value, per connection (a restarted server numbers from 1 again). */
const keyOf = (connection: number | undefined, id: unknown): string =>
  `${connection ?? 1}|${typeof id}:${typeof id === 'string' || typeof id === 'number' ? String(id) : jsonText(id)}`;

function errorProblem(error: unknown): string | undefined {
  if (!isObject(error)) return `is ${error === null ? 'null' : Array.isArray(error) ? 'an array' : `a ${typeof error}`}, not an object`;
  const problems: string[] = [];
  if (!('code' in error)) problems.push('has no "code"');
  else if (typeof error.code !== 'number' || !Number.isInteger(error.code))
    problems.push(`has the code ${jsonText(error.code)}, not an integer`);
  if (!('message' in error)) problems.push('has no "message"');
  else if (typeof error.message !== 'string')
    problems.push(`has a ${error.message === null ? 'null' : typeof error.message} "message", not a string`);
  return problems.length === 0 ? undefined : problems.join(' and ');
}

export default defineRule({
  id: 'jsonrpc-response-valid',
  category: 'lifecycle',
  basis: 'spec',
  severity: 'error',
  precision: 'very-high',
  checklist: 'none',
  summary:
    'Every response is one JSON-RPC response to one request: answered once, with either a result or an error, an id that is null only when the request could not be read, and an error object with an integer code and a string message.',
  references: [
    {
      title:
        'MCP spec 2025-11-25 — basic § Responses: "Responses MUST include the same ID as the request they correspond to … Either a result or an error MUST be set. A response MUST NOT set both."',
      url: 'https://modelcontextprotocol.io/specification/2025-11-25/basic#responses',
    },
    {
      title:
        'JSON-RPC 2.0 § 5 Response object and § 5.1 Error object: "code … MUST be an integer", "message … SHOULD be limited to a concise single sentence"',
      url: 'https://www.jsonrpc.org/specification#response_object',
    },
  ],
  messages,
  requires: ['session'],
  *check({ index }): Generator<Report<keyof typeof messages>> {
    const subject = { kind: 'server' } as const;
    // What mcplint sent: each request's method, and whether a connection carried anything unreadable.
    const methods = new Map<string, string>();
    const unreadableSent = new Set<number>();
    for (const frame of index.sent) {
      const connection = frame.connection ?? 1;
      if (!isObject(frame.message) || typeof frame.message.method !== 'string') {
        unreadableSent.add(connection);
        continue;
      }
      if ('id' in frame.message) methods.set(keyOf(connection, frame.message.id), frame.message.method);
    }
    const answers = new Map<string, { count: number; first: number; id: unknown }>();
    for (const frame of index.received) {
      const message = frame.message;
      if (!isObject(message) || 'method' in message || !('id' in message)) continue;
      const hasResult = 'result' in message;
      const hasError = 'error' in message;
      if (!hasResult && !hasError) continue; // not a response at all: the message schema's finding
      const id = message.id;
      const connection = frame.connection ?? 1;
      const at = { key: String(frame.frameIndex), frame: frame.frameIndex };
      if (hasResult && hasError)
        yield { messageId: 'bothMembers', data: { id: jsonText(id) }, subject, ...at, evidence: jsonText(message) };
      if (hasError) {
        const problem = errorProblem(message.error);
        if (problem) yield { messageId: 'errorShape', data: { id: jsonText(id), problem }, subject, ...at, evidence: jsonText(message) };
      }
      // Over HTTP a request refused by the transport (a bad header, an ended session) is answered
      // with id null, and each session numbers its requests anew: only the shape is judged there.
      if (frame.http) continue;
      if (id === null) {
        if (hasResult && !hasError) yield { messageId: 'nullIdResult', subject, ...at, evidence: jsonText(message) };
        const code = isObject(message.error) ? message.error.code : undefined;
        if (hasError && !unreadableSent.has(connection) && !UNREADABLE_REQUEST_CODES.has(code as number))
          yield { messageId: 'nullIdError', data: { code: jsonText(code) }, subject, ...at, evidence: jsonText(message) };
        continue;
      }
      const key = keyOf(connection, id);
      if (!methods.has(key)) continue; // an id mcplint never sent: response-id-echo's finding
      const seen = answers.get(key);
      if (seen) seen.count++;
      else answers.set(key, { count: 1, first: frame.frameIndex, id });
    }
    // One finding for the server: answering twice is how its transport or handler loop works.
    const repeated = [...answers].filter(([, answer]) => answer.count > 1);
    if (repeated.length === 0) return;
    const shown = repeated.slice(0, EXAMPLES).map(([key, { count, id }]) => `${methods.get(key)} id ${jsonText(id)}: ${count} responses`);
    if (repeated.length > EXAMPLES) shown.push(`… and ${repeated.length - EXAMPLES} more`);
    yield {
      messageId: 'duplicate',
      data: { requests: repeated.length === 1 ? 'a request' : `${repeated.length} requests`, examples: shown.join('; ') },
      subject,
      key: 'duplicate',
      frame: repeated[0]![1].first,
      evidence: shown.join('\n'),
    };
  },
});

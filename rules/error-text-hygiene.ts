import { defineRule, type Report } from '../src/engine/rule.js';
import { errorTextOf, frameOf, probeCalls, shorten, validToolCalls } from '../src/model/probe-records.js';
import type { ProbeCall } from '../src/model/probe-types.js';
import { joinList } from './lib/naming.js';

interface Leak {
  readonly kind: string;
  readonly pattern: RegExp;
}

/** What must not reach an agent in an error message, each with a pattern that finds it. */
const LEAKS: readonly Leak[] = [
  {
    kind: 'a stack trace',
    pattern:
      /^\s*at (?:async )?\S.*?\(?(?:\/|[A-Za-z]:\\|file:|node:)[^\s)]*:\d+:\d+\)?\s*$|Traceback \(most recent call last\)|^\s*File "[^"]+", line \d+|^\s*at [\w$.]+\([\w$]+\.(?:java|kt|scala):\d+\)|^goroutine \d+ \[/m,
  },
  {
    kind: 'an absolute file path',
    pattern:
      /(?:^|[\s"'`(=:,[])((?:\/(?:home|Users|root|var|opt|srv|usr|etc|tmp|app|workspace|mnt|private|data)\/[^\s"'`),\]]+)|(?:[A-Za-z]:\\(?:[^\\\s"'`]+\\)+[^\\\s"'`]*))/,
  },
  {
    kind: 'an internal address',
    pattern:
      /\b(?:10\.\d{1,3}\.\d{1,3}\.\d{1,3}|192\.168\.\d{1,3}\.\d{1,3}|172\.(?:1[6-9]|2\d|3[01])\.\d{1,3}\.\d{1,3}|127\.0\.0\.1:\d+|localhost:\d+|\[::1\]:\d+)\b|\b[a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:internal|local|corp|lan|intranet)\b/i,
  },
  {
    kind: 'a raw driver or system error',
    pattern:
      /\b(?:ECONNREFUSED|ECONNRESET|ENOTFOUND|ETIMEDOUT|EHOSTUNREACH|EADDRINUSE|EACCES|EPIPE|SQLSTATE|ORA-\d{5}|ER_[A-Z_]{4,}|SQLITE_[A-Z]+|MongoServerError|MongoNetworkError|psycopg2?\.\w+|sqlalchemy\.exc|PG::\w+|duplicate key value violates unique constraint|syntax error at or near)\b/,
  },
];

/** The line around a match, for evidence. */
function lineAround(text: string, at: number): string {
  const start = text.lastIndexOf('\n', at) + 1;
  const end = text.indexOf('\n', at);
  return text.slice(start, end === -1 ? undefined : end).trim();
}

const messages = {
  leak: 'Tool "{{name}}" answered with an error message that leaks {{what}}; tell the agent what went wrong and what to do next, and keep internals in the server\'s own logs.',
};

export default defineRule({
  id: 'error-text-hygiene',
  category: 'probes',
  basis: 'guideline',
  severity: 'warning',
  precision: 'high',
  checklist: ['actionable-error-messages'],
  summary: 'Tool error messages carry no stack traces, absolute file paths, internal hosts or addresses, or raw driver errors.',
  references: [
    { title: 'Server-building guide — Error Handling Standards: "Don\'t expose internal implementation details"' },
    { title: 'Server-building guide — Security Best Practices: "Don\'t expose internal errors to clients"' },
    {
      title: 'MCP spec 2025-11-25 — server/tools § Security Considerations: "Servers MUST … sanitize tool outputs"',
      url: 'https://modelcontextprotocol.io/specification/2025-11-25/server/tools#security-considerations',
    },
  ],
  messages,
  requires: ['probe:invalid-arguments'],
  *check({ capture }): Generator<Report<keyof typeof messages>> {
    const calls: ProbeCall[] = [...probeCalls(capture, 'invalid-arguments'), ...validToolCalls(capture).map((c) => c.call)];
    const reported = new Set<string>();
    for (const call of calls) {
      const name = call.tool;
      if (name === undefined || reported.has(name)) continue;
      const text = errorTextOf(call.answer);
      if (!text) continue;
      const found: { kind: string; line: string }[] = [];
      for (const leak of LEAKS) {
        const match = leak.pattern.exec(text);
        if (match) found.push({ kind: leak.kind, line: lineAround(text, match.index + (match[0].length - match[0].trimStart().length)) });
      }
      if (found.length === 0) continue;
      reported.add(name);
      yield {
        messageId: 'leak',
        data: { name, what: joinList(found.map((f) => f.kind)) },
        subject: { kind: 'tool', name },
        evidence: [...new Set(found.map((f) => shorten(f.line, 200)))].join('\n'),
        ...frameOf(call),
      };
    }
  },
});

import { describe } from 'vitest';
import rule from '../../rules/error-text-hygiene.js';
import { cleanTools } from '../../fixtures/lib/raw-server.mjs';
import { makeCapture } from '../helpers/capture.js';
import { error, ran, text, toolCall } from '../helpers/probes.js';
import type { ProbeAnswer } from '../../src/model/probe-types.js';
import { ruleTester } from '../helpers/rule-tester.js';

const RULE = 'error-text-hygiene';
const answered = (answer: ProbeAnswer) => () =>
  makeCapture({
    tools: cleanTools(),
    probes: ran('invalid-arguments', [
      toolCall('bookstore_get_book', {}, answer, { purpose: 'missing-required', detail: { property: 'book_id' } }),
    ]),
  });
/** The one finding on get_book, saying exactly what the error text leaks. */
const leaks = (what: string) => [{ messageId: 'leak', subject: 'tool:bookstore_get_book', message: new RegExp(`leaks ${what};`) }] as const;

describe(RULE, () => {
  ruleTester(rule).run({
    valid: [
      {
        name: 'accepts plain, helpful error messages',
        capture: answered(text('Error: "book_id" is required. Find ids with bookstore_search_books.', true)),
      },
      {
        name: 'accepts plain, helpful error messages with a public URL',
        capture: answered(text('Error: no book at https://example.com/home/books/1', true)),
      },
      { name: 'judges only error answers', capture: answered(text('PATH=/usr/bin:/home/ann/bin', false)) },
    ],
    invalid: [
      {
        name: 'finds Node stack traces, with their paths',
        capture: answered(text('Error: x\n    at getBook (/srv/app/books.js:42:11)', true)),
        findings: leaks('a stack trace and an absolute file path'),
      },
      {
        name: 'finds Node stack traces of internal frames',
        capture: answered(text('Error: x\n    at node:internal/process/task_queues:95:5', true)),
        findings: leaks('a stack trace'),
      },
      {
        name: 'finds Python stack traces',
        capture: answered(text('Traceback (most recent call last):\n  File "server.py", line 3, in <module>', true)),
        findings: leaks('a stack trace'),
      },
      {
        name: 'finds Java stack traces',
        capture: answered(text('java.lang.NullPointerException\n\tat com.acme.Books.get(Books.java:42)', true)),
        findings: leaks('a stack trace'),
      },
      {
        name: 'finds absolute POSIX paths',
        capture: answered(text("Error: ENOENT: no such file or directory, open '/Users/ann/books.db'", true)),
        findings: leaks('an absolute file path'),
      },
      {
        name: 'finds absolute Windows paths',
        capture: answered(text('Error: cannot open C:\\Users\\ann\\books.db', true)),
        findings: leaks('an absolute file path'),
      },
      {
        name: 'finds internal addresses and raw driver errors in JSON-RPC errors',
        capture: answered(error(-32603, 'connect ECONNREFUSED 10.0.3.7:5432')),
        findings: leaks('an internal address and a raw driver or system error'),
      },
      {
        name: 'finds internal host names in JSON-RPC errors',
        capture: answered(error(-32603, 'upstream db.internal timed out')),
        findings: leaks('an internal address'),
      },
      {
        name: 'finds raw driver errors',
        capture: answered(text('Error: SQLSTATE[23000]: duplicate key value violates unique constraint', true)),
        findings: leaks('a raw driver or system error'),
      },
      {
        name: 'finds localhost addresses',
        capture: answered(text('Error: could not reach localhost:6379', true)),
        findings: leaks('an internal address'),
      },
      {
        name: 'judges error answers once per tool',
        capture: () =>
          makeCapture({
            tools: cleanTools(),
            probes: {
              ...ran('invalid-arguments', [toolCall('bookstore_get_book', {}, text('at x (/home/a/b.js:1:2)', true))]),
              ...ran('valid-calls', [toolCall('bookstore_get_book', { book_id: 'x' }, text('at x (/home/a/b.js:1:2)', true))]),
            },
          }),
        findings: [{ messageId: 'leak', subject: 'tool:bookstore_get_book' }],
      },
    ],
  });
});

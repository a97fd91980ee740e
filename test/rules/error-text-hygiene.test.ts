import { describe, expect, it } from 'vitest';
import rule from '../../rules/error-text-hygiene.js';
import { cleanTools } from '../../fixtures/lib/raw-server.mjs';
import { makeCapture, summary } from '../helpers/capture.js';
import { error, ran, runRule, text, toolCall } from '../helpers/probes.js';
import type { ProbeAnswer } from '../../src/model/probe-types.js';

const RULE = 'error-text-hygiene';
const lint = (answer: ProbeAnswer) =>
  runRule(
    rule,
    makeCapture({
      tools: cleanTools(),
      probes: ran('invalid-arguments', [
        toolCall('bookstore_get_book', {}, answer, { purpose: 'missing-required', detail: { property: 'book_id' } }),
      ]),
    }),
  );
const what = (answer: ProbeAnswer) => lint(answer).findings.map((f) => f.message.replace(/^.*leaks (.*?);.*$/, '$1'));

describe(RULE, () => {
  it('accepts plain, helpful error messages', () => {
    expect(summary(lint(text('Error: "book_id" is required. Find ids with bookstore_search_books.', true)))).toEqual([]);
    expect(summary(lint(text('Error: no book at https://example.com/home/books/1', true)))).toEqual([]);
  });

  it('finds Node, Python, Java and Go stack traces', () => {
    expect(what(text('Error: x\n    at getBook (/srv/app/books.js:42:11)', true))).toEqual(['a stack trace and an absolute file path']);
    expect(what(text('Error: x\n    at node:internal/process/task_queues:95:5', true))).toEqual(['a stack trace']);
    expect(what(text('Traceback (most recent call last):\n  File "server.py", line 3, in <module>', true))).toEqual(['a stack trace']);
    expect(what(text('java.lang.NullPointerException\n\tat com.acme.Books.get(Books.java:42)', true))).toEqual(['a stack trace']);
  });

  it('finds absolute paths, internal addresses and raw driver errors, in JSON-RPC errors too', () => {
    expect(what(text("Error: ENOENT: no such file or directory, open '/Users/ann/books.db'", true))).toEqual(['an absolute file path']);
    expect(what(text('Error: cannot open C:\\Users\\ann\\books.db', true))).toEqual(['an absolute file path']);
    expect(what(error(-32603, 'connect ECONNREFUSED 10.0.3.7:5432'))).toEqual(['an internal address and a raw driver or system error']);
    expect(what(error(-32603, 'upstream db.internal timed out'))).toEqual(['an internal address']);
    expect(what(text('Error: SQLSTATE[23000]: duplicate key value violates unique constraint', true))).toEqual([
      'a raw driver or system error',
    ]);
    expect(what(text('Error: could not reach localhost:6379', true))).toEqual(['an internal address']);
  });

  it('judges only error answers, once per tool', () => {
    expect(summary(lint(text('PATH=/usr/bin:/home/ann/bin', false)))).toEqual([]);
    const twice = {
      ...ran('invalid-arguments', [toolCall('bookstore_get_book', {}, text('at x (/home/a/b.js:1:2)', true))]),
      ...ran('valid-calls', [toolCall('bookstore_get_book', { book_id: 'x' }, text('at x (/home/a/b.js:1:2)', true))]),
    };
    expect(summary(runRule(rule, makeCapture({ tools: cleanTools(), probes: twice })))).toEqual([`${RULE} leak tool:bookstore_get_book`]);
  });
});

import { describe, expect, it } from 'vitest';
import rule from '../../rules/tool-errors-are-results.js';
import { cleanTools } from '../../fixtures/lib/raw-server.mjs';
import { makeCapture, summary } from '../helpers/capture.js';
import { error, ran, runRule, text, toolCall } from '../helpers/probes.js';
import type { ProbeAnswer } from '../../src/model/probe-types.js';

const RULE = 'tool-errors-are-results';
const invalid = (answer: ProbeAnswer) =>
  toolCall('bookstore_get_book', {}, answer, { purpose: 'missing-required', detail: { property: 'book_id' } });
const lint = (answer: ProbeAnswer, protocolVersion = '2025-11-25') =>
  summary(runRule(rule, makeCapture({ protocolVersion, tools: cleanTools(), probes: ran('invalid-arguments', [invalid(answer)]) })));

describe(RULE, () => {
  it('accepts an isError result that says what is wrong', () => {
    expect(lint(text('Error: "book_id" is required', true))).toEqual([]);
    expect(
      lint(text('MCP error -32602: Input validation error: Invalid input: expected string, received undefined at book_id', true)),
    ).toEqual([]);
  });

  it('reports a JSON-RPC error for invalid arguments from protocol 2025-11-25 on', () => {
    expect(lint(error(-32602, 'Invalid params'))).toEqual([`${RULE} invalidAsProtocolError tool:bookstore_get_book`]);
    expect(lint(error(-32602, 'Invalid params'), '2025-06-18')).toEqual([]);
  });

  it('reports an isError result that does not say what is wrong', () => {
    expect(lint(text('Something went wrong.', true))).toEqual([`${RULE} notActionable tool:bookstore_get_book`]);
    expect(lint(text('', true))).toEqual([`${RULE} notActionable tool:bookstore_get_book`]);
  });

  it('reports a JSON-RPC error answering a valid call, in every version', () => {
    const probes = {
      ...ran('invalid-arguments', []),
      ...ran('valid-calls', [toolCall('bookstore_get_book', { book_id: 'bk_1' }, error(-32603, 'Internal error'), { purpose: 'valid' })]),
    };
    expect(summary(runRule(rule, makeCapture({ protocolVersion: '2025-03-26', tools: cleanTools(), probes })))).toEqual([
      `${RULE} failureAsProtocolError tool:bookstore_get_book`,
    ]);
  });

  it('reports an isError answer to a valid call that carries no text, and accepts one that explains', () => {
    const validCall = (answer: ProbeAnswer) => ({
      ...ran('invalid-arguments', []),
      ...ran('valid-calls', [toolCall('bookstore_get_book', { book_id: 'bk_1' }, answer, { purpose: 'valid' })]),
    });
    const run = (answer: ProbeAnswer) => summary(runRule(rule, makeCapture({ tools: cleanTools(), probes: validCall(answer) })));
    expect(run(text('', true))).toEqual([`${RULE} silentFailure tool:bookstore_get_book`]);
    expect(run(text('The catalogue is offline; try again in a minute.', true))).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import rule from '../../rules/invalid-cursor-error.js';
import { makeCapture, summary } from '../helpers/capture.js';
import { call, closed, error, ran, result, runRule } from '../helpers/probes.js';
import type { ProbeAnswer } from '../../src/model/probe-types.js';

const RULE = 'invalid-cursor-error';
const lint = (answer: ProbeAnswer, paginates = true) =>
  summary(
    runRule(
      rule,
      makeCapture({ probes: ran('invalid-cursor', [call('tools/list', { cursor: 'mcplint-invalid-cursor' }, answer)], { paginates }) }),
    ),
  );

describe(RULE, () => {
  it('accepts -32602', () => expect(lint(error(-32602, 'Invalid cursor'))).toEqual([]));
  it('reports a page for a cursor a paginating server never issued', () =>
    expect(lint(result({ tools: [] }))).toEqual([`${RULE} accepted server`]));
  it('does not report a server that never paginates and ignores the cursor (harmless; documented)', () =>
    expect(lint(result({ tools: [] }), false)).toEqual([]));
  it('reports another code', () => expect(lint(error(-32603, 'Internal error'))).toEqual([`${RULE} wrongCode server`]));
  it('reports a crash even on a server that never paginates', () => expect(lint(closed(), false)).toEqual([`${RULE} noAnswer server`]));
});

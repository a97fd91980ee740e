import { describe, expect, it } from 'vitest';
import rule from '../../rules/unknown-method-error.js';
import { makeCapture, summary } from '../helpers/capture.js';
import { call, error, ran, result, runRule, timeout } from '../helpers/probes.js';
import type { ProbeAnswer } from '../../src/model/probe-types.js';

const RULE = 'unknown-method-error';
const lint = (answer: ProbeAnswer) =>
  summary(runRule(rule, makeCapture({ probes: ran('unknown-method', [call('mcplint/no-such-method', undefined, answer)]) })));

describe(RULE, () => {
  it('accepts -32601', () => expect(lint(error(-32601, 'Method not found'))).toEqual([]));
  it('reports a success', () => expect(lint(result({}))).toEqual([`${RULE} success server`]));
  it('reports another code (e.g. the -32602 some SDKs send)', () =>
    expect(lint(error(-32602, 'Invalid request parameters'))).toEqual([`${RULE} wrongCode server`]));
  it('reports silence', () => expect(lint(timeout())).toEqual([`${RULE} noAnswer server`]));
});

import { describe, expect, it } from 'vitest';
import rule from '../../rules/version-negotiation-refusal.js';
import { makeCapture, summary } from '../helpers/capture.js';
import { call, error, ran, result, runRule } from '../helpers/probes.js';
import type { ProbeAnswer } from '../../src/model/probe-types.js';

const RULE = 'version-negotiation-refusal';
const lint = (answer: ProbeAnswer) =>
  runRule(
    rule,
    makeCapture({
      probes: ran('version-negotiation', [call('initialize', { protocolVersion: '1900-01-01' }, answer, { connection: 'fresh' })]),
    }),
  );

describe(RULE, () => {
  it('reports an error response, naming the versions the server says it supports', () => {
    const res = lint(error(-32602, 'Unsupported protocol version', { supported: ['2025-06-18'], requested: '1900-01-01' }));
    expect(summary(res)).toEqual([`${RULE} refused server`]);
    expect(res.findings[0]!.message).toContain('it names 2025-06-18 as supported');
    expect(lint(error(-32600, 'bad')).findings[0]!.message).toContain('does not even say which versions');
  });

  it('accepts an answer with a version', () => expect(summary(lint(result({ protocolVersion: '2025-11-25' })))).toEqual([]));
});

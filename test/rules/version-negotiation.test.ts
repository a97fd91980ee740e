import { describe, expect, it } from 'vitest';
import rule from '../../rules/version-negotiation.js';
import { makeCapture, summary } from '../helpers/capture.js';
import { call, closed, error, ran, result, runRule, timeout } from '../helpers/probes.js';
import type { ProbeAnswer } from '../../src/model/probe-types.js';

const RULE = 'version-negotiation';
const params = { protocolVersion: '1900-01-01', capabilities: {}, clientInfo: { name: 'mcplint', version: 'test' } };
const lint = (answer: ProbeAnswer) =>
  summary(
    runRule(
      rule,
      makeCapture({
        probes: ran('version-negotiation', [call('initialize', params, answer, { connection: 'fresh' })], { requested: '1900-01-01' }),
      }),
    ),
  );
const init = (protocolVersion: unknown) => result({ protocolVersion, capabilities: {}, serverInfo: { name: 's', version: '1' } });

describe(RULE, () => {
  it('accepts a supported version, and a date-shaped version mcplint does not know', () => {
    expect(lint(init('2025-11-25'))).toEqual([]);
    expect(lint(init('2025-03-26'))).toEqual([]);
    expect(lint(init('2099-01-01'))).toEqual([]);
  });

  it('reports an echo, a non-version and a missing version', () => {
    expect(lint(init('1900-01-01'))).toEqual([`${RULE} echoed server`]);
    expect(lint(init('latest'))).toEqual([`${RULE} notAVersion server`]);
    expect(lint(init(20251125))).toEqual([`${RULE} noVersion server`]);
  });

  it('reports silence and crashes, and leaves error responses to version-negotiation-refusal', () => {
    expect(lint(timeout())).toEqual([`${RULE} noAnswer server`]);
    expect(lint(closed(false))).toEqual([`${RULE} noAnswer server`]);
    expect(lint(error(-32602, 'Unsupported protocol version'))).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import rule from '../../rules/capabilities-match.js';
import { makeCapture, summary } from '../helpers/capture.js';
import { call, error, ran, result, runRule, timeout } from '../helpers/probes.js';

const RULE = 'capabilities-match';

describe(RULE, () => {
  it('accepts -32601 and reports successes, other codes and silence, once per method', () => {
    const calls = [
      call('prompts/list', undefined, result({ prompts: [] }), { detail: { capability: 'prompts' } }),
      call('resources/list', undefined, error(-32601, 'Method not found'), { detail: { capability: 'resources' } }),
      call('resources/templates/list', undefined, error(-32603, 'boom'), { detail: { capability: 'resources' } }),
    ];
    const res = runRule(rule, makeCapture({ tools: [], probes: ran('capabilities', calls) }));
    expect(summary(res)).toEqual([`${RULE} success server`, `${RULE} wrongCode server`]);
    expect(res.findings[0]!.message).toContain('(an empty list)');
  });

  it('says when the unadvertised list is not even empty', () => {
    const res = runRule(
      rule,
      makeCapture({
        probes: ran('capabilities', [
          call('prompts/list', undefined, result({ prompts: [{ name: 'p' }] }), { detail: { capability: 'prompts' } }),
        ]),
      }),
    );
    expect(res.findings[0]!.message).toContain('1 entry: the server offers it without saying so');
  });

  it('reports silence', () => {
    expect(
      summary(
        runRule(
          rule,
          makeCapture({ probes: ran('capabilities', [call('prompts/list', undefined, timeout(), { detail: { capability: 'prompts' } })]) }),
        ),
      ),
    ).toEqual([`${RULE} noAnswer server`]);
  });
});

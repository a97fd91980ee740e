import rule from '../../rules/declared-capabilities-work.js';
import { describe, expect, it } from 'vitest';
import { probeCalls } from '../../src/model/probe-records.js';
import { captureFixture, lintAll, makeCapture } from '../helpers/capture.js';
import { call, error, ran, result } from '../helpers/probes.js';
import { ruleTester } from '../helpers/rule-tester.js';

const notFound = () => error(-32601, 'Method not found');
const complete = { ref: { type: 'ref/prompt', name: 'p' }, argument: { name: 'a', value: '' } };

ruleTester(rule).run({
  valid: [
    {
      name: 'every declared method answers (an error other than -32601 is another matter)',
      capture: makeCapture({
        probes: {
          ...ran('declared-capabilities', [
            call('completion/complete', complete, result({ completion: { values: [] } })),
            call('logging/setLevel', { level: 'debug' }, result({})),
          ]),
          ...ran('prompts-get', [call('prompts/get', { name: 'p' }, error(-32602, 'missing argument'))]),
        },
      }),
    },
  ],
  invalid: [
    {
      name: 'completions and subscribe declared but missing',
      capture: makeCapture({
        probes: ran('declared-capabilities', [
          call('completion/complete', complete, notFound()),
          call('resources/subscribe', { uri: 'a://b' }, notFound()),
          call('resources/unsubscribe', { uri: 'a://b' }, result({})),
        ]),
      }),
      findings: [
        {
          messageId: 'methodNotFound',
          subject: 'server',
          message: /declares the "completions" capability, yet answered completion\/complete/,
        },
        { messageId: 'methodNotFound', subject: 'server', message: /"resources.subscribe"/ },
      ],
    },
    {
      name: 'prompts declared, prompts/get missing',
      capture: makeCapture({
        probes: ran('prompts-get', [call('prompts/get', { name: 'p' }, notFound()), call('prompts/get', { name: 'q' }, notFound())]),
      }),
      findings: [{ messageId: 'methodNotFound', subject: 'server', message: /"prompts" capability, yet answered prompts\/get/ }],
    },
  ],
});

describe('declared-capabilities-work, live', () => {
  it('finds a declared completions capability without the method, though nothing listed takes a completion', async () => {
    const capture = await captureFixture('probes/completions-declared-only.mjs');
    const sent = probeCalls(capture, 'declared-capabilities').map((c) => c.params);
    expect(sent).toEqual([{ ref: { type: 'ref/prompt', name: 'mcplint_no_such_prompt' }, argument: { name: 'value', value: '' } }]);
    const findings = lintAll(capture).findings.filter((f) => f.ruleId === 'declared-capabilities-work');
    expect(findings.map((f) => f.message)).toEqual([
      expect.stringMatching(/declares the "completions" capability, yet answered completion\/complete with -32601/),
    ]);
  }, 60_000);
});

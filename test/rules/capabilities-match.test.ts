import { describe } from 'vitest';
import rule from '../../rules/capabilities-match.js';
import { makeCapture } from '../helpers/capture.js';
import { call, error, ran, result, timeout } from '../helpers/probes.js';
import { ruleTester } from '../helpers/rule-tester.js';

const RULE = 'capabilities-match';

describe(RULE, () => {
  ruleTester(rule).run({
    invalid: [
      {
        name: 'accepts -32601 and reports successes, other codes and silence, once per method',
        capture: () =>
          makeCapture({
            tools: [],
            probes: ran('capabilities', [
              call('prompts/list', undefined, result({ prompts: [] }), { detail: { capability: 'prompts' } }),
              call('resources/list', undefined, error(-32601, 'Method not found'), { detail: { capability: 'resources' } }),
              call('resources/templates/list', undefined, error(-32603, 'boom'), { detail: { capability: 'resources' } }),
            ]),
          }),
        findings: [
          { messageId: 'success', subject: 'server', message: /\(an empty list\)/ },
          { messageId: 'wrongCode', subject: 'server' },
        ],
      },
      {
        name: 'says when the unadvertised list is not even empty',
        capture: () =>
          makeCapture({
            probes: ran('capabilities', [
              call('prompts/list', undefined, result({ prompts: [{ name: 'p' }] }), { detail: { capability: 'prompts' } }),
            ]),
          }),
        findings: [{ messageId: 'success', subject: 'server', message: /1 entry: the server offers it without saying so/ }],
      },
      {
        name: 'reports silence',
        capture: () =>
          makeCapture({ probes: ran('capabilities', [call('prompts/list', undefined, timeout(), { detail: { capability: 'prompts' } })]) }),
        findings: [{ messageId: 'noAnswer', subject: 'server' }],
      },
    ],
  });
});

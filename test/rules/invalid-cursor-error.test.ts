import { describe } from 'vitest';
import rule from '../../rules/invalid-cursor-error.js';
import { makeCapture } from '../helpers/capture.js';
import { call, closed, error, ran, result } from '../helpers/probes.js';
import type { ProbeAnswer } from '../../src/model/probe-types.js';
import { ruleTester } from '../helpers/rule-tester.js';

const RULE = 'invalid-cursor-error';
const answered =
  (answer: ProbeAnswer, paginates = true) =>
  () =>
    makeCapture({ probes: ran('invalid-cursor', [call('tools/list', { cursor: 'mcplint-invalid-cursor' }, answer)], { paginates }) });

describe(RULE, () => {
  ruleTester(rule).run({
    valid: [
      { name: 'accepts -32602', capture: answered(error(-32602, 'Invalid cursor')) },
      {
        name: 'does not report a server that never paginates and ignores the cursor (harmless; documented)',
        capture: answered(result({ tools: [] }), false),
      },
    ],
    invalid: [
      {
        name: 'reports a page for a cursor a paginating server never issued',
        capture: answered(result({ tools: [] })),
        findings: [{ messageId: 'accepted', subject: 'server' }],
      },
      {
        name: 'reports another code',
        capture: answered(error(-32603, 'Internal error')),
        findings: [{ messageId: 'wrongCode', subject: 'server' }],
      },
      {
        name: 'reports a crash even on a server that never paginates',
        capture: answered(closed(), false),
        findings: [{ messageId: 'noAnswer', subject: 'server' }],
      },
    ],
  });
});

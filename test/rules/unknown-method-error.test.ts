import { describe } from 'vitest';
import rule from '../../rules/unknown-method-error.js';
import { makeCapture } from '../helpers/capture.js';
import { call, error, ran, result, timeout } from '../helpers/probes.js';
import type { ProbeAnswer } from '../../src/model/probe-types.js';
import { ruleTester } from '../helpers/rule-tester.js';

const RULE = 'unknown-method-error';
const capture = (answer: ProbeAnswer) => () =>
  makeCapture({ probes: ran('unknown-method', [call('mcplint/no-such-method', undefined, answer)]) });

describe(RULE, () => {
  ruleTester(rule).run({
    valid: [{ name: 'accepts -32601', capture: capture(error(-32601, 'Method not found')) }],
    invalid: [
      { name: 'reports a success', capture: capture(result({})), findings: [{ messageId: 'success', subject: 'server' }] },
      {
        name: 'reports another code (e.g. the -32602 some SDKs send)',
        capture: capture(error(-32602, 'Invalid request parameters')),
        findings: [{ messageId: 'wrongCode', subject: 'server' }],
      },
      { name: 'reports silence', capture: capture(timeout()), findings: [{ messageId: 'noAnswer', subject: 'server' }] },
    ],
  });
});

import { describe } from 'vitest';
import rule from '../../rules/version-negotiation-refusal.js';
import { makeCapture } from '../helpers/capture.js';
import { call, error, ran, result } from '../helpers/probes.js';
import type { ProbeAnswer } from '../../src/model/probe-types.js';
import { ruleTester } from '../helpers/rule-tester.js';

const RULE = 'version-negotiation-refusal';
const capture = (answer: ProbeAnswer) => () =>
  makeCapture({
    probes: ran('version-negotiation', [call('initialize', { protocolVersion: '1900-01-01' }, answer, { connection: 'fresh' })]),
  });

describe(RULE, () => {
  ruleTester(rule).run({
    valid: [{ name: 'accepts an answer with a version', capture: capture(result({ protocolVersion: '2025-11-25' })) }],
    invalid: [
      {
        name: 'reports an error response, naming the versions the server says it supports',
        capture: capture(error(-32602, 'Unsupported protocol version', { supported: ['2025-06-18'], requested: '1900-01-01' })),
        findings: [{ messageId: 'refused', subject: 'server', message: /it names 2025-06-18 as supported/ }],
      },
      {
        name: 'reports an error response that does not say which versions the server supports',
        capture: capture(error(-32600, 'bad')),
        findings: [{ messageId: 'refused', subject: 'server', message: /does not even say which versions/ }],
      },
    ],
  });
});

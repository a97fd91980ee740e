import rule from '../../rules/unknown-resource-error.js';
import { makeCapture } from '../helpers/capture.js';
import { call, error, ran, result, timeout } from '../helpers/probes.js';
import { ruleTester } from '../helpers/rule-tester.js';

const URI = 'mcplint-probe://no-such-resource';
const probe = (answer: Parameters<typeof call>[2]) =>
  ran('unknown-resource', [call('resources/read', { uri: URI }, answer, { detail: { uri: URI } })]);

ruleTester(rule).run({
  valid: [
    { name: '-32002 before 2026-07-28', capture: makeCapture({ probes: probe(error(-32002, 'Resource not found')) }) },
    {
      name: '-32602 before 2026-07-28 (the code 2026-07-28 asks for)',
      capture: makeCapture({ probes: probe(error(-32602, 'Resource not found')) }),
    },
    {
      name: '-32602 on 2026-07-28',
      capture: makeCapture({ protocolVersion: '2026-07-28', probes: probe(error(-32602, 'Resource not found')) }),
    },
  ],
  invalid: [
    {
      name: 'an empty success',
      capture: makeCapture({ probes: probe(result({ contents: [] })) }),
      findings: [{ messageId: 'success', subject: 'server', level: 'warning', message: /\(empty contents\)/ }],
    },
    {
      name: '-32002 on 2026-07-28',
      capture: makeCapture({ protocolVersion: '2026-07-28', probes: probe(error(-32002, 'Resource not found')) }),
      findings: [{ messageId: 'wrongCode', subject: 'server', level: 'error', message: /asks for -32602/ }],
    },
    {
      name: 'an internal error',
      capture: makeCapture({ probes: probe(error(-32603, 'boom')) }),
      findings: [{ messageId: 'wrongCode', subject: 'server' }],
    },
    { name: 'no answer', capture: makeCapture({ probes: probe(timeout()) }), findings: [{ messageId: 'noAnswer', subject: 'server' }] },
  ],
});

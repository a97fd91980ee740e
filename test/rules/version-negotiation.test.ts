import { describe } from 'vitest';
import rule from '../../rules/version-negotiation.js';
import { makeCapture } from '../helpers/capture.js';
import { call, closed, error, ran, result, timeout } from '../helpers/probes.js';
import type { ProbeAnswer } from '../../src/model/probe-types.js';
import { ruleTester } from '../helpers/rule-tester.js';

const RULE = 'version-negotiation';
const params = { protocolVersion: '1900-01-01', capabilities: {}, clientInfo: { name: 'mcplint', version: 'test' } };
const capture = (answer: ProbeAnswer) => () =>
  makeCapture({
    probes: ran('version-negotiation', [call('initialize', params, answer, { connection: 'fresh' })], { requested: '1900-01-01' }),
  });
const init = (protocolVersion: unknown) => result({ protocolVersion, capabilities: {}, serverInfo: { name: 's', version: '1' } });
const at = (messageId: keyof typeof rule.messages) => [{ messageId, subject: 'server' }];

describe(RULE, () => {
  ruleTester(rule).run({
    valid: [
      { name: 'accepts a supported version: 2025-11-25', capture: capture(init('2025-11-25')) },
      { name: 'accepts a supported version: 2025-03-26', capture: capture(init('2025-03-26')) },
      { name: 'accepts a date-shaped version mcplint does not know', capture: capture(init('2099-01-01')) },
      { name: 'leaves error responses to version-negotiation-refusal', capture: capture(error(-32602, 'Unsupported protocol version')) },
    ],
    invalid: [
      { name: 'reports an echo', capture: capture(init('1900-01-01')), findings: at('echoed') },
      { name: 'reports a non-version', capture: capture(init('latest')), findings: at('notAVersion') },
      { name: 'reports a missing version', capture: capture(init(20251125)), findings: at('noVersion') },
      { name: 'reports silence', capture: capture(timeout()), findings: at('noAnswer') },
      { name: 'reports a crash', capture: capture(closed(false)), findings: at('noAnswer') },
    ],
  });
});

import { describe } from 'vitest';
import type { ProbeRecord } from '../../src/model/capture.js';
import rule from '../../rules/http-session-not-found.js';
import { makeCapture } from '../helpers/capture.js';
import { ruleTester } from '../helpers/rule-tester.js';

const RULE = 'http-session-not-found';
const probe = (data: Record<string, unknown>): Record<string, ProbeRecord> => ({
  'http-session': { id: 'http-session', status: 'ran', data: { exchange: 9, bodyBytes: 0, ...data } },
});
const answered = (data: Record<string, unknown>) => () => makeCapture({ transport: 'http', probes: probe(data) });

describe(RULE, () => {
  ruleTester(rule).run({
    valid: [
      { name: 'accepts 404', capture: answered({ status: 404, variant: 'terminated', deleteStatus: 200 }) },
      {
        name: 'is skipped for a server without sessions',
        capture: () =>
          makeCapture({
            transport: 'http',
            probes: { 'http-session': { id: 'http-session', status: 'skipped', reason: 'the server issued no MCP-Session-Id' } },
          }),
        skipped: /no MCP-Session-Id/,
      },
    ],
    invalid: [
      {
        name: 'reports a terminated session that is not 404',
        capture: answered({ status: 400, variant: 'terminated', deleteStatus: 200 }),
        findings: [{ messageId: 'terminated', subject: 'transport', message: /DELETE answered 200/ }],
      },
      {
        name: 'reports an unknown session id that is served',
        capture: answered({ status: 200, variant: 'unknown' }),
        findings: [{ messageId: 'unknown', subject: 'transport' }],
      },
    ],
  });
});

import { describe } from 'vitest';
import type { ProbeRecord } from '../../src/model/capture.js';
import rule from '../../rules/http-protocol-version-rejected.js';
import { makeCapture } from '../helpers/capture.js';
import { ruleTester } from '../helpers/rule-tester.js';
import { MODERN_HANDSHAKE } from '../helpers/http-capture.js';

const RULE = 'http-protocol-version-rejected';
const probe = (data: Record<string, unknown>): Record<string, ProbeRecord> => ({
  'http-protocol-version': { id: 'http-protocol-version', status: 'ran', data: { exchange: 4, bodyBytes: 0, sent: '1900-01-01', ...data } },
});
const modern = MODERN_HANDSHAKE;

describe(RULE, () => {
  ruleTester(rule).run({
    valid: [
      { name: 'accepts 400', capture: () => makeCapture({ transport: 'http', probes: probe({ status: 400 }) }) },
      {
        name: 'is skipped for servers on 2025-03-26, before the header existed',
        capture: () => makeCapture({ transport: 'http', protocolVersion: '2025-03-26', probes: probe({ status: 200 }) }),
        skipped: /introduced in protocol 2025-06-18; the server negotiated 2025-03-26/,
      },
      {
        name: 'accepts -32022 from a 2026-07-28 server',
        capture: () => makeCapture({ transport: 'http', handshake: modern, probes: probe({ status: 400, errorCode: -32022 }) }),
      },
    ],
    invalid: [
      {
        name: 'reports a server that serves the request anyway',
        capture: () => makeCapture({ transport: 'http', probes: probe({ status: 200 }) }),
        findings: [{ messageId: 'accepted', subject: 'transport', message: /1900-01-01/ }],
      },
      {
        name: 'wants -32022 from a 2026-07-28 server',
        capture: () => makeCapture({ transport: 'http', handshake: modern, probes: probe({ status: 400, errorCode: -32000 }) }),
        findings: [{ messageId: 'modernCode', subject: 'transport' }],
      },
    ],
  });
});

import { describe } from 'vitest';
import type { ProbeRecord } from '../../src/model/capture.js';
import rule from '../../rules/http-origin-validated.js';
import { makeCapture } from '../helpers/capture.js';
import { ruleTester } from '../helpers/rule-tester.js';

const RULE = 'http-origin-validated';
const probe = (status: number): Record<string, ProbeRecord> => ({
  'http-origin': { id: 'http-origin', status: 'ran', data: { exchange: 5, bodyBytes: 0, status, origin: 'https://evil.example' } },
});

describe(RULE, () => {
  ruleTester(rule).run({
    valid: [
      { name: 'accepts 403', capture: () => makeCapture({ transport: 'http', probes: probe(403) }) },
      {
        name: 'wants any 4xx before 2025-11-25',
        capture: () => makeCapture({ transport: 'http', protocolVersion: '2025-06-18', probes: probe(400) }),
      },
    ],
    invalid: [
      {
        name: 'reports a server that serves a foreign origin',
        capture: () => makeCapture({ transport: 'http', probes: probe(200) }),
        findings: [{ messageId: 'notRejected', subject: 'transport', message: /https:\/\/evil\.example/ }],
      },
      {
        name: 'wants exactly 403 from 2025-11-25',
        capture: () => makeCapture({ transport: 'http', probes: probe(400) }),
        findings: [{ messageId: 'wrongStatus', subject: 'transport' }],
      },
      {
        name: 'applies to the legacy SSE transport too',
        capture: () => makeCapture({ transport: 'sse', protocolVersion: '2024-11-05', probes: probe(200) }),
        findings: [{ messageId: 'notRejected', subject: 'transport' }],
      },
    ],
  });
});

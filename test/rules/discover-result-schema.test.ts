import { describe } from 'vitest';
import type { Handshake } from '../../src/model/capture.js';
import rule from '../../rules/discover-result-schema.js';
import { makeCapture } from '../helpers/capture.js';
import { ruleTester } from '../helpers/rule-tester.js';

const RULE = 'discover-result-schema';
const discovered = (raw: Record<string, unknown>): Handshake => ({
  ok: true,
  requestedVersion: '2026-07-28',
  protocolVersion: '2026-07-28',
  serverInfo: {},
  capabilities: { tools: {} },
  raw,
  durationMs: 1,
  via: 'server/discover',
});
const good = { resultType: 'complete', supportedVersions: ['2026-07-28'], capabilities: { tools: {} }, ttlMs: 60000, cacheScope: 'public' };

describe(RULE, () => {
  ruleTester(rule).run({
    valid: [
      { name: 'accepts a valid DiscoverResult', capture: () => makeCapture({ handshake: discovered(good) }) },
      { name: 'ignores handshakes made with initialize', capture: () => makeCapture({ protocolVersion: '2026-07-28' }) },
    ],
    invalid: [
      {
        name: 'reports schema problems',
        capture: () => makeCapture({ handshake: discovered({ ...good, cacheScope: 'shared', ttlMs: undefined }) }),
        findings: [
          { messageId: 'schema', subject: 'server', message: /cacheScope/ },
          { messageId: 'schema', subject: 'server', message: /required property 'ttlMs'/ },
        ],
      },
    ],
  });
});

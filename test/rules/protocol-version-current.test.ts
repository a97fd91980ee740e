import { describe } from 'vitest';
import type { Handshake } from '../../src/model/capture.js';
import rule from '../../rules/protocol-version-current.js';
import { makeCapture } from '../helpers/capture.js';
import { ruleTester } from '../helpers/rule-tester.js';

/** A server that was asked for `requested` and answered `negotiated`. */
const answered = (negotiated: string, requested = '2025-11-25') => {
  const handshake: Handshake = {
    ok: true,
    requestedVersion: requested,
    protocolVersion: negotiated,
    serverInfo: { name: 'bookstore-mcp-server', version: '1.0.0' },
    capabilities: {},
    raw: { protocolVersion: negotiated, capabilities: {} },
    durationMs: 5,
  };
  return () => makeCapture({ handshake });
};
const older = { messageId: 'older', subject: 'server' } as const;

describe('protocol-version-current', () => {
  ruleTester(rule).run({
    valid: [
      { name: 'accepts a server that answers the version asked for', capture: answered('2025-11-25') },
      {
        name: 'accepts a server that answers an old version when the client asked for it (--protocol)',
        capture: answered('2024-11-05', '2024-11-05'),
      },
      { name: 'accepts a newer answer (a 2026-07-28 server reached through server/discover)', capture: answered('2026-07-28') },
      { name: 'does not judge a version it does not know', capture: answered('2099-01-01') },
      { name: 'does not judge when the client asked for a version it does not know', capture: answered('2025-06-18', '1900-01-01') },
      {
        name: 'is skipped when the handshake failed',
        capture: () =>
          makeCapture({
            handshake: { ok: false, requestedVersion: '2025-11-25', reason: 'timeout', message: 'no answer', durationMs: 10 },
          }),
        skipped: /the handshake failed/,
      },
    ],
    invalid: [
      {
        name: 'one version behind: a note naming what 2025-11-25 added',
        capture: answered('2025-06-18'),
        findings: [
          {
            ...older,
            level: 'note',
            evidence: '"protocolVersion": "2025-06-18"',
            message:
              'Server negotiated protocol 2025-06-18, one version behind the 2025-11-25 the client asked for, so its clients go without what 2025-11-25 added: icons, tasks (long-running requests), URL-mode elicitation, tool use in sampling. Upgrade the MCP SDK (or raise the protocol version the server offers) so it answers 2025-11-25.',
          },
        ],
      },
      {
        name: 'two versions behind: a warning naming what both versions added',
        capture: answered('2025-03-26'),
        findings: [
          {
            ...older,
            level: 'warning',
            message: /2 versions behind .* what 2025-06-18 and 2025-11-25 added: tool titles, .*elicitation, .*icons/,
          },
        ],
      },
      {
        name: 'three versions behind: a warning that names tool annotations among what is missing',
        capture: answered('2024-11-05'),
        findings: [
          { ...older, level: 'warning', message: /3 versions behind .*2025-03-26, 2025-06-18 and 2025-11-25 added: tool annotations, / },
        ],
      },
      {
        name: 'one step below the configured level when one behind (error → warning)',
        capture: answered('2025-06-18'),
        level: 'error',
        findings: [{ ...older, level: 'warning' }],
      },
    ],
  });
});

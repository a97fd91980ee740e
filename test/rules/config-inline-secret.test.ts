import { describe } from 'vitest';
import type { Capture, ClientConfigRecord, ClientFormat, ConfigValue } from '../../src/model/capture.js';
import rule from '../../rules/config-inline-secret.js';
import { makeCapture } from '../helpers/capture.js';
import { ruleTester } from '../helpers/rule-tester.js';

const RULE = 'config-inline-secret';
const config =
  (values: Record<string, ConfigValue>, format: ClientFormat = 'claude-code') =>
  (): Capture => ({
    ...makeCapture({}),
    clientConfig: {
      file: '.mcp.json',
      format,
      serverName: 'github',
      line: 3,
      keys: ['command', 'env'],
      transport: 'stdio',
      entry: {},
      values,
    } satisfies ClientConfigRecord,
  });

describe(RULE, () => {
  ruleTester(rule).run({
    valid: [
      {
        name: 'accepts references',
        capture: config({ '/env/GITHUB_TOKEN': { text: '${GITHUB_TOKEN}', references: ['GITHUB_TOKEN'], literalLength: 0 } }),
      },
      { name: 'is skipped without a client config', capture: () => makeCapture({}), skipped: /was not read from a client config file/ },
    ],
    invalid: [
      {
        name: 'reports a literal secret without quoting it, and suggests the client’s reference syntax',
        capture: config(
          { '/env/GITHUB_TOKEN': { text: '[redacted]', references: [], literalLength: 40, secret: 'GitHub token' } },
          'cursor',
        ),
        findings: [
          {
            messageId: 'inline',
            subject: 'server',
            message: /env\.GITHUB_TOKEN.*\$\{env:GITHUB_TOKEN\}/,
            evidence: 'env.GITHUB_TOKEN: [redacted] (40 literal characters)',
          },
        ],
      },
      {
        name: 'says what to do when the client cannot expand variables (Claude Desktop)',
        capture: config(
          { '/headers/Authorization': { text: '[redacted]', references: [], literalLength: 48, secret: 'bearer token' } },
          'claude-desktop',
        ),
        findings: [{ messageId: 'noInterpolation', subject: 'server' }],
      },
    ],
  });
});

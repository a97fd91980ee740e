import { describe, expect, it } from 'vitest';
import type { Capture } from '../../src/model/capture.js';
import rule, { npxCall, splitSpec } from '../../rules/config-npx-unpinned.js';
import { makeCapture } from '../helpers/capture.js';
import { ruleTester } from '../helpers/rule-tester.js';

const RULE = 'config-npx-unpinned';
const launched = (command: string, args: string[]) => (): Capture => ({
  ...makeCapture({}),
  target: { kind: 'stdio', command, args, envNames: [] },
  clientConfig: {
    file: '.mcp.json',
    format: 'claude-code',
    serverName: 'github',
    line: 2,
    keys: ['command', 'args'],
    transport: 'stdio',
    entry: {},
    values: {},
  },
});

describe(RULE, () => {
  ruleTester(rule).run({
    valid: [
      { name: 'accepts -y with an exact version', capture: launched('npx', ['-y', '@modelcontextprotocol/server-github@2025.4.8']) },
      { name: 'accepts --yes with an exact version', capture: launched('npx', ['--yes', 'mcp-remote@0.1.29', 'https://example.com/mcp']) },
      { name: 'leaves local paths alone', capture: launched('npx', ['-y', './local-server']) },
    ],
    invalid: [
      {
        name: 'reports a missing -y and a missing version',
        capture: launched('npx', ['@modelcontextprotocol/server-github']),
        findings: [
          { messageId: 'noYes', subject: 'server' },
          { messageId: 'unpinned', subject: 'server' },
        ],
      },
      {
        name: 'treats tags and ranges as unpinned',
        capture: launched('npx', ['-y', '@playwright/mcp@latest']),
        findings: [{ messageId: 'unpinned', subject: 'server', message: /"@latest" is a tag or range/ }],
      },
    ],
  });

  // The parsing helpers, directly: what the rule reads out of a launch command.
  it('understands cmd /c npx and -p, and knows a command that is not npx', () => {
    expect(npxCall('cmd', ['/c', 'npx', '-y', 'pkg'])).toEqual({ yes: true, packages: ['pkg'] });
    expect(npxCall('npx', ['-y', '-p', 'tool@1.0.0', 'tool-cli'])).toEqual({ yes: true, packages: ['tool@1.0.0'] });
    expect(npxCall('node', ['server.js'])).toBeUndefined();
    expect(splitSpec('@scope/pkg@1.2.3')).toEqual({ name: '@scope/pkg', version: '1.2.3' });
  });
});

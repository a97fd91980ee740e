import { describe, expect, it } from 'vitest';
import type { Capture } from '../../src/model/capture.js';
import rule, { npxCall, splitSpec } from '../../rules/config-npx-unpinned.js';
import { makeCapture, summary } from '../helpers/capture.js';
import { runRule } from '../helpers/rule-tester.js';

const RULE = 'config-npx-unpinned';
const run = (capture: Capture) => runRule(rule, capture);
const launched = (command: string, args: string[]): Capture => ({
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
  it('accepts -y with an exact version', () => {
    expect(run(launched('npx', ['-y', '@modelcontextprotocol/server-github@2025.4.8'])).findings).toEqual([]);
    expect(run(launched('npx', ['--yes', 'mcp-remote@0.1.29', 'https://example.com/mcp'])).findings).toEqual([]);
  });

  it('reports a missing -y and a missing version', () => {
    expect(summary(run(launched('npx', ['@modelcontextprotocol/server-github'])))).toEqual([
      `${RULE} noYes server`,
      `${RULE} unpinned server`,
    ]);
  });

  it('treats tags and ranges as unpinned', () => {
    const result = run(launched('npx', ['-y', '@playwright/mcp@latest']));
    expect(summary(result)).toEqual([`${RULE} unpinned server`]);
    expect(result.findings[0]!.message).toContain('"@latest" is a tag or range');
  });

  it('understands cmd /c npx, -p, and leaves local paths alone', () => {
    expect(npxCall('cmd', ['/c', 'npx', '-y', 'pkg'])).toEqual({ yes: true, packages: ['pkg'] });
    expect(npxCall('npx', ['-y', '-p', 'tool@1.0.0', 'tool-cli'])).toEqual({ yes: true, packages: ['tool@1.0.0'] });
    expect(run(launched('npx', ['-y', './local-server'])).findings).toEqual([]);
    expect(npxCall('node', ['server.js'])).toBeUndefined();
    expect(splitSpec('@scope/pkg@1.2.3')).toEqual({ name: '@scope/pkg', version: '1.2.3' });
  });
});

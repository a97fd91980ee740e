import { describe, expect, it } from 'vitest';
import type { Capture } from '../../src/model/capture.js';
import rule from '../../rules/server-name-convention.js';
import { makeCapture, summary } from '../helpers/capture.js';
import { runRule } from '../helpers/rule-tester.js';

const RULE = 'server-name-convention';
const lint = (capture: Capture) => runRule(rule, capture);
const server = (name: unknown) => makeCapture({ serverInfo: { name, version: '1.0.0' } });
const ids = (name: unknown) => summary(lint(server(name))).sort();

describe(RULE, () => {
  it.each([
    'bookstore-mcp-server',
    'slack_mcp',
    'google-drive-mcp-server',
    'google_drive_mcp',
    '@acme/slack-mcp-server',
    's3-mcp-server',
    'ipv6-tools-mcp-server',
    'web3_mcp',
  ])('accepts %s', (name) => {
    expect(lint(server(name)).findings).toEqual([]);
  });

  it('reports a name off the convention, suggesting names from the service', () => {
    const result = lint(server('Bookstore'));
    expect(summary(result)).toEqual([`${RULE} convention server`]);
    expect(result.findings[0]!.message).toBe(
      'Server name "Bookstore" does not follow the convention {service}-mcp-server (TypeScript) or {service}_mcp (Python) in lower case; rename it, e.g. "bookstore-mcp-server" or "bookstore_mcp".',
    );
  });

  it.each([
    'Bookstore-MCP-Server',
    'mcp-server-bookstore',
    'bookstore-server',
    'bookstore_mcp_server',
    'bookstore-mcp',
    'bookstore mcp server',
  ])('reports %s', (name) => {
    expect(ids(name)).toEqual([`${RULE} convention server`]);
  });

  it('uses a generic example when the name names no service', () => {
    expect(lint(server('mcp-server')).findings[0]!.message).toContain('e.g. "slack-mcp-server" or "slack_mcp"');
  });

  it('reports only the version when the name otherwise follows the convention', () => {
    const result = lint(server('bookstore-mcp-server-v2'));
    expect(summary(result)).toEqual([`${RULE} versionInName server`]);
    expect(result.findings[0]!.message).toBe(
      'Server name "bookstore-mcp-server-v2" contains the version or date "v2"; keep the name stable and report the version in serverInfo.version instead (e.g. "bookstore-mcp-server").',
    );
  });

  it.each([
    ['bookstore_mcp_1.0', '1.0'],
    ['bookstore-v1.2.3-mcp-server', 'v1.2.3'],
    ['bookstore-mcp-server-2024', '2024'],
    ['bookstore-2024-01-15-mcp-server', '2024-01-15'],
    ['bookstore_20240115_mcp', '20240115'],
  ])('finds the version or date in %s', (name, token) => {
    const result = lint(server(name));
    expect(summary(result)).toEqual([`${RULE} versionInName server`]);
    expect(result.findings[0]!.message).toContain(`"${token}"`);
  });

  it('reports both when a versioned name is also off the convention', () => {
    expect(ids('Bookstore Server v2')).toEqual([`${RULE} convention server`, `${RULE} versionInName server`]);
  });

  it('ignores a missing or non-string name (a handshake-schema problem)', () => {
    expect(lint(server(undefined)).findings).toEqual([]);
    expect(lint(server(42)).findings).toEqual([]);
    expect(lint(server('')).findings).toEqual([]);
  });

  it('is skipped when the handshake failed', () => {
    const capture = makeCapture({
      handshake: { ok: false, requestedVersion: '2025-11-25', reason: 'timeout', message: 'no answer', durationMs: 5000 },
    });
    const result = lint(capture);
    expect(result.findings).toEqual([]);
    expect(result.skipped.map((s) => s.ruleId)).toEqual([RULE]);
  });
});

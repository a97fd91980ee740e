import { describe } from 'vitest';
import rule from '../../rules/server-name-convention.js';
import { makeCapture } from '../helpers/capture.js';
import { ruleTester, type InvalidCase, type ValidCase } from '../helpers/rule-tester.js';

const RULE = 'server-name-convention';
const server = (name: unknown) => () => makeCapture({ serverInfo: { name, version: '1.0.0' } });
const convention = { messageId: 'convention', subject: 'server' } as const;
const versionInName = { messageId: 'versionInName', subject: 'server' } as const;
type Id = typeof convention.messageId | typeof versionInName.messageId;

const accepted = [
  'bookstore-mcp-server',
  'slack_mcp',
  'google-drive-mcp-server',
  'google_drive_mcp',
  '@acme/slack-mcp-server',
  's3-mcp-server',
  'ipv6-tools-mcp-server',
  'web3_mcp',
].map((name): ValidCase => ({ name: `accepts ${name}`, capture: server(name) }));

const offConvention = [
  'Bookstore-MCP-Server',
  'mcp-server-bookstore',
  'bookstore-server',
  'bookstore_mcp_server',
  'bookstore-mcp',
  'bookstore mcp server',
].map((name): InvalidCase<Id> => ({ name: `reports ${name}`, capture: server(name), findings: [convention] }));

const versioned = [
  ['bookstore_mcp_1.0', '1.0'],
  ['bookstore-v1.2.3-mcp-server', 'v1.2.3'],
  ['bookstore-mcp-server-2024', '2024'],
  ['bookstore-2024-01-15-mcp-server', '2024-01-15'],
  ['bookstore_20240115_mcp', '20240115'],
].map(
  ([name, token]): InvalidCase<Id> => ({
    name: `finds the version or date in ${name}`,
    capture: server(name),
    findings: [{ ...versionInName, message: new RegExp(`"${token!.replaceAll('.', '\\.')}"`) }],
  }),
);

describe(RULE, () => {
  ruleTester(rule).run({
    valid: [
      ...accepted,
      { name: 'ignores a missing name (a handshake-schema problem)', capture: server(undefined) },
      { name: 'ignores a non-string name (a handshake-schema problem)', capture: server(42) },
      { name: 'ignores an empty name (a handshake-schema problem)', capture: server('') },
      {
        name: 'is skipped when the handshake failed',
        capture: () =>
          makeCapture({
            handshake: { ok: false, requestedVersion: '2025-11-25', reason: 'timeout', message: 'no answer', durationMs: 5000 },
          }),
        skipped: /^the handshake failed$/,
      },
    ],
    invalid: [
      {
        name: 'reports a name off the convention, suggesting names from the service',
        capture: server('Bookstore'),
        findings: [
          {
            ...convention,
            message:
              'Server name "Bookstore" does not follow the convention {service}-mcp-server (TypeScript) or {service}_mcp (Python) in lower case; rename it, e.g. "bookstore-mcp-server" or "bookstore_mcp".',
          },
        ],
      },
      ...offConvention,
      {
        name: 'uses a generic example when the name names no service',
        capture: server('mcp-server'),
        findings: [{ ...convention, message: /e\.g\. "slack-mcp-server" or "slack_mcp"/ }],
      },
      {
        name: 'reports only the version when the name otherwise follows the convention',
        capture: server('bookstore-mcp-server-v2'),
        findings: [
          {
            ...versionInName,
            message:
              'Server name "bookstore-mcp-server-v2" contains the version or date "v2"; keep the name stable and report the version in serverInfo.version instead (e.g. "bookstore-mcp-server").',
          },
        ],
      },
      ...versioned,
      {
        name: 'reports both when a versioned name is also off the convention',
        capture: server('Bookstore Server v2'),
        findings: [versionInName, convention],
      },
    ],
  });
});

import { describe, expect, it } from 'vitest';
import type { Capture } from '../../src/model/capture.js';
import rule, { isLoopback } from '../../rules/config-plain-http.js';
import { makeCapture } from '../helpers/capture.js';
import { ruleTester } from '../helpers/rule-tester.js';

const RULE = 'config-plain-http';
const remote = (url: string) => (): Capture => ({
  ...makeCapture({ transport: 'http' }),
  target: { kind: 'http', url, headerNames: [] },
  clientConfig: {
    file: '.mcp.json',
    format: 'claude-code',
    serverName: 'crm',
    line: 2,
    keys: ['type', 'url'],
    transport: 'http',
    entry: { type: 'http', url },
    values: { '/url': { text: url, references: [], literalLength: url.length } },
  },
});

describe(RULE, () => {
  ruleTester(rule).run({
    valid: [
      { name: 'accepts https', capture: remote('https://mcp.example.com/mcp') },
      ...['http://127.0.0.1:3000/mcp', 'http://localhost:3000/mcp', 'http://[::1]:3000/mcp', 'http://api.localhost/mcp'].map((url) => ({
        name: `accepts loopback: ${url}`,
        capture: remote(url),
      })),
    ],
    invalid: [
      {
        name: 'reports http:// to another host',
        capture: remote('http://mcp.example.com/mcp'),
        findings: [{ messageId: 'plainHttp', subject: 'server', message: /mcp\.example\.com/ }],
      },
    ],
  });

  // The helper directly: which hosts count as this machine.
  it('knows loopback addresses', () => {
    expect(isLoopback('127.5.0.1')).toBe(true);
    expect(isLoopback('10.0.0.1')).toBe(false);
    expect(isLoopback('localhost.example.com')).toBe(false);
  });
});

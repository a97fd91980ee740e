import { describe, expect, it } from 'vitest';
import type { Capture } from '../../src/model/capture.js';
import rule, { isLoopback } from '../../rules/config-plain-http.js';
import { makeCapture, summary } from '../helpers/capture.js';
import { runRule } from '../helpers/rule-tester.js';

const RULE = 'config-plain-http';
const run = (capture: Capture) => runRule(rule, capture);
const remote = (url: string): Capture => ({
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
  it('reports http:// to another host', () => {
    const result = run(remote('http://mcp.example.com/mcp'));
    expect(summary(result)).toEqual([`${RULE} plainHttp server`]);
    expect(result.findings[0]!.message).toContain('mcp.example.com');
  });

  it('accepts https and loopback', () => {
    expect(run(remote('https://mcp.example.com/mcp')).findings).toEqual([]);
    for (const url of ['http://127.0.0.1:3000/mcp', 'http://localhost:3000/mcp', 'http://[::1]:3000/mcp', 'http://api.localhost/mcp']) {
      expect(run(remote(url)).findings, url).toEqual([]);
    }
  });

  it('knows loopback addresses', () => {
    expect(isLoopback('127.5.0.1')).toBe(true);
    expect(isLoopback('10.0.0.1')).toBe(false);
    expect(isLoopback('localhost.example.com')).toBe(false);
  });
});

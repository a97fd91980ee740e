import { describe, expect, it } from 'vitest';
import type { Capture, ClientFormat } from '../../src/model/capture.js';
import rule from '../../rules/config-unknown-key.js';
import { makeCapture, summary } from '../helpers/capture.js';
import { runRule } from '../helpers/rule-tester.js';

const RULE = 'config-unknown-key';
const run = (capture: Capture) => runRule(rule, capture);
const withKeys = (keys: string[], format: ClientFormat): Capture => ({
  ...makeCapture({}),
  clientConfig: { file: 'x.json', format, serverName: 'docs', line: 1, keys, transport: 'stdio', entry: {}, values: {} },
});

describe(RULE, () => {
  it('accepts the keys each client reads', () => {
    expect(run(withKeys(['command', 'args', 'env'], 'claude-desktop')).findings).toEqual([]);
    expect(run(withKeys(['httpUrl', 'headers', 'timeout', 'trust', 'includeTools'], 'gemini')).findings).toEqual([]);
    expect(run(withKeys(['type', 'command', 'args', 'envFile', 'dev'], 'vscode')).findings).toEqual([]);
  });

  it('reports a typo with a suggestion', () => {
    const result = run(withKeys(['command', 'evn'], 'claude-code'));
    expect(summary(result)).toEqual([`${RULE} unknownKey server`]);
    expect(result.findings[0]!.message).toContain('did you mean "env"');
  });

  it('names the client a foreign key belongs to', () => {
    const result = run(withKeys(['type', 'httpUrl'], 'claude-code'));
    expect(result.findings[0]!.message).toContain('Gemini CLI');
  });

  it('does not check files it cannot attribute to a client', () => {
    expect(run(withKeys(['whatever'], 'generic')).findings).toEqual([]);
  });
});

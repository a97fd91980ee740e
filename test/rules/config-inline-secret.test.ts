import { describe, expect, it } from 'vitest';
import type { Capture, ClientConfigRecord, ClientFormat, ConfigValue } from '../../src/model/capture.js';
import rule from '../../rules/config-inline-secret.js';
import { makeCapture, summary } from '../helpers/capture.js';
import { runRule } from '../helpers/rule-tester.js';

const RULE = 'config-inline-secret';
const run = (capture: Capture) => runRule(rule, capture);
const config = (values: Record<string, ConfigValue>, format: ClientFormat = 'claude-code'): Capture => ({
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
  it('accepts references', () => {
    expect(
      run(config({ '/env/GITHUB_TOKEN': { text: '${GITHUB_TOKEN}', references: ['GITHUB_TOKEN'], literalLength: 0 } })).findings,
    ).toEqual([]);
  });

  it('reports a literal secret without quoting it, and suggests the client’s reference syntax', () => {
    const result = run(
      config({ '/env/GITHUB_TOKEN': { text: '[redacted]', references: [], literalLength: 40, secret: 'GitHub token' } }, 'cursor'),
    );
    expect(summary(result)).toEqual([`${RULE} inline server`]);
    expect(result.findings[0]!.message).toContain('env.GITHUB_TOKEN');
    expect(result.findings[0]!.message).toContain('${env:GITHUB_TOKEN}');
    expect(result.findings[0]!.evidence).toBe('env.GITHUB_TOKEN: [redacted] (40 literal characters)');
  });

  it('says what to do when the client cannot expand variables (Claude Desktop)', () => {
    const result = run(
      config(
        { '/headers/Authorization': { text: '[redacted]', references: [], literalLength: 48, secret: 'bearer token' } },
        'claude-desktop',
      ),
    );
    expect(summary(result)).toEqual([`${RULE} noInterpolation server`]);
  });

  it('is skipped without a client config', () => {
    expect(run(makeCapture({})).skipped.map((s) => s.ruleId)).toEqual([RULE]);
  });
});

import { describe, expect, it } from 'vitest';
import rule from '../../rules/source-stdout-write.js';
import { makeCapture } from '../helpers/capture.js';
import { makeSource } from '../helpers/source.js';
import { runRule, ruleTester } from '../helpers/rule-tester.js';

const RULE = 'source-stdout-write';
const write = (line: number, text = "console.log('hello');", call = 'console.log', file = 'src/index.ts') => ({
  file,
  line,
  column: 3,
  call,
  text,
});
const capture = () => makeCapture();
const inTransport = { messageId: 'write', subject: 'transport' } as const;

describe(RULE, () => {
  ruleTester(rule).run({
    valid: [
      { name: 'is silent when the code writes nothing to stdout', capture, source: makeSource() },
      { name: 'is skipped without a source index', capture, skipped: /^no source index/ },
      {
        name: 'is skipped for servers not on stdio',
        capture: () => makeCapture({ transport: 'http' }),
        source: makeSource({ stdoutWrites: [write(1)] }),
        skipped: /^the transport is http, not stdio$/,
      },
    ],
    invalid: [
      {
        name: 'reports each write with its file, line and call, quoting the line',
        capture: () => makeCapture({ tools: [] }),
        source: makeSource({ stdoutWrites: [write(13), write(40, "process.stdout.write('ready\\n');", 'process.stdout.write')] }),
        findings: [
          { ...inTransport, message: /console\.log at src\/index\.ts:13/, evidence: "console.log('hello');", level: 'error' },
          { ...inTransport, message: /process\.stdout\.write at src\/index\.ts:40/ },
        ],
      },
      {
        name: 'lists at most 20 writes, then one summary finding',
        capture,
        source: makeSource({ stdoutWrites: Array.from({ length: 23 }, (_, i) => write(i + 1, `console.log(${i});`)) }),
        findings: [{ messageId: 'more', subject: 'transport', message: /3 more places/ }, ...Array.from({ length: 20 }, () => inTransport)],
      },
    ],
  });

  // Two runs compared: a fingerprint is only meaningful across captures.
  it('keeps fingerprints when the write moves to another line, and tells identical writes apart', () => {
    const before = runRule(rule, makeCapture(), { source: makeSource({ stdoutWrites: [write(13), write(20)] }) });
    const after = runRule(rule, makeCapture(), { source: makeSource({ stdoutWrites: [write(15), write(22)] }) });
    expect(after.findings.map((f) => f.fingerprint)).toEqual(before.findings.map((f) => f.fingerprint));
    expect(new Set(before.findings.map((f) => f.fingerprint)).size).toBe(2);
  });
});

import { describe, expect, it } from 'vitest';
import type { Capture } from '../../src/model/capture.js';
import type { SourceIndex } from '../../src/model/source-index.js';
import rule from '../../rules/source-stdout-write.js';
import { makeCapture, summary } from '../helpers/capture.js';
import { makeSource } from '../helpers/source.js';
import { runRule } from '../helpers/rule-tester.js';

const RULE = 'source-stdout-write';
const run = (capture: Capture, source?: SourceIndex) => runRule(rule, capture, source ? { source } : {});
const write = (line: number, text = "console.log('hello');", call = 'console.log', file = 'src/index.ts') => ({
  file,
  line,
  column: 3,
  call,
  text,
});

describe(RULE, () => {
  it('reports each write with its file, line and call, quoting the line', () => {
    const source = makeSource({ stdoutWrites: [write(13), write(40, "process.stdout.write('ready\\n');", 'process.stdout.write')] });
    const result = run(makeCapture({ tools: [] }), source);
    expect(summary(result)).toEqual([`${RULE} write transport`, `${RULE} write transport`]);
    expect(result.findings.map((f) => f.message)).toEqual([
      expect.stringContaining('console.log at src/index.ts:13'),
      expect.stringContaining('process.stdout.write at src/index.ts:40'),
    ]);
    expect(result.findings[0]!.evidence).toBe("console.log('hello');");
    expect(result.findings[0]!.level).toBe('error');
  });

  it('keeps fingerprints when the write moves to another line, and tells identical writes apart', () => {
    const before = run(makeCapture(), makeSource({ stdoutWrites: [write(13), write(20)] }));
    const after = run(makeCapture(), makeSource({ stdoutWrites: [write(15), write(22)] }));
    expect(after.findings.map((f) => f.fingerprint)).toEqual(before.findings.map((f) => f.fingerprint));
    expect(new Set(before.findings.map((f) => f.fingerprint)).size).toBe(2);
  });

  it('lists at most 20 writes, then one summary finding', () => {
    const source = makeSource({ stdoutWrites: Array.from({ length: 23 }, (_, i) => write(i + 1, `console.log(${i});`)) });
    const result = run(makeCapture(), source);
    expect(result.findings).toHaveLength(21);
    expect(result.findings.find((f) => f.messageId === 'more')!.message).toContain('3 more places');
  });

  it('is silent when the code writes nothing to stdout', () => {
    expect(run(makeCapture(), makeSource()).findings).toEqual([]);
  });

  it('is skipped without a source index, and for servers not on stdio', () => {
    expect(run(makeCapture()).skipped.map((s) => s.ruleId)).toEqual([RULE]);
    const http = run(makeCapture({ transport: 'http' }), makeSource({ stdoutWrites: [write(1)] }));
    expect(http.findings).toEqual([]);
    expect(http.skipped.map((s) => s.ruleId)).toEqual([RULE]);
  });
});

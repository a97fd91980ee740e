/**
 * Long messages wrap to a terminal's width with a hanging indent, and never in
 * pipes: the wrapper as a pure function of the width, the text report with and without one, and
 * the piped CLI.
 */
import { describe, expect, it } from 'vitest';
import { cleanTools } from '../fixtures/lib/raw-server.mjs';
import { text } from '../src/report/formatters/text.js';
import { wrappedLine, wrapWords } from '../src/report/formatters/wrap.js';
import { fixturePath, makeCapture } from './helpers/capture.js';
import { runCli } from './helpers/cli.js';
import { CONTEXT, lintReport, serverReport } from './helpers/report.js';

const plain = (s: string) => s;

describe('wrapping', () => {
  it('breaks at spaces within the width and leaves a word longer than a line whole', () => {
    expect(wrapWords('one two three four', 9)).toEqual(['one two', 'three', 'four']);
    expect(wrapWords('see https://example.com/a/very/long/path now', 10)).toEqual(['see', 'https://example.com/a/very/long/path', 'now']);
    expect(wrapWords('', 10)).toEqual(['']);
  });

  it('continues a message under its first word, the rule id where it fits', () => {
    const lines = wrappedLine(
      '    error    ',
      13,
      'Tool "x" has no annotations, so clients must assume it is destructive.',
      'rule-id',
      plain,
      40,
    );
    expect(lines).toEqual([
      '    error    Tool "x" has no',
      '             annotations, so clients',
      '             must assume it is',
      '             destructive.  rule-id',
    ]);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(40);
  });

  it('one line without a width, when the line fits, or when the terminal is too narrow to help', () => {
    const message = 'a message that is rather long for a narrow terminal';
    expect(wrappedLine('> ', 2, message, 'id', plain, undefined)).toEqual([`> ${message}  id`]);
    expect(wrappedLine('> ', 2, 'short', 'id', plain, 40)).toEqual(['> short  id']);
    expect(wrappedLine('> ', 13, message, 'id', plain, 25)).toEqual([`> ${message}  id`]);
  });

  it('the text report wraps finding messages only when given a width', () => {
    const tool = { ...cleanTools()[1]!, annotations: undefined };
    const report = lintReport(serverReport(makeCapture({ tools: [tool] }), { only: ['tool-annotations-present'] }));
    const unwrapped = text(report, CONTEXT);
    const wrapped = text(report, { ...CONTEXT, width: 60 });
    const findingLine = unwrapped.split('\n').find((l) => l.includes('has no annotations'))!;
    expect(findingLine.length).toBeGreaterThan(60);
    expect(findingLine).toMatch(/tool-annotations-present$/);
    const message = wrapped.slice(
      wrapped.indexOf('    warning'),
      wrapped.indexOf('tool-annotations-present') + 'tool-annotations-present'.length,
    );
    expect(message.split('\n').length).toBeGreaterThan(1);
    for (const line of message.split('\n')) expect(line.length).toBeLessThanOrEqual(60);
    expect(
      message
        .split('\n')
        .slice(1)
        .every((l) => l.startsWith(' '.repeat(13))),
    ).toBe(true);
  });

  it('piped CLI output is never wrapped, whatever COLUMNS says', async () => {
    const r = await runCli(['--', process.execPath, fixturePath('rules/tool-annotations-present/bad.mjs')], { env: { COLUMNS: '40' } });
    const line = r.stdout.split('\n').find((l) => l.includes('has no annotations'))!;
    expect(line.length).toBeGreaterThan(40);
    expect(line).toMatch(/reaches the outside world\.\s+tool-annotations-present$/);
  });
});

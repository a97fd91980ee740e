/** The `github` format: workflow commands GitHub Actions turns into annotations. */
import { describe, expect, it } from 'vitest';
import { cleanTools } from '../fixtures/lib/raw-server.mjs';
import type { Anchors } from '../src/locate/locate.js';
import { annotation, escapeData, escapeProperty, github } from '../src/report/formatters/github.js';
import { docsUrl } from '../src/shared/version.js';
import { makeCapture } from './helpers/capture.js';
import { CONTEXT, lintReport, reportWithFindings } from './helpers/report.js';

const capture = () => makeCapture({ tools: cleanTools() });

/** Parse `::cmd k=v,k=v::message` back, undoing the escapes (as the runner does). */
function parse(line: string): { command: string; properties: Record<string, string>; message: string } {
  const match = /^::(\w+)(?: ([^:]*))?::(.*)$/.exec(line);
  if (!match) throw new Error(`not a workflow command: ${line}`);
  const unescapeCommand = (s: string) =>
    s.replace(/%0A/g, '\n').replace(/%0D/g, '\r').replace(/%3A/g, ':').replace(/%2C/g, ',').replace(/%25/g, '%');
  const properties: Record<string, string> = {};
  for (const pair of (match[2] ?? '').split(',').filter(Boolean)) {
    const at = pair.indexOf('=');
    properties[pair.slice(0, at)] = unescapeCommand(pair.slice(at + 1));
  }
  return { command: match[1]!, properties, message: unescapeCommand(match[3]!) };
}

describe('github formatter', () => {
  it('escapes data and properties like @actions/core', () => {
    expect(escapeData('100% done\r\nnext')).toBe('100%25 done%0D%0Anext');
    expect(escapeProperty('a:b,c%d\n')).toBe('a%3Ab%2Cc%25d%0A');
  });

  it('emits one command per finding with file, line, col, title and the level mapped (note → notice)', () => {
    const anchors: Anchors = {
      fallback: 'node',
      source: undefined,
      manifest: { uri: 'package.json', line: 3 },
      entry: { uri: 'src/server,v1:main.ts', line: 7, column: 5 },
    };
    const server = reportWithFindings(
      capture(),
      [
        { ruleId: 'tool-name-verb', subject: { kind: 'tool', name: 'bookstore_x' }, level: 'note' },
        { ruleId: 'stdout-pollution', subject: { kind: 'transport' }, level: 'error', evidence: 'Banner 100%\nsecond line' },
        { ruleId: 'tool-annotations-present', subject: { kind: 'tool', name: 'bookstore_search_books' }, level: 'warning' },
      ],
      anchors,
    );
    const lines = github(lintReport(server), CONTEXT).trimEnd().split('\n');
    const commands = lines.filter((l) => l.startsWith('::')).map(parse);
    // Errors first: GitHub shows only the first 10 annotations of each kind per step.
    expect(commands.map((c) => c.command)).toEqual(['error', 'warning', 'notice']);
    const [error, warning] = commands;
    expect(error!.properties).toEqual({ file: 'package.json', line: '3', title: 'mcplint stdout-pollution' });
    expect(error!.message).toContain('Evidence: Banner 100%\nsecond line');
    expect(error!.message).toContain(docsUrl('stdout-pollution'));
    // A path with : and , survives the property escaping.
    expect(warning!.properties).toEqual({ file: 'src/server,v1:main.ts', line: '7', col: '5', title: 'mcplint tool-annotations-present' });
    for (const line of lines.filter((l) => l.startsWith('::'))) expect(line).not.toMatch(/[\r\n]/);
    expect(lines.at(-1)).toMatch(/^mcplint: 1 error, 1 warning, 1 note · score \d+\/100 \([A-F]\)/);
  });

  it('leaves out the file when the only anchor is the command name (not a file in the repository)', () => {
    const server = reportWithFindings(capture(), [{ ruleId: 'tool-name-verb', subject: { kind: 'tool', name: 'x' } }], { fallback: 'npx' });
    const line = annotation(server.findings[0]!);
    expect(parse(line).properties).toEqual({ title: 'mcplint tool-name-verb' });
  });

  it('reports stale baseline entries as a notice and counts baselined findings in the summary line', () => {
    const server = reportWithFindings(capture(), []);
    const report = {
      ...lintReport({ ...server, baselined: [] }),
      baseline: {
        file: 'mcplint.baseline.json',
        entries: 1,
        matched: 0,
        stale: [{ fingerprint: 'f', rule: 'tool-name-verb', subject: 'tool:gone', message: 'm', reason: '' }],
      },
    };
    const out = github(report, CONTEXT);
    const notice = out.split('\n').find((l) => l.startsWith('::notice'))!;
    expect(parse(notice).message).toContain('tool-name-verb tool:gone');
    expect(parse(notice).properties.title).toBe('mcplint: 1 stale baseline entry');
  });
});

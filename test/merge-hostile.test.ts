/**
 * `mcplint merge` trusts no report: a tampered shard is refused in one line naming the field, the
 * same server in two shards is refused, a rule id that is no rule's never becomes a link, and the
 * reports together are capped in size. Every refusal is one line and exit 2, never a stack trace.
 */
import { copyFileSync, mkdtempSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { rules } from '../rules/index.js';
import { cleanTools } from '../fixtures/lib/raw-server.mjs';
import { readMergeInputs } from '../src/commands/merge-inputs.js';
import { mergeReports } from '../src/commands/merge.js';
import { ConfigError, ruleSettings } from '../src/config/config.js';
import { htmlReport } from '../src/report/formatters/html.js';
import { escapeHtml } from '../src/report/formatters/html-escape.js';
import { json } from '../src/report/formatters/json.js';
import { markdown } from '../src/report/formatters/markdown.js';
import { checkJsonReport } from '../src/report/json-report-shape.js';
import { lint } from '../src/session/lint.js';
import { docsUrl } from '../src/shared/version.js';
import { runCli } from './helpers/cli.js';

const settings = ruleSettings(rules, 'recommended', {});
const context = { rules, color: false };

let dir: string;
/** An honest JSON report of a bare listing with an invalid input schema (error findings), as text. */
let honestText: string;
const honest = (): Record<string, any> => JSON.parse(honestText) as Record<string, any>;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'mcplint-merge-hostile-'));
  const listing = join(dir, 'tools.json');
  const tools = cleanTools().map((t, i) => (i === 0 ? { ...t, inputSchema: { type: 'objekt' } } : t));
  writeFileSync(listing, JSON.stringify({ tools }));
  const { report } = await lint({ cwd: dir, rules, noConfig: true, noSource: true, from: listing });
  honestText = json(report, context);
}, 60_000);

/** The honest report with its first server changed by `tamper` (which may mutate it). */
function tampered(tamper: (server: Record<string, any>, report: Record<string, any>) => void): Record<string, any> {
  const report = honest();
  tamper(report.servers[0], report);
  return report;
}

/** What merging `text` as t.json throws: its message, which must be a ConfigError's. */
function refusal(text: string): string {
  try {
    mergeReports([['t.json', text]], { rules, settings });
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('merged a tampered report');
}

/** Nested arrays `depth` deep, as JSON text (JSON.parse accepts it; a recursive walk would overflow). */
const deepArray = (depth: number): string => '['.repeat(depth) + ']'.repeat(depth);

describe('a tampered shard is refused in one line naming the field', () => {
  const cases: [string, (server: Record<string, any>, report: Record<string, any>) => void, string][] = [
    [
      'a level that is none of the three',
      (s) => (s.findings[0].level = 'fatal'),
      'servers[0].findings[0].level: must be one of error, warning, note',
    ],
    ['a label that is a number', (s) => (s.label = 7), 'servers[0].label: must be a string'],
    ['findings missing', (s) => delete s.findings, 'servers[0].findings: is missing'],
    ['findings an object', (s) => (s.findings = {}), 'servers[0].findings: must be an array'],
    ['a finding that is a number', (s) => (s.findings[0] = 5), 'servers[0].findings[0]: must be an object'],
    ['a null subject', (s) => (s.findings[0].subject = null), 'servers[0].findings[0].subject: must be an object'],
    ['a subject without a name', (s) => delete s.findings[0].subject.name, 'servers[0].findings[0].subject.name: is missing'],
    [
      'a negative line',
      (s) => (s.findings[0].location.startLine = -1),
      'servers[0].findings[0].location.startLine: must be a whole number, 0 or more',
    ],
    [
      'an unknown anchor',
      (s) => (s.findings[0].location.anchor = 'moon'),
      'servers[0].findings[0].location.anchor: must be one of source, manifest, entry, config, capture, target',
    ],
    ['a huge tool count', (s) => (s.stats.tools = 1e308), 'servers[0].stats.tools: must be a whole number, 0 or more'],
    ['a string duration', (s) => (s.stats.durationMs = '5'), 'servers[0].stats.durationMs: must be a number'],
    ['an unknown target kind', (s) => (s.target.kind = 'ftp'), 'servers[0].target.kind: must be one of stdio, http, listing'],
    ['a handshake without ok', (s) => delete s.handshake.ok, 'servers[0].handshake.ok: is missing'],
    [
      'a skipped rule with a string applicable',
      (s) => (s.skipped = [{ ruleId: 'x', reason: 'y', applicable: 'yes' }]),
      'servers[0].skipped[0].applicable: must be true or false',
    ],
    ['a huge array of numbers as ran rules', (s) => (s.ran = new Array(100_000).fill(1)), 'servers[0].ran[0]: must be a string'],
    ['a huge array of objects as notes', (s) => (s.notes = new Array(100_000).fill({})), 'servers[0].notes[0]: must be a string'],
    [
      'a tool with negative parameters',
      (s) => (s.tools[0].parameters = -1),
      'servers[0].tools[0].parameters: must be a whole number, 0 or more',
    ],
    ['an exposed tool without a location', (s) => (s.exposedTools = [{ name: 'a' }]), 'servers[0].exposedTools[0].location: is missing'],
    ['a server that is null', (_s, r) => (r.servers = [null]), 'servers[0]: must be an object'],
    ['a tool version that is a number', (_s, r) => (r.tool.version = 1), 'tool.version: must be a string'],
    [
      'a stale baseline entry that is a string',
      (_s, r) => (r.baseline = { file: 'b', entries: 1, matched: 0, stale: ['x'] }),
      'baseline.stale[0]: must be an object',
    ],
    ['a skipped server without a reason', (_s, r) => (r.skippedServers = [{ name: 'a' }]), 'skippedServers[0].reason: is missing'],
  ];

  it.each(cases)('%s', (_name, tamper, problem) => {
    const text = JSON.stringify(tampered(tamper));
    expect(() => checkJsonReport(JSON.parse(text))).toThrow(problem);
    expect(refusal(text)).toBe(`merge t.json: ${problem}`);
  });

  it('a deep nest where a string belongs is refused; one in a field merge does not read is dropped', () => {
    const text = JSON.stringify(honest());
    const nestedName = text.replace(
      /"subject": ?\{"kind": ?"tool", ?"name": ?"[^"]*"/,
      `"subject":{"kind":"tool","name":${deepArray(100_000)}`,
    );
    expect(nestedName).not.toBe(text);
    expect(refusal(nestedName)).toBe('merge t.json: servers[0].findings[0].subject.name: must be a string');
    const nestedExtra = text.replace('"ruleScores":', `"extra":${deepArray(100_000)},"ruleScores":`);
    expect(nestedExtra).not.toBe(text);
    const merged = json(mergeReports([['t.json', nestedExtra]], { rules, settings }), context);
    expect(merged).not.toContain('"extra"');
  });

  it('a __proto__ key is data: it supplies no missing field and is not carried into the merge', () => {
    const report = honest();
    const finding = report.servers[0].findings[0];
    delete finding.level;
    const text = JSON.stringify(report).replace(
      `"fingerprint":"${finding.fingerprint}"`,
      `"fingerprint":"${finding.fingerprint}","__proto__":{"level":"error"}`,
    );
    expect(text).toContain('__proto__');
    expect(refusal(text)).toBe('merge t.json: servers[0].findings[0].level: is missing');
    const extra = JSON.stringify(honest()).replace('"label":', '"__proto__":{"polluted":true},"label":');
    const merged = mergeReports([['t.json', extra]], { rules, settings });
    expect(Object.hasOwn(merged.servers[0]!, '__proto__')).toBe(false);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('the same server in two shards', () => {
  it('is refused, naming the server and both files', () => {
    const label = honest().servers[0].label as string;
    expect(() =>
      mergeReports(
        [
          ['shard-1.json', honestText],
          ['shard-2.json', honestText],
        ],
        { rules, settings },
      ),
    ).toThrow(`merge: server ${label} is in both shard-1.json and shard-2.json (the same shard given twice?)`);
  });

  it('is refused by the CLI in one line, exit 2', async () => {
    const first = join(dir, 'shard-1.json');
    const again = join(dir, 'shard-1-again.json');
    writeFileSync(first, honestText);
    copyFileSync(first, again);
    const r = await runCli(['merge', first, again]);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toContain(`is in both ${first} and ${again}`);
  }, 60_000);
});

describe('tampered shards through the CLI', () => {
  it('end in one line naming the file and the field, exit 2', async () => {
    const shapes: [string, (s: Record<string, any>) => void, string][] = [
      ['level.json', (s) => (s.findings[0].level = 'fatal'), 'servers[0].findings[0].level: must be one of error, warning, note'],
      ['subject.json', (s) => (s.findings[0].subject = 'tool'), 'servers[0].findings[0].subject: must be an object'],
      ['stats.json', (s) => delete s.stats, 'servers[0].stats: is missing'],
    ];
    for (const [name, tamper, problem] of shapes) {
      const file = join(dir, name);
      writeFileSync(file, JSON.stringify(tampered(tamper)));
      const r = await runCli(['merge', file]);
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toBe(`mcplint: merge ${file}: ${problem}\n`);
    }
  }, 120_000);
});

describe('a rule id from a report', () => {
  const hostileId = '<script>alert(1)</script><img src=x onerror=alert(1)>](javascript:alert(1))';

  it('that is no rule gets no docs link, in Markdown and HTML, and its markup stays inert', () => {
    // A copy of the first finding under the hostile id, so the known rule's link can be checked too.
    const report = tampered((s) => s.findings.push({ ...s.findings[0], ruleId: hostileId, fingerprint: 'tampered' }));
    const knownId = report.servers[0].findings[0].ruleId as string;
    const merged = mergeReports([['t.json', JSON.stringify(report)]], { rules, settings });
    const md = markdown(merged, context);
    expect(md).not.toContain(docsUrl(hostileId));
    // Only ever inside a code span, where Markdown reads no markup and no link.
    expect(md.split(hostileId).length).toBeGreaterThan(1);
    expect(md.split(hostileId).length).toBe(md.split(`\`${hostileId}\``).length);
    expect(md).toContain(docsUrl(knownId));
    const page = htmlReport(merged, context);
    expect(page).not.toContain(escapeHtml(docsUrl(hostileId)));
    expect(page).not.toContain('<script>alert');
    expect(page).not.toContain('<img src=x');
    expect(page).toContain(escapeHtml(docsUrl(knownId)));
  });
});

describe('the reports of one merge are capped in total', () => {
  it('refuses reports whose sizes add up past the cap, before reading any', () => {
    const a = join(dir, 'cap-a.json');
    const b = join(dir, 'cap-b.json');
    writeFileSync(a, 'x'.repeat(80));
    writeFileSync(b, 'x'.repeat(80));
    const files = [
      { label: 'cap-a.json', path: a },
      { label: 'cap-b.json', path: b },
    ];
    expect(readMergeInputs(files, 160)).toEqual([
      ['cap-a.json', 'x'.repeat(80)],
      ['cap-b.json', 'x'.repeat(80)],
    ]);
    expect(() => readMergeInputs(files, 159)).toThrow(/the 2 reports add up to more than .* \(160 bytes\); merge fewer shards at once/);
  });

  it('through the CLI: three sparse 100 MiB reports are one line, exit 2, no crash', async () => {
    const files = ['big-1.json', 'big-2.json', 'big-3.json'].map((name) => join(dir, name));
    for (const file of files) {
      writeFileSync(file, '');
      truncateSync(file, 100 * 1024 * 1024);
    }
    const r = await runCli(['merge', ...files]);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toContain('merge fewer shards at once');
  }, 60_000);
});

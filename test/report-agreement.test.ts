/**
 * One report, every format: text, JSON, SARIF, Markdown, HTML, GitHub, GitLab, JUnit and the
 * checklist rendered from one server with server-wide and per-tool findings
 * (test/helpers/mixed-report.ts), and every count, cell, score and path compared across them. A
 * server-wide finding that names 24 of 26 tools must read "24 of 26" everywhere, fail exactly those
 * tools' cells and scores, relate their registration lines in SARIF, and be placed where every
 * other format places it.
 */
import type { Log, Result } from 'sarif';
import { beforeAll, describe, expect, it } from 'vitest';
import { rules } from '../rules/index.js';
import type { Location } from '../src/locate/locate.js';
import type { RepositoryPlaces } from '../src/locate/repository-places.js';
import { formatters } from '../src/report/formatters/index.js';
import type { FormatContext } from '../src/report/formatters/types.js';
import { gate } from '../src/report/gate.js';
import type { LintReport, ServerReport } from '../src/report/report.js';
import { KEBAB_TOOLS, mixedServerReport, REGISTERED_TOOLS } from './helpers/mixed-report.js';
import { lintReport } from './helpers/report.js';

type FormatName = keyof typeof formatters;

/** Places as a repository would give them: a finding's own file, else the README (as a stand-in). */
const places: RepositoryPlaces = {
  rootUri: 'file:///repo/',
  place: (location: Location | undefined) =>
    location && location.anchor !== 'target'
      ? {
          uri: location.uri,
          startLine: location.startLine,
          ...(location.startColumn ? { startColumn: location.startColumn } : {}),
          anchor: location.anchor,
        }
      : { uri: 'README.md', startLine: 1, anchor: 'anchor-file' },
};

let report: LintReport;
let server: ServerReport;
const out = {} as Record<FormatName, string>;

beforeAll(async () => {
  report = lintReport(mixedServerReport());
  server = report.servers[0]!;
  const context: FormatContext = {
    rules,
    color: false,
    repositoryPlaces: places,
    timestamp: new Date('2026-12-01T10:00:00Z'),
    gate: gate(report, {}),
  };
  for (const name of Object.keys(formatters) as FormatName[]) out[name] = (await formatters[name]())(report, context);
});

const json = () => JSON.parse(out.json) as { servers: JsonServer[]; summary: Record<string, number> };
const sarifLog = () => JSON.parse(out.sarif) as Log;
const results = (): Result[] => sarifLog().runs[0]!.results!;

interface JsonServer {
  score: number;
  grade: string;
  counts: Record<string, number>;
  ruleScores: { rule: string; applicable: number; failing: number }[];
  tools: { name: string; score: number; counts: Record<string, number> }[];
  findings: { ruleId: string; tools?: string[]; evidence?: string }[];
}

/** The HTML matrix as rows of cells: tool name → category → status. */
function htmlMatrix(html: string): Map<string, Map<string, string>> {
  const table = html.slice(html.indexOf('<div class="matrix">'), html.indexOf('</table></div>'));
  // The header: "tool", "score", then one column per category.
  const categories = [...table.slice(0, table.indexOf('</tr>')).matchAll(/<th>([a-z]+)<\/th>/g)].map((m) => m[1]!).slice(2);
  const rows = new Map<string, Map<string, string>>();
  for (const row of table.matchAll(
    /<tr><th>(?:<code>([^<]*)<\/code>|<span[^>]*>[^<]*<\/span>)<\/th><td class="num">[^<]*<\/td>(.*?)<\/tr>/g,
  )) {
    const cells = [...row[2]!.matchAll(/<td class="c-([a-z]+)"/g)].map((m) => m[1]!);
    rows.set(row[1] ?? 'server', new Map(categories.map((c, i) => [c, cells[i]!])));
  }
  return rows;
}

describe('one report, every format agrees', () => {
  it('the server has what the test needs: an error, server-wide warnings naming tools, a per-tool warning, a note on every tool', () => {
    expect(server.counts).toEqual({ error: 1, warning: 3, note: 1 });
    const snake = server.findings.find((f) => f.ruleId === 'tool-name-snake-case')!;
    expect(snake.subject).toEqual({ kind: 'server' });
    expect(snake.tools).toHaveLength(KEBAB_TOOLS);
  });

  it('counts: the same errors, warnings and notes in every format', () => {
    const { error, warning, note } = server.counts;
    const total = error + warning + note;
    expect(out.text).toContain(`✖ ${total} problems (${error} error, ${warning} warnings, ${note} note) · score`);
    expect(json().servers[0]!.counts).toEqual(server.counts);
    expect(sarifLog().runs[0]!.properties?.counts).toEqual(server.counts);
    expect(results()).toHaveLength(total);
    expect(out.markdown).toContain(`| ${error} | ${warning} | ${note} | 0 | ${server.skipped.length} |`);
    expect(out.html).toContain(`<span>${error} error · ${warning} warnings · ${note} note</span>`);
    expect(out.github).toContain(`mcplint: ${error} error, ${warning} warnings, ${note} note · score`);
    expect(out.github.split('\n').filter((l) => l.startsWith('::'))).toHaveLength(total);
    const issues = JSON.parse(out.gitlab) as { severity: string }[];
    expect(issues.map((i) => i.severity).sort()).toEqual(['info', 'major', 'minor', 'minor', 'minor']);
    expect(out.junit).toMatch(new RegExp(`failures="${error}"`));
  });

  it('score and grade: the same number everywhere', () => {
    const { score, grade } = server.score;
    expect(out.text).toContain(`score ${score}/100 (${grade})`);
    expect(json().servers[0]).toMatchObject({ score, grade });
    expect(sarifLog().runs[0]!.properties).toMatchObject({ score, grade });
    expect(out.markdown).toContain(`**Score ${score}/100 (${grade})**`);
    expect(out.html).toContain(`<span class="score">${score}/100</span>`);
    expect(out.github).toContain(`score ${score}/100 (${grade})`);
    expect(out.junit).toContain(`<property name="score" value="${score}"/>`);
  });

  it('a server-wide finding fails the tools it names, no more: 24 of 26 in the message, the JSON, Top fixes and per tool', () => {
    const doc = json().servers[0]!;
    expect(out.text).toContain(`${KEBAB_TOOLS} of 26 tools are not snake_case`);
    expect(doc.ruleScores.find((r) => r.rule === 'tool-name-snake-case')).toMatchObject({ applicable: 26, failing: KEBAB_TOOLS });
    expect(doc.ruleScores.find((r) => r.rule === 'input-schema-strict')).toMatchObject({ applicable: 26, failing: 25 });
    // Top fixes read the same verdicts, in text, Markdown and HTML.
    expect(out.text).toMatch(new RegExp(`tool-name-snake-case +${KEBAB_TOOLS} of 26 tools`));
    expect(out.markdown).toMatch(new RegExp(`tool-name-snake-case\\S*\\) \\| ${KEBAB_TOOLS} of 26 tools`));
    expect(out.html).toMatch(new RegExp(`<code>tool-name-snake-case</code></a></td><td>${KEBAB_TOOLS} of 26 tools</td>`));
    expect(out.text).toMatch(/input-schema-strict +25 of 26 tools/);
    // Per tool: the named tools count the server-wide warning and score lower; the others do not.
    const tool = (name: string) => doc.tools.find((t) => t.name === name)!;
    expect(tool('bookstore-get-book-01').counts).toEqual({ error: 0, warning: 2, note: 1 });
    expect(tool('bookstore_get_stock').counts).toEqual({ error: 0, warning: 0, note: 1 });
    expect(tool('bookstore-get-book-01').score).toBeLessThan(tool('bookstore_get_stock').score);
  });

  it('HTML matrix cells are the same verdicts: named tools fail naming and schema, the others pass', () => {
    const matrix = htmlMatrix(out.html);
    expect(matrix.size).toBe(27);
    for (let i = 1; i <= KEBAB_TOOLS; i++) {
      const row = matrix.get(`bookstore-get-book-${String(i).padStart(2, '0')}`)!;
      expect(row.get('naming')).toBe('warning');
      expect(row.get('schema')).toBe('warning');
    }
    expect(matrix.get('bookstore_get_shelf')!.get('naming')).toBe('pass');
    expect(matrix.get('bookstore_get_shelf')!.get('schema')).toBe('warning');
    expect(matrix.get('bookstore_get_stock')!.get('naming')).toBe('pass');
    expect(matrix.get('bookstore_get_stock')!.get('schema')).toBe('pass');
    // The surface scanners judge every tool's texts: security is a verdict, not "not checked".
    expect(matrix.get('bookstore_get_stock')!.get('security')).toBe('pass');
    // The note about the whole server (no response limit) fails every tool, as its 26 of 26 says.
    for (const row of [...matrix].filter(([name]) => name !== 'server')) expect(row[1].get('source')).toBe('note');
  });

  it('the checklist fails the items whose rules fail, counting what the verdicts count', () => {
    expect(out.checklist).toMatch(/✗ All tools have descriptive names and documentation {2}\(.*tool-name-snake-case ×1/);
    expect(out.checklist).toMatch(/✗ Input validation with Pydantic\/Zod models.*input-schema-strict ×1/);
    expect(out.html).toContain('data-item="descriptive-names-and-docs" data-status="fail"');
  });

  it('paths: every format that carries one puts a finding where SARIF does', () => {
    const sarifPlace = new Map(
      results().map((r) => {
        const p = r.locations![0]!.physicalLocation!;
        return [`${r.ruleId}`, `${p.artifactLocation!.uri}:${p.region!.startLine}`];
      }),
    );
    expect(sarifPlace.get('source-stdout-write')).toBe('src/server.ts:5');
    const github = new Map(
      out.github.split('\n').flatMap((l) => {
        const m = /^::\w+ file=([^,]+),line=(\d+).*?title=mcplint ([\w-]+)::/.exec(l);
        return m ? [[m[3]!, `${m[1]}:${m[2]}`] as const] : [];
      }),
    );
    expect(github).toEqual(sarifPlace);
    const gitlab = new Map(
      (JSON.parse(out.gitlab) as { check_name: string; location: { path: string; lines: { begin: number } } }[]).map((i) => [
        i.check_name,
        `${i.location.path}:${i.location.lines.begin}`,
      ]),
    );
    expect(gitlab).toEqual(sarifPlace);
    // JUnit names the place of its failing case; Markdown the source line of a source-anchored finding.
    expect(out.junit).toContain(`(${sarifPlace.get('source-stdout-write')})`);
    expect(out.markdown).toContain(`\`${sarifPlace.get('source-stdout-write')}\``);
  });

  it('SARIF relates a server-wide finding to every registration line the source index knows', () => {
    const snake = results().find((r) => r.ruleId === 'tool-name-snake-case')!;
    const related = snake.relatedLocations!.map(
      (l) => `${l.physicalLocation!.artifactLocation!.uri}:${l.physicalLocation!.region!.startLine}`,
    );
    expect(related).toEqual(Array.from({ length: REGISTERED_TOOLS }, (_, i) => `src/tools.ts:${10 + i}`));
    expect(snake.relatedLocations![0]!.message?.text).toBe('tool bookstore-get-book-01');
    // Per-tool findings relate nothing.
    expect(results().find((r) => r.ruleId === 'tool-description-present')!.relatedLocations).toBeUndefined();
  });

  it('evidence: the same names and the same "… and 4 more" in every format', () => {
    const names = (n: number) => Array.from({ length: n }, (_, i) => `bookstore-get-book-${String(i + 1).padStart(2, '0')}`);
    const shown = [...names(20), '… and 4 more'];
    expect(json().servers[0]!.findings.find((f) => f.ruleId === 'tool-name-snake-case')!.evidence).toBe(shown.join('\n'));
    const textBlock = out.text.slice(out.text.indexOf('are not snake_case'));
    expect(textBlock).toContain(shown.map((l) => `│ ${l}`).join('\n             '));
    const sarifText = results().find((r) => r.ruleId === 'tool-name-snake-case')!.message.text!;
    expect(sarifText).toContain(`Evidence: ${shown.join(' ')}`);
    expect(out.markdown).toContain(shown.join('<br>'));
    expect(out.html).toContain(`<pre>${shown.join('\n')}</pre>`);
    expect(out.github).toContain(`Evidence: ${shown.join('%0A')}`);
  });

  it('errors first in every listing', () => {
    const firstFinding = out.text.split('\n').find((l) => /^ {4}(error|warning|note) /.test(l))!;
    expect(firstFinding).toMatch(/^ {4}error /);
    expect(
      out.markdown.split('\n').find((l) => l.startsWith('| transport') || l.startsWith('| server') || l.startsWith('| tool')),
    ).toContain('**error**');
    expect(out.github.split('\n')[0]).toMatch(/^::error /);
    const findingsSection = out.html.slice(out.html.indexOf('<h3>Findings</h3>'));
    expect(/class="level-(\w+)"/.exec(findingsSection)![1]).toBe('error');
  });
});

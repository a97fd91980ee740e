/** The command line as users meet it: real processes, real fixture servers, exit codes. */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixturePath } from './helpers/capture.js';
import { runCli } from './helpers/cli.js';

const node = process.execPath;
const scratch = () => mkdtempSync(join(tmpdir(), 'mcplint-cli-'));

describe.concurrent('mcplint CLI', () => {
  it('prints a clean report of the exemplary server and exits 0', async () => {
    const r = await runCli(['--', node, fixturePath('exemplary-server/server.mjs')]);
    expect(r.stderr).toBe('');
    expect(r.stdout).toContain('notes-mcp-server 1.0.0');
    expect(r.stdout).toContain('✔ no problems');
    expect(r.stdout).toContain('score 100/100 (A)');
    expect(r.code).toBe(0);
  });

  it('reports a defect with evidence and exits 1', async () => {
    const r = await runCli(['--', node, fixturePath('rules/tool-annotations-present/bad.mjs')]);
    expect(r.stdout).toContain('tool "bookstore_search_books"');
    expect(r.stdout).toContain('has no annotations');
    expect(r.stdout).toContain('tool-annotations-present');
    // A warning alone does not fail the run…
    expect(r.code).toBe(0);
    // …unless --max-warnings says so.
    const strict = await runCli(['--max-warnings', '0', '--', node, fixturePath('rules/tool-annotations-present/bad.mjs')]);
    expect(strict.code).toBe(1);
    expect(strict.stderr).toContain('1 warning exceeds --max-warnings 0');
  });

  it('raises a rule to error with --rule and then exits 1', async () => {
    const r = await runCli(['--rule', 'tool-annotations-present=error', '--', node, fixturePath('rules/tool-annotations-present/bad.mjs')]);
    expect(r.stdout).toMatch(/error\s+Tool "bookstore_search_books" has no annotations/);
    expect(r.code).toBe(1);
  });

  it('writes JSON that parses, with located findings', async () => {
    const r = await runCli(['--format', 'json', '--', node, fixturePath('rules/tool-annotations-present/bad.mjs')]);
    const doc = JSON.parse(r.stdout);
    expect(doc.formatVersion).toBe(1);
    const finding = doc.servers[0].findings.find((f: { ruleId: string }) => f.ruleId === 'tool-annotations-present');
    expect(finding.subject).toEqual({ kind: 'tool', name: 'bookstore_search_books' });
    expect(finding.location.uri).toBe('fixtures/rules/tool-annotations-present/bad.mjs');
    expect(finding.fingerprint).toMatch(/^[0-9a-f]{32}$/);
  });

  it('saves a capture and re-lints it offline with the same findings', async () => {
    const dir = scratch();
    const capturePath = join(dir, 'capture.json');
    const live = await runCli([
      '--format',
      'json',
      '--save-capture',
      capturePath,
      '--',
      node,
      fixturePath('rules/tool-annotations-present/bad.mjs'),
    ]);
    const saved = JSON.parse(readFileSync(capturePath, 'utf8'));
    expect(saved.captureVersion).toBe(1);
    const offline = await runCli(['--format', 'json', '--from', capturePath]);
    const strip = (out: string) =>
      JSON.parse(out).servers[0].findings.map((f: { fingerprint: string; message: string }) => [f.fingerprint, f.message]);
    expect(strip(offline.stdout)).toEqual(strip(live.stdout));
  });

  it('writes the report to --output and nothing to stdout', async () => {
    const out = join(scratch(), 'report.txt');
    const r = await runCli(['--output', out, '--', node, fixturePath('clean-server.mjs')]);
    expect(r.stdout).toBe('');
    expect(readFileSync(out, 'utf8')).toContain('bookstore-mcp-server 1.0.0');
  });

  describe('bad input: one clear line, exit 2', () => {
    const cases: [string, string[], RegExp, (dir: string) => void][] = [
      ['no target', [], /no server to lint/, () => {}],
      [
        'unknown rule in config',
        [],
        /rules\.no-such-rule: unknown rule "no-such-rule"/,
        (d) => writeFileSync(join(d, 'mcplint.config.json'), '{"rules":{"no-such-rule":"off"}}'),
      ],
      ['malformed config', [], /\.mcplintrc\.json:1:\d+: not valid JSON/, (d) => writeFileSync(join(d, '.mcplintrc.json'), '{"rules": ')],
      [
        'bad level in config',
        [],
        /rules\.tool-name-verb/,
        (d) => writeFileSync(join(d, 'mcplint.config.json'), '{"rules":{"tool-name-verb":"loud"}}'),
      ],
      ['unreadable --from', ['--from', 'missing.json'], /--from .*missing\.json: cannot read the file/, () => {}],
      [
        '--from that is not a capture',
        ['--from', 'x.json'],
        /not an mcplint capture/,
        (d) => writeFileSync(join(d, 'x.json'), '{"hello":1}'),
      ],
      ['unknown --rule', ['--rule', 'nope=off', '--', node, 'x.mjs'], /--rule nope=off: unknown rule "nope"/, () => {}],
      ['unknown option', ['--frobnicate'], /^mcplint: unknown option --frobnicate; mcplint --help lists them$/m, () => {}],
    ];
    for (const [name, args, message, setup] of cases) {
      it(name, async () => {
        const dir = scratch();
        setup(dir);
        const r = await runCli(args, { cwd: dir });
        expect(r.stderr).toMatch(message);
        expect(r.stderr.trim().split('\n')[0]).toMatch(/^mcplint: /);
        expect(r.stdout).toBe('');
        expect(r.code).toBe(2);
      });
    }
  });

  it('lists rules and explains one', async () => {
    const list = await runCli(['rules']);
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(/tool-annotations-present\s+warning\s+\[~\]\s+Every tool declares annotations/);
    const explain = await runCli(['explain', 'tool-annotations-present']);
    expect(explain.code).toBe(0);
    expect(explain.stdout).toContain('Why');
    expect(explain.stdout).toContain('Default level: warning');
    const unknown = await runCli(['explain', 'nope']);
    expect(unknown.code).toBe(2);
  });

  it('prints its version fast and without loading the rules', async () => {
    const r = await runCli(['--version']);
    expect(r.stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
    expect(r.code).toBe(0);
  });
});

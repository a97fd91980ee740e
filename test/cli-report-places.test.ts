/**
 * Through the CLI, as in CI: a server outside the repository (an `.mcp.json` entry launching a
 * package from node_modules elsewhere) is placed on the config entry's line in every format that
 * carries a path, never on `../…/node_modules/…`; a SARIF file of more runs than GitHub accepts, and
 * two outputs to one path, are refused with one line and exit 2 instead of losing a report.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Log } from 'sarif';
import { beforeAll, describe, expect, it } from 'vitest';
import { cleanTools } from '../fixtures/lib/raw-server.mjs';
import { ROOT } from './helpers/capture.js';
import { runCli } from './helpers/cli.js';

const SLOW = 120_000;

describe('a server outside the repository, in every format with paths', () => {
  let repo: string;
  let files: Record<'sarif' | 'github' | 'gitlab' | 'junit' | 'markdown', string>;
  let code: number | null;

  beforeAll(async () => {
    const base = mkdtempSync(join(tmpdir(), 'mcplint-places-'));
    // The package, as npx would leave it: outside the checkout, in a node_modules folder.
    const pkg = join(base, 'cache', 'node_modules', 'bookstore-mcp-server');
    cpSync(join(ROOT, 'fixtures', 'lib'), join(pkg, 'lib'), { recursive: true });
    const source = readFileSync(join(ROOT, 'fixtures', 'rules', 'tool-name-snake-case', 'bad.mjs'), 'utf8');
    writeFileSync(join(pkg, 'server.mjs'), source.replace('../../lib/', './lib/'));
    writeFileSync(join(pkg, 'package.json'), JSON.stringify({ name: 'bookstore-mcp-server', type: 'module', bin: 'server.mjs' }, null, 2));
    repo = join(base, 'repo');
    mkdirSync(repo);
    spawnSync('git', ['init', '-q'], { cwd: repo });
    const entry = { command: process.execPath, args: [join(pkg, 'server.mjs')] };
    writeFileSync(join(repo, '.mcp.json'), `{\n  "mcpServers": {\n    "books": ${JSON.stringify(entry)}\n  }\n}\n`);
    const out = (ext: string) => join(repo, 'out', `report.${ext}`);
    files = { sarif: out('sarif'), github: out('github.txt'), gitlab: out('gitlab.json'), junit: out('junit.xml'), markdown: out('md') };
    const r = await runCli(
      [
        '--config-file',
        '.mcp.json',
        '--no-probes',
        '--fail-on',
        'warning',
        '--format',
        'sarif',
        '--output',
        files.sarif,
        ...(['github', 'gitlab', 'junit', 'markdown'] as const).flatMap((f) => ['--report', `${f}=${files[f]}`]),
      ],
      { cwd: repo, timeoutMs: SLOW },
    );
    code = r.code;
    expect(r.stderr).not.toContain('internal error');
  }, SLOW);

  const read = (format: keyof typeof files) => readFileSync(files[format], 'utf8');

  it('SARIF: on the entry line of .mcp.json', () => {
    expect(code).toBe(1);
    const result = (JSON.parse(read('sarif')) as Log).runs[0]!.results!.find((r) => r.ruleId === 'tool-name-snake-case')!;
    const place = result.locations![0]!.physicalLocation!;
    expect(`${place.artifactLocation!.uri}:${place.region!.startLine}`).toBe('.mcp.json:3');
  });

  it('GitHub annotations: the same file and line (they were ../…/node_modules/…)', () => {
    const annotation = read('github')
      .split('\n')
      .find((l) => l.includes('title=mcplint tool-name-snake-case'))!;
    expect(annotation).toMatch(/^::warning file=\.mcp\.json,line=3,/);
    expect(annotation).toContain('(Target: ');
  });

  it('GitLab Code Quality: location.path is the config entry', () => {
    const issue = (JSON.parse(read('gitlab')) as { check_name: string; location: { path: string; lines: { begin: number } } }[]).find(
      (i) => i.check_name === 'tool-name-snake-case',
    )!;
    expect(issue.location).toEqual({ path: '.mcp.json', lines: { begin: 3 } });
  });

  it('JUnit: the failing case names the same place', () => {
    expect(read('junit')).toContain('(.mcp.json:3)');
  });

  it('no format names a path outside the repository or in node_modules', () => {
    for (const format of Object.keys(files) as (keyof typeof files)[]) {
      const body = read(format);
      // Only the target itself (the command line the stand-in names) may mention the package's folder.
      const paths =
        format === 'sarif' ? JSON.stringify((JSON.parse(body) as Log).runs.map((r) => r.results?.map((x) => x.locations))) : body;
      expect(paths, format).not.toMatch(/(^|[\s"'(=,])\.\.\//);
      if (format !== 'github' && format !== 'gitlab' && format !== 'junit') expect(paths, format).not.toContain('node_modules');
    }
  });
});

describe('refused before a report is lost', () => {
  it(
    'a SARIF file of more runs than GitHub accepts: one line saying how to shard, exit 2, no file',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'mcplint-runs-'));
      // A tools.json of 22 servers: 22 runs, two more than GitHub takes.
      const listing = Object.fromEntries(Array.from({ length: 22 }, (_, i) => [`server-${i + 1}`, [cleanTools()[0]]]));
      writeFileSync(join(dir, 'tools.json'), JSON.stringify(listing));
      const out = join(dir, 'report.sarif');
      const r = await runCli(['--from', join(dir, 'tools.json'), '--format', 'sarif', '--output', out], { cwd: dir, timeoutMs: SLOW });
      expect(r.code).toBe(2);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toContain('22 servers make 22 runs, and GitHub code scanning rejects a file of more than 20');
      expect(r.stderr).toContain('--shard 1/2 --shard 2/2');
      expect(existsSync(out)).toBe(false);
    },
    SLOW,
  );

  it('two outputs to one path: one line naming both, exit 2, before anything is linted', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcplint-same-'));
    const r = await runCli(['-o', 'same.json', '--report', 'sarif=same.json', '--', process.execPath, join(dir, 'never-started.mjs')], {
      cwd: dir,
    });
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toBe(
      'mcplint: --output same.json and --report sarif=same.json would write the same file; give each its own path',
    );
    expect(existsSync(join(dir, 'same.json'))).toBe(false);
  });
});

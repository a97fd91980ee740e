/**
 * SARIF through the CLI lands only on files GitHub can show: existing, inside the
 * repository (this checkout's git root), repository-relative under %SRCROOT%, never `../`, never in
 * node_modules or an ignored path — for a --url server, a server outside the repository and one in
 * node_modules — and the file stays small enough to upload.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Log, Result } from 'sarif';
import { describe, expect, it } from 'vitest';
import { ROOT } from './helpers/capture.js';
import { runCli } from './helpers/cli.js';
import { assertGitHubIngestible, assertValidSarif } from './helpers/github-sarif.js';
import { startHttpFixture } from './helpers/targets.js';

const node = process.execPath;
const SLOW = 90_000;
const EVERYTHING = join(ROOT, 'node_modules', '@modelcontextprotocol', 'server-everything', 'dist', 'index.js');

/** Parse, validate, and list every problem with a result's file (empty when all are fine). */
function misplaced(stdout: string): { log: Log; problems: string[] } {
  const log = JSON.parse(stdout) as Log;
  assertValidSarif(log);
  assertGitHubIngestible(log);
  const problems: string[] = [];
  for (const run of log.runs) {
    if (run.originalUriBaseIds?.['%SRCROOT%']?.uri !== `${pathToFileURL(ROOT).href}/`)
      problems.push(`run root ${JSON.stringify(run.originalUriBaseIds)}`);
    for (const result of run.results ?? []) {
      const artifact = result.locations![0]!.physicalLocation!.artifactLocation!;
      const uri = artifact.uri!;
      const bad = (why: string) => problems.push(`${result.ruleId} at ${uri}: ${why}`);
      if (artifact.uriBaseId !== '%SRCROOT%') bad('not under %SRCROOT%');
      if (uri.split('/').some((s) => s === '..' || s === 'node_modules')) bad('outside the repository or in node_modules');
      if (!isFile(join(ROOT, uri))) bad('no such file');
      else if (spawnSync('git', ['check-ignore', '-q', '--', uri], { cwd: ROOT }).status === 0) bad('git-ignored');
    }
  }
  return { log, problems };
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

const results = (log: Log): Result[] => log.runs.flatMap((r) => r.results ?? []);

describe('SARIF locations are files of the repository', () => {
  it(
    'a --url server: results stand in on README.md and name the URL; --sarif-anchor picks the file',
    async () => {
      const server = await startHttpFixture('http/misbehaving-server.mjs');
      try {
        const plain = await runCli(['--no-probes', '--format', 'sarif', '--url', server.url], { timeoutMs: SLOW });
        const { log, problems } = misplaced(plain.stdout);
        expect(problems).toEqual([]);
        expect(results(log).length).toBeGreaterThan(0);
        for (const r of results(log)) {
          expect(r.locations![0]!.physicalLocation!.artifactLocation!.uri).toBe('README.md');
          expect(r.message.text).toContain(`(Target: ${server.url}.)`);
          expect(r.properties?.target).toBe(server.url);
        }
        const anchored = await runCli(['--no-probes', '--format', 'sarif', '--sarif-anchor', 'CONTRIBUTING.md', '--url', server.url], {
          timeoutMs: SLOW,
        });
        expect(misplaced(anchored.stdout).problems).toEqual([]);
        expect(
          new Set(results(JSON.parse(anchored.stdout) as Log).map((r) => r.locations![0]!.physicalLocation!.artifactLocation!.uri)),
        ).toEqual(new Set(['CONTRIBUTING.md']));
        const missing = await runCli(['--no-probes', '--format', 'sarif', '--sarif-anchor', 'no/such.md', '--url', server.url], {
          timeoutMs: SLOW,
        });
        expect(missing.code).toBe(2);
        expect(missing.stderr).toContain('--sarif-anchor no/such.md is not an existing, non-ignored file of the repository');
      } finally {
        await server.stop();
      }
    },
    SLOW,
  );

  it(
    "a server outside the repository: no ../ paths; the server's real place is in properties",
    async () => {
      const outside = mkdtempSync(join(tmpdir(), 'mcplint-outside-'));
      cpSync(join(ROOT, 'fixtures', 'lib'), join(outside, 'fixtures', 'lib'), { recursive: true });
      cpSync(join(ROOT, 'fixtures', 'rules', 'tool-annotations-present'), join(outside, 'fixtures', 'rules', 'tool-annotations-present'), {
        recursive: true,
      });
      writeFileSync(join(outside, 'package.json'), JSON.stringify({ name: 'bookstore-mcp-server', type: 'module' }, null, 2));
      const script = join(outside, 'fixtures', 'rules', 'tool-annotations-present', 'bad.mjs');
      const r = await runCli(['--no-probes', '--format', 'sarif', '--', node, script], { timeoutMs: SLOW });
      const { log, problems } = misplaced(r.stdout);
      expect(problems).toEqual([]);
      const annotations = results(log).find((x) => x.ruleId === 'tool-annotations-present')!;
      expect(annotations.properties?.foundAt).toMatch(/\.\.\/.*bad\.mjs:1$/);
      expect(annotations.properties?.target).toBe(`${node} ${script}`);
    },
    SLOW,
  );

  it(
    'server-everything in node_modules: nothing points into node_modules, and the file stays under 150 KB',
    async () => {
      const r = await runCli(['--format', 'sarif', '--', node, EVERYTHING, 'stdio'], { timeoutMs: SLOW });
      const { log, problems } = misplaced(r.stdout);
      expect(problems).toEqual([]);
      expect(Buffer.byteLength(r.stdout)).toBeLessThan(150 * 1024);
      // Every rule is described with a link; the full Markdown help only for rules with results.
      const run = log.runs[0]!;
      const withResults = new Set(results(log).map((x) => x.ruleId));
      for (const rule of run.tool.driver.rules!) {
        expect(rule.helpUri).toContain(`/rules/${rule.id}.md`);
        expect(rule.shortDescription?.text.length).toBeGreaterThan(0);
        expect(rule.help?.markdown !== undefined).toBe(withResults.has(rule.id));
      }
    },
    SLOW,
  );

  it(
    'source findings land on the fact: the stdout write and the throw, in SARIF too',
    async () => {
      const r = await runCli(['--no-probes', '--format', 'sarif', '--', node, 'fixtures/source-lowlevel/server.mjs'], { timeoutMs: SLOW });
      const { log, problems } = misplaced(r.stdout);
      expect(problems).toEqual([]);
      const at = (id: string) => {
        const p = results(log).find((x) => x.ruleId === id)!.locations![0]!.physicalLocation!;
        return `${p.artifactLocation!.uri}:${p.region!.startLine}`;
      };
      expect(at('source-stdout-write')).toBe('fixtures/source-lowlevel/server.mjs:84');
      expect(at('source-handler-throws')).toBe('fixtures/source-lowlevel/server.mjs:74');
    },
    SLOW,
  );
});

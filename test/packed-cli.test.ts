/**
 * `mcplint --packed` on a plain target (a `node` script of a project), through the built CLI: the
 * npm package the script belongs to is checked as npm would publish it (docs/packed.md), and with
 * --packed=install the package is packed, installed into a temporary folder and its installed bin
 * linted. The installable fixture has no dependencies, so the install needs no network.
 */
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from './helpers/cli.js';

interface JsonReport {
  readonly servers: readonly {
    readonly findings: readonly {
      readonly ruleId: string;
      readonly messageId: string;
      readonly location: { readonly uri: string; readonly startLine: number };
    }[];
    readonly notes: readonly string[];
  }[];
}

const rule = 'fixtures/rules/packed-package-files';
const installable = 'fixtures/packed/installable';
const scratch = mkdtempSync(join(tmpdir(), 'mcplint-packed-cli-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

async function lintJson(args: string[], env?: Record<string, string>): Promise<{ code: number | null; report: JsonReport }> {
  const result = await runCli(['--format', 'json', ...args], env ? { env } : {});
  expect(result.stderr).toBe('');
  return { code: result.code, report: JSON.parse(result.stdout) as JsonReport };
}
const places = (report: JsonReport) =>
  report.servers[0]!.findings.map((f) => `${f.ruleId} ${f.messageId} ${f.location.uri}:${f.location.startLine}`);
const notesOf = (report: JsonReport) => report.servers[0]!.notes.join('\n');

/** A temporary folder of its own for one mcplint run, so what the run leaves in it can be counted. */
function ownTemp(name: string): { env: Record<string, string>; left: () => string[] } {
  const dir = join(scratch, name);
  mkdirSync(dir);
  return { env: { TMPDIR: dir }, left: () => readdirSync(dir) };
}

describe.concurrent('mcplint --packed', () => {
  it('on a project whose package.json "files" leaves out an import: one error, at the "files" line', async () => {
    const { code, report } = await lintJson(['--packed', '--', 'node', `${rule}/bad.project/server.mjs`]);
    expect(code).toBe(1);
    expect(places(report).filter((p) => p.startsWith('packed-'))).toEqual([
      `packed-package-files importLeftOut ${rule}/bad.project/package.json:7`,
    ]);
    expect(notesOf(report)).toContain(
      `checked the npm package bookstore-mcp-server (${rule}/bad.project/package.json) as npm would publish it`,
    );
  });

  it('the text report names the package.json line too, under the finding, as JSON and SARIF do', async () => {
    const result = await runCli(['--no-color', '--packed', '--', 'node', `${rule}/bad.project/server.mjs`]);
    const lines = result.stdout.split('\n');
    const at = lines.findIndex((line) => line.includes('packed-package-files'));
    expect(lines[at + 1]?.trim()).toBe(`at ${rule}/bad.project/package.json:7`);
  });

  it('on the fixed project: nothing from the packed check, and the same findings as without --packed', async () => {
    const [packed, plain] = await Promise.all([
      lintJson(['--packed', '--', 'node', `${rule}/good.project/server.mjs`]),
      lintJson(['--', 'node', `${rule}/good.project/server.mjs`]),
    ]);
    expect(places(packed.report)).toEqual(places(plain.report));
    expect(places(packed.report).filter((p) => p.startsWith('packed-'))).toEqual([]);
  });

  it('--packed=install: lints the installed bin, maps its findings to the project, and removes the install', async () => {
    // The installable server with a defect (a tool name without the service prefix), so there are findings to map.
    const project = join(scratch, 'unprefixed');
    cpSync(installable, project, { recursive: true });
    const script = join(project, 'server.mjs');
    writeFileSync(script, readFileSync(script, 'utf8').replaceAll('clock_get_time', 'get_time'));
    const temp = ownTemp('install');
    const [installed, plain] = await Promise.all([
      lintJson(['--packed=install', '--', 'node', script], temp.env),
      lintJson(['--', 'node', script]),
    ]);
    expect(installed.code).toBe(0);
    expect(places(plain.report)).toContainEqual(expect.stringMatching(/^tool-name-service-prefix \w+ .*unprefixed\/server\.mjs:\d+$/));
    expect(notesOf(installed.report)).toMatch(
      /--packed=install: packed the npm package clock-mcp-server, installed it into a temporary folder .* and launched node_modules\/clock-mcp-server\/server\.mjs/,
    );
    expect(places(installed.report)).toEqual(places(plain.report));
    expect(temp.left()).toEqual([]);
  });

  it('--packed=install: a package npm cannot install is one warning, the project itself linted, nothing left behind', async () => {
    const project = join(scratch, 'uninstallable');
    cpSync(installable, project, { recursive: true });
    const pkg = { name: 'clock-mcp-server', version: '1.0.0', type: 'module', bin: { 'clock-mcp-server': 'server.mjs' }, private: true };
    // A dependency npm can only fetch from a git repository that does not exist: the install fails, offline.
    const dependencies = { 'clock-mcp-helpers': 'git+file:///nonexistent/clock-mcp-helpers.git' };
    writeFileSync(join(project, 'package.json'), JSON.stringify({ ...pkg, dependencies }, null, 2));
    const temp = ownTemp('uninstallable-temp');
    const { code, report } = await lintJson(['--packed=install', '--', 'node', join(project, 'server.mjs')], temp.env);
    expect(code).toBe(0);
    const packed = report.servers[0]!.findings.filter((f) => f.ruleId === 'packed-package-files');
    expect(packed.map((f) => f.messageId)).toEqual(['notInstalled']);
    expect(notesOf(report)).not.toContain('--packed=install: packed');
    expect(temp.left()).toEqual([]);
  });

  it('refuses what it cannot check: one line, exit 2', async () => {
    const cases: [string[], RegExp][] = [
      [['--packed=bogus', '--', 'node', `${installable}/server.mjs`], /--packed takes no value or "install", not "bogus"/],
      [['--packed', '--url', 'http://127.0.0.1:9/mcp'], /--packed checks the npm package of one local server/],
      [['--packed', '--', 'node', '-e', 'setInterval(() => {}, 1000)'], /--packed: cannot tell which script "node" runs/],
      [['--no-packed', '--', 'node', `${installable}/server.mjs`], /--no-packed/],
    ];
    await Promise.all(
      cases.map(async ([args, message]) => {
        const result = await runCli(args);
        expect(result.code).toBe(2);
        expect(result.stderr).toMatch(message);
        expect(result.stderr.trim().split('\n')).toHaveLength(1);
      }),
    );
  });
});

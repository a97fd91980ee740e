/**
 * `mcplint --manifest bundle.mcpb` through the built CLI: the archive unpacked into a temporary
 * folder (TMPDIR points at a scratch folder here, so what is left behind shows), the bundle
 * launched and linted, and hostile archives refused with one line, nothing written outside.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { fixturePath } from './helpers/capture.js';
import { runCli } from './helpers/cli.js';
import { bundleManifest } from './helpers/manifest.js';
import { type ZipEntry, zipOf } from './helpers/zip.js';

const scratch = mkdtempSync(join(tmpdir(), 'mcplint-mcpb-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const serve = `import { serveRaw } from ${JSON.stringify(pathToFileURL(fixturePath('lib/raw-server.mjs')).href)};\nserveRaw();\n`;

let n = 0;
/** A bundle archive in its own folder, linted with TMPDIR in a folder of its own. */
async function lintBundle(entries: readonly ZipEntry[]) {
  const dir = join(scratch, `b${n++}`);
  const temp = join(dir, 'tmp');
  mkdirSync(temp, { recursive: true });
  writeFileSync(join(dir, 'bookstore.mcpb'), zipOf(entries));
  const result = await runCli(['--format', 'json', '--manifest', 'bookstore.mcpb'], { cwd: dir, env: { TMPDIR: temp } });
  return { ...result, dir, leftInTemp: readdirSync(temp) };
}

const manifestEntry = (change: Record<string, unknown> = {}): ZipEntry => ({
  name: 'manifest.json',
  data: JSON.stringify(bundleManifest(change), null, 2),
});

describe.concurrent('mcplint --manifest bundle.mcpb', () => {
  it('unpacks the bundle, launches its mcp_config from the unpacked folder, lints it, and removes the folder', async () => {
    const r = await lintBundle([manifestEntry(), { name: 'server/', mode: 0o40755 }, { name: 'server/index.mjs', data: serve }]);
    expect(r.code, r.stderr).toBe(0);
    const report = JSON.parse(r.stdout) as { servers: { findings: unknown[]; notes: string[] }[] };
    expect(report.servers[0]!.findings).toEqual([]);
    expect(report.servers[0]!.notes[0]).toBe(
      'linted bookstore.mcpb (MCP Bundle manifest 0.3), unpacked into a temporary folder; launched server.mcp_config',
    );
    expect(r.leftInTemp).toEqual([]);
  });

  it('places manifest findings in the archive the user gave', async () => {
    const r = await lintBundle([
      manifestEntry({
        server: { type: 'node', entry_point: 'dist/index.mjs', mcp_config: { command: 'node', args: ['${__dirname}/server/index.mjs'] } },
      }),
      { name: 'server/index.mjs', data: serve },
    ]);
    const report = JSON.parse(r.stdout) as { servers: { findings: { ruleId: string; location: { uri: string; startLine: number } }[] }[] };
    const finding = report.servers[0]!.findings.find((f) => f.ruleId === 'manifest-bundle-entry-point');
    // The line of "entry_point" in the archive's manifest.json (pretty-printed: line 11).
    expect(finding?.location).toEqual({ uri: 'bookstore.mcpb', startLine: 11, startColumn: 5, anchor: 'manifest' });
    expect(r.leftInTemp).toEqual([]);
  });

  it('refuses an entry that climbs out of the bundle: nothing is written outside the temporary folder, which is removed', async () => {
    const r = await lintBundle([manifestEntry(), { name: '../escaped.txt', data: 'out' }, { name: 'server/index.mjs', data: serve }]);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/--manifest bookstore\.mcpb: refused the bundle archive: invalid relative path: \.\.\/escaped\.txt/);
    expect(existsSync(join(r.dir, 'escaped.txt'))).toBe(false);
    // The archive is unpacked in a folder under the system's temporary directory: `..` would land there.
    expect(existsSync(join(tmpdir(), 'escaped.txt'))).toBe(false);
    expect(r.leftInTemp).toEqual([]);
  });

  it('refuses absolute names and symbolic links', async () => {
    const [absolute, link] = await Promise.all([
      lintBundle([manifestEntry(), { name: '/etc/mcplint-escaped', data: 'x' }]),
      lintBundle([manifestEntry(), { name: 'server/index.mjs', data: '/etc/passwd', mode: 0o120777 }]),
    ]);
    expect(absolute.code).toBe(2);
    expect(absolute.stderr).toMatch(/refused the bundle archive: absolute path/);
    expect(link.code).toBe(2);
    expect(link.stderr).toMatch(/refused the bundle archive: entry "server\/index\.mjs" is a symbolic link/);
    expect([...absolute.leftInTemp, ...link.leftInTemp]).toEqual([]);
  });

  it('refuses more entries than its cap', async () => {
    const many = Array.from({ length: 20_001 }, (_, i) => ({ name: `f/${i}`, data: '' }));
    const r = await lintBundle([manifestEntry(), ...many]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/refused the bundle archive: more than 20000 entries/);
    expect(r.leftInTemp).toEqual([]);
  });

  it('refuses an archive without a manifest.json, or with a server.json in it', async () => {
    const [none, registry] = await Promise.all([
      lintBundle([{ name: 'server/index.mjs', data: serve }]),
      lintBundle([
        {
          name: 'manifest.json',
          data: JSON.stringify({ $schema: 'https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json' }),
        },
      ]),
    ]);
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/--manifest bookstore\.mcpb \(its manifest\.json\): file not found/);
    expect(registry.stderr).toMatch(/a \.mcpb archive holds an MCP Bundle manifest, not a server\.json/);
    expect([...none.leftInTemp, ...registry.leftInTemp]).toEqual([]);
  });

  it('does not fix inside an archive unpacked for the run', async () => {
    const r = await runCli(['--fix', '--manifest', 'x.mcpb'], { cwd: scratch });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--fix and --diff edit the project's files, not a \.mcpb archive/);
  });

  it('refuses what is not a zip, in one line', async () => {
    const dir = join(scratch, 'notzip');
    mkdirSync(dir);
    writeFileSync(join(dir, 'x.mcpb'), 'not a zip at all');
    const r = await runCli(['--manifest', 'x.mcpb'], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/--manifest x\.mcpb: refused the bundle archive: /);
  });
});

/**
 * The npm package as users get it: `npm pack`, install the tarball into a clean temporary prefix
 * (this repository's node_modules out of reach), then run the installed `mcplint` bin.
 *
 * The install is offline: the prefix gets a lockfile naming the tarball and, for its dependencies,
 * the production entries of this repository's package-lock.json, so `npm ci --offline` takes every
 * package from the npm cache that `npm ci` filled. Should the cache lack one, the test falls back
 * to `npm install --prefer-offline` (the registry), and is skipped, saying why, when that fails too.
 * Set MCPLINT_SKIP_PACK_TEST=1 to skip it. Takes about 10 s.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixturePath, ROOT } from './helpers/capture.js';

const skip = process.env.MCPLINT_SKIP_PACK_TEST === '1';
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function run(command: string, args: string[], cwd: string, timeout = 120_000) {
  const r = spawnSync(command, args, {
    cwd,
    encoding: 'utf8',
    timeout,
    env: { ...process.env, NO_COLOR: '1', npm_config_update_notifier: 'false' },
  });
  if (r.error) throw r.error;
  return r;
}

interface LockEntry {
  version?: string;
  dev?: boolean;
  dependencies?: Record<string, string>;
  [key: string]: unknown;
}

interface Manifest {
  version: string;
  dependencies: Record<string, string>;
  bin: Record<string, string>;
  engines?: Record<string, string>;
  scripts?: Record<string, string>;
}

/** A lockfile for an app that depends on the tarball only, with the versions this repository locks. */
function lockfileFor(tarball: string, integrity: string): object {
  const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, LockEntry> };
  const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as Manifest;
  const production = Object.entries(lock.packages).filter(([path, entry]) => path !== '' && !entry.dev);
  return {
    name: 'pack-test',
    lockfileVersion: 3,
    requires: true,
    packages: {
      '': { name: 'pack-test', dependencies: { mcplint: `file:${tarball}` } },
      'node_modules/mcplint': {
        version: manifest.version,
        resolved: `file:${tarball}`,
        integrity,
        dependencies: manifest.dependencies,
        bin: manifest.bin,
        ...(manifest.engines ? { engines: manifest.engines } : {}),
      },
      ...Object.fromEntries(production),
    },
  };
}

/** Every declaration file under dir. */
function declarationFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.d.ts'))
    .map((file) => join(dir, file));
}

/** The package a bare module specifier names (`@scope/name/x` → `@scope/name`). */
const packageOf = (specifier: string): string =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

describe.skipIf(skip)('npm package', () => {
  it('packs only what users need, installs offline into a clean prefix and lints through the installed bin', (ctx) => {
    const started = Date.now();
    const packDir = mkdtempSync(join(tmpdir(), 'mcplint-pack-'));
    const appDir = mkdtempSync(join(tmpdir(), 'mcplint-install-'));
    try {
      // dist/ is current: `npm test` builds before running the tests.
      const pack = run(npm, ['pack', '--ignore-scripts', '--json', '--pack-destination', packDir], ROOT);
      expect(pack.status, pack.stderr).toBe(0);
      const [info] = JSON.parse(pack.stdout) as { filename: string; integrity: string; files: { path: string }[] }[];
      const files = info!.files.map((f) => f.path);
      for (const needed of [
        'package.json',
        'README.md',
        'LICENSE',
        'dist/bin/mcplint.js',
        'dist/bin/worker.js',
        'dist/src/cli/bin.js',
        'dist/rules/index.js',
        'rules/handshake.md',
        'schema/mcplint.config.schema.json',
        'schemas/mcp/2025-11-25/schema.json',
        'schemas/manifests/server-json/2025-12-11/server.schema.json',
        'schemas/manifests/server-json/LICENSE',
        'schemas/manifests/mcpb/mcpb-manifest-v0.3.schema.json',
        'schemas/manifests/mcpb/LICENSE',
      ]) {
        expect(files, needed).toContain(needed);
      }
      const unwanted = files.filter(
        (f) =>
          /^(src|test|fixtures|scripts|action|dist\/scripts|dist\/test|schemas\/sarif|node_modules)\//.test(f) ||
          /\.ts$/.test(f.replace(/\.d\.ts$/, '')) ||
          f.startsWith('.'),
      );
      expect(unwanted).toEqual([]);

      const tarball = join(packDir, info!.filename);
      const app = { name: 'pack-test', private: true, dependencies: { mcplint: `file:${tarball}` } };
      writeFileSync(join(appDir, 'package.json'), JSON.stringify(app));
      writeFileSync(join(appDir, 'package-lock.json'), JSON.stringify(lockfileFor(tarball, info!.integrity), null, 2));
      let install = run(npm, ['ci', '--offline', '--no-audit', '--no-fund', '--loglevel=error'], appDir);
      if (install.status !== 0 && /ENOTCACHED/.test(install.stderr)) {
        process.stderr.write('pack test: the npm cache lacks a dependency; installing from the registry instead\n');
        rmSync(join(appDir, 'package-lock.json'));
        install = run(npm, ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'], appDir);
        if (install.status !== 0 && /ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ETIMEDOUT|ENETUNREACH/.test(install.stderr)) {
          ctx.skip(`neither the npm cache nor the registry has mcplint's dependencies: ${install.stderr.trim().split('\n')[0]}`);
        }
      }
      expect(install.status, install.stderr).toBe(0);

      // What the install brought: the runtime's dependencies, nothing the runtime does not import,
      // and no install scripts of ours (npm would warn every consumer about them).
      const installed = join(appDir, 'node_modules', 'mcplint');
      const manifest = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')) as Manifest;
      expect(Object.keys(manifest.scripts ?? {}).filter((s) => /^(pre|post)?(install|prepare)$/.test(s))).toEqual([]);
      expect(readdirSync(join(appDir, 'node_modules'))).not.toContain('@modelcontextprotocol');
      // Shipped declarations reference only shipped dependencies (or Node's own modules). An import's
      // `from` follows white space: a string such as '--from' in a type is not one.
      const builtins = new Set(builtinModules);
      const referenced = new Set<string>();
      for (const file of declarationFiles(join(installed, 'dist'))) {
        for (const [, specifier] of readFileSync(file, 'utf8').matchAll(/(?:(?<=\s)from\s+|\bimport\(\s*)['"]([^'"]+)['"]/g)) {
          const local = specifier!.startsWith('.') || specifier!.startsWith('node:') || builtins.has(specifier!);
          if (!local) referenced.add(packageOf(specifier!));
        }
      }
      const declared = new Set(Object.keys(manifest.dependencies));
      expect([...referenced].filter((name) => !declared.has(name) && !declared.has(`@types/${name}`))).toEqual([]);

      // The installed bin lints for real: rules, their docs, the vendored MCP schemas.
      const bin = join(appDir, 'node_modules', '.bin', process.platform === 'win32' ? 'mcplint.cmd' : 'mcplint');
      const help = run(bin, ['--help'], appDir, 30_000);
      expect(help.status, help.stderr).toBe(0);
      expect(help.stdout).toContain('mcplint [options] -- <command> [args…]');
      const clean = run(bin, ['--format', 'json', '--', process.execPath, fixturePath('clean-server.mjs')], appDir, 60_000);
      expect(clean.status, clean.stderr).toBe(0);
      expect(JSON.parse(clean.stdout).servers[0].score).toBe(100);
      const badServer = fixturePath('rules/tool-annotations-present/bad.mjs');
      const bad = run(bin, ['--format', 'json', '--', process.execPath, badServer], appDir, 60_000);
      expect(bad.status, bad.stderr).toBe(0);
      const report = JSON.parse(bad.stdout) as { servers: { findings: { ruleId: string }[] }[] };
      expect(report.servers[0]!.findings.map((f) => f.ruleId)).toEqual(['tool-annotations-present']);
      // The vendored manifest schemas: a broken server.json is judged, not refused.
      const published = run(bin, ['--format', 'json', '--manifest', fixturePath('manifests/npm-broken/server.json')], appDir, 60_000);
      expect(published.status, published.stderr).toBe(1);
      const manifestReport = JSON.parse(published.stdout) as { servers: { findings: { ruleId: string }[] }[] };
      expect(manifestReport.servers[0]!.findings.map((f) => f.ruleId)).toContain('manifest-version-exact');
      // mcplint mcp runs on the SDK bundled into dist/bin (the install has no @modelcontextprotocol): it answers tools/list.
      const requests = [
        {
          jsonrpc: '2.0',
          id: 1,
          method: 'initialize',
          params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'pack-test', version: '1' } },
        },
        { jsonrpc: '2.0', method: 'notifications/initialized' },
        { jsonrpc: '2.0', id: 2, method: 'tools/list' },
      ];
      const mcp = spawnSync(bin, ['mcp'], {
        cwd: appDir,
        encoding: 'utf8',
        timeout: 30_000,
        input: requests.map((r) => JSON.stringify(r)).join('\n') + '\n',
      });
      expect(mcp.status, mcp.stderr).toBe(0);
      expect(mcp.stdout).toContain('"mcplint_lint_server"');
      const explain = run(bin, ['explain', 'handshake'], appDir, 30_000);
      expect(explain.stdout).toContain('Example from the test fixtures');
      // The library entry point and the published config schema resolve.
      const library = run(
        process.execPath,
        [
          '--input-type=module',
          '-e',
          "const m = await import('mcplint'); const { createRequire } = await import('node:module'); console.log(typeof m.lint, typeof m.formatters.sarif, createRequire(import.meta.url + '/x').resolve('mcplint/schema/mcplint.config.schema.json').endsWith('schema.json'))",
        ],
        appDir,
        30_000,
      );
      expect(library.stdout.trim(), library.stderr).toBe('function function true');
      process.stderr.write(`pack test: ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
    } finally {
      rmSync(appDir, { recursive: true, force: true });
      rmSync(packDir, { recursive: true, force: true });
    }
  }, 180_000);
});

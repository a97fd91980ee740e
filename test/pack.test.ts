/**
 * The npm package as users get it: `npm pack`, install the tarball in a clean temporary directory
 * (dependencies from the registry, this repository's node_modules out of reach), then run
 * `npx mcplint`. Needs the npm registry (or a warm npm cache); set MCPLINT_SKIP_PACK_TEST=1 to skip
 * it offline. Takes about 15 s, most of it `npm install`.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixturePath, ROOT } from './helpers/capture.js';

const skip = process.env['MCPLINT_SKIP_PACK_TEST'] === '1';
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';

function run(command: string, args: string[], cwd: string, timeout = 120_000) {
  const r = spawnSync(command, args, { cwd, encoding: 'utf8', timeout, env: { ...process.env, NO_COLOR: '1', npm_config_update_notifier: 'false' } });
  if (r.error) throw r.error;
  return r;
}

describe.skipIf(skip)('npm package', () => {
  it('packs only what users need, installs in a clean directory and runs with npx', () => {
    const started = Date.now();
    const packDir = mkdtempSync(join(tmpdir(), 'mcplint-pack-'));
    // dist/ is current: `npm test` builds before running the tests.
    const pack = run(npm, ['pack', '--ignore-scripts', '--json', '--pack-destination', packDir], ROOT);
    expect(pack.status, pack.stderr).toBe(0);
    const [info] = JSON.parse(pack.stdout) as { filename: string; files: { path: string }[] }[];
    const files = info!.files.map((f) => f.path);
    for (const needed of ['package.json', 'README.md', 'LICENSE', 'dist/bin/mcplint.js', 'dist/bin/worker.js', 'dist/src/cli.js', 'dist/rules/index.js', 'rules/handshake.md', 'schema/mcplint.config.schema.json', 'schemas/mcp/2025-11-25/schema.json']) {
      expect(files, needed).toContain(needed);
    }
    const unwanted = files.filter((f) => /^(src|test|fixtures|scripts|dist\/scripts|dist\/test|schemas\/sarif|node_modules)\//.test(f) || /\.ts$/.test(f.replace(/\.d\.ts$/, '')) || f.startsWith('.'));
    expect(unwanted).toEqual([]);

    const appDir = mkdtempSync(join(tmpdir(), 'mcplint-install-'));
    try {
      writeFileSync(join(appDir, 'package.json'), JSON.stringify({ name: 'pack-test', private: true }));
      const install = run(npm, ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error', join(packDir, info!.filename)], appDir);
      expect(install.status, install.stderr).toBe(0);

      const help = run(npx, ['--no-install', 'mcplint', '--help'], appDir, 30_000);
      expect(help.status, help.stderr).toBe(0);
      expect(help.stdout).toContain('mcplint [options] -- <command> [args…]');

      // The installed package lints for real: rules, their docs, the vendored MCP schemas.
      const lint = run(npx, ['--no-install', 'mcplint', '--format', 'json', '--', process.execPath, fixturePath('clean-server.mjs')], appDir, 60_000);
      expect(lint.status, lint.stderr).toBe(0);
      expect(JSON.parse(lint.stdout).servers[0].score).toBe(100);
      const explain = run(npx, ['--no-install', 'mcplint', 'explain', 'handshake'], appDir, 30_000);
      expect(explain.stdout).toContain('Example from the test fixtures');
      // The library entry point and the published config schema resolve.
      const library = run(
        process.execPath,
        ['--input-type=module', '-e', "const m = await import('mcplint'); const { createRequire } = await import('node:module'); console.log(typeof m.lint, typeof m.formatters.sarif, createRequire(import.meta.url + '/x').resolve('mcplint/schema/mcplint.config.schema.json').endsWith('schema.json'))"],
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

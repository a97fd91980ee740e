/**
 * resolveRun decides every setting of a run once: flag over config file over default. Each case
 * here is a setting that was once decided in two places that disagreed.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { rules } from '../rules/index.js';
import type { McplintConfig } from '../src/config/config.js';
import { ConfigError } from '../src/shared/errors.js';
import { MAX_TIMEOUT_MS } from '../src/model/timeouts.js';
import type { RunOptions } from '../src/session/options.js';
import { resolveRun } from '../src/session/resolve-run.js';
import { loadRunConfig } from '../src/session/run-config.js';

const scratch = () => mkdtempSync(join(tmpdir(), 'mcplint-resolve-run-'));
const resolved = (options: Partial<RunOptions>, config: McplintConfig = {}, file?: string) =>
  resolveRun({ cwd: scratch(), rules, ...options }, { config, ...(file ? { file } : {}) });

describe('timeouts', () => {
  it('--timeout wins over the config, which wins over the default; start-up gets at least 20 s', () => {
    expect(resolved({ timeoutMs: 5000 }, { timeout: 30_000 })).toMatchObject({ timeoutMs: 5000, startupTimeoutMs: 20_000 });
    expect(resolved({}, { timeout: 30_000 })).toMatchObject({ timeoutMs: 30_000, startupTimeoutMs: 30_000 });
    expect(resolved({})).toMatchObject({ timeoutMs: 10_000, startupTimeoutMs: 20_000 });
  });

  it('the start-up minimum can be lowered for the suite, never raised', () => {
    try {
      vi.stubEnv('MCPLINT_TEST_STARTUP_MINIMUM_MS', '8000');
      expect(resolved({ timeoutMs: 5000 })).toMatchObject({ startupTimeoutMs: 8000 });
      vi.stubEnv('MCPLINT_TEST_STARTUP_MINIMUM_MS', '90000');
      expect(resolved({ timeoutMs: 5000 })).toMatchObject({ startupTimeoutMs: 20_000 });
      vi.stubEnv('MCPLINT_TEST_STARTUP_MINIMUM_MS', 'soon');
      expect(resolved({ timeoutMs: 5000 })).toMatchObject({ startupTimeoutMs: 20_000 });
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it("probes.timeout is the request timeout unless the config's probes section sets its own", () => {
    expect(resolved({ timeoutMs: 5000 }).probes).toMatchObject({ timeoutMs: 5000, startupTimeoutMs: 20_000 });
    expect(resolved({ timeoutMs: 5000 }, { probes: { timeout: 300 } }).probes.timeoutMs).toBe(300);
  });

  it('probes.timeout has the maximum of the top-level timeout', async () => {
    const load = (config: McplintConfig) => {
      const dir = scratch();
      writeFileSync(join(dir, 'mcplint.config.json'), JSON.stringify(config));
      return loadRunConfig({ cwd: dir, rules });
    };
    await expect(load({ probes: { timeout: MAX_TIMEOUT_MS + 1 } })).rejects.toThrow(
      new ConfigError(`mcplint.config.json:1:12: probes.timeout: must be <= ${MAX_TIMEOUT_MS}`),
    );
    await expect(load({ timeout: MAX_TIMEOUT_MS + 1 })).rejects.toThrow(`timeout: must be <= ${MAX_TIMEOUT_MS}`);
    expect((await load({ probes: { timeout: MAX_TIMEOUT_MS } })).resolved.probes.timeoutMs).toBe(MAX_TIMEOUT_MS);
  });
});

describe('the rest of what flags and the config both set', () => {
  it('allowOrigins: the flags first, then the config', () => {
    const run = resolved({ allowOrigins: ['https://flag.example'] }, { allowOrigins: ['https://config.example'] });
    expect(run.allowOrigins).toEqual(['https://flag.example', 'https://config.example']);
  });

  it('failOnSkipped: --fail-on-skipped / --no-fail-on-skipped win over the config, which wins over off', () => {
    expect(resolved({ failOnSkipped: false }, { failOnSkipped: true }).failOnSkipped).toBe(false);
    expect(resolved({ failOnSkipped: true }, { failOnSkipped: false }).failOnSkipped).toBe(true);
    expect(resolved({}, { failOnSkipped: true }).failOnSkipped).toBe(true);
    expect(resolved({}).failOnSkipped).toBe(false);
  });

  it('probes: --no-probes and --no-protocol-probes win over the config section', () => {
    const probes = resolved({ probes: { probes: false, protocolProbes: true } }, { probes: { enabled: true, protocol: false } }).probes;
    expect(probes).toMatchObject({ tools: false, protocol: true, surface: false });
  });

  it('source: the flags turn it off; --project is relative to cwd, source.project to the config file', () => {
    const dir = scratch();
    const file = join(dir, 'conf', 'mcplint.config.json');
    const config: McplintConfig = { source: { project: 'app', cache: false } };
    expect(resolveRun({ cwd: dir, rules }, { config, file }).source).toEqual({
      enabled: true,
      cache: false,
      project: { path: join(dir, 'conf', 'app'), from: 'config source.project' },
    });
    expect(resolveRun({ cwd: dir, rules, project: 'src', noSource: true }, { config, file }).source).toEqual({
      enabled: false,
      cache: false,
      project: { path: join(dir, 'src'), from: '--project' },
    });
  });

  it("rules: a --rule flag's level wins over the config's and keeps its options", () => {
    const config: McplintConfig = {
      extends: 'strict',
      rules: { 'tool-description-length': ['note', { minLength: 60 }], 'tool-name-verb': 'off' },
    };
    const run = resolved({ ruleFlags: ['tool-description-length=error', 'tool-title-present=off'] }, config);
    expect(run.extends).toBe('strict');
    expect(run.rules).toEqual({
      'tool-description-length': { level: 'error', options: { minLength: 60 } },
      'tool-name-verb': { level: 'off', options: {} },
      'tool-title-present': { level: 'off', options: {} },
    });
  });

  it('--update-baseline without --baseline writes the default file', () => {
    expect(resolved({ updateBaseline: true }).baseline).toEqual({ file: 'mcplint.baseline.json', from: 'default', update: true });
    expect(resolved({ baseline: 'b.json' }).baseline).toEqual({ file: 'b.json', from: '--baseline', update: false });
    expect(resolved({}).baseline).toBeNull();
  });
});

describe('the target and how it was found', () => {
  it('the command line first, then the config target, then package.json bin, else none', () => {
    const dir = scratch();
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ bin: { server: 'dist/server.js' } }));
    const file = join(dir, 'mcplint.config.json');
    const config: McplintConfig = { target: { command: 'python', args: ['server.py'], cwd: 'srv' } };
    const at = (options: Partial<RunOptions>, withConfig = true) =>
      resolveRun({ cwd: dir, rules, ...options }, withConfig ? { config, file, targetLine: 3 } : { config: {} }).target;
    expect(at({ url: 'https://h.example/mcp', command: ['node', 'x.js'] })).toEqual({
      kind: 'server',
      foundBy: '--url',
      server: { kind: 'http', url: 'https://h.example/mcp', transport: 'auto' },
    });
    expect(at({ command: ['node', 'x.js'] })).toEqual({
      kind: 'server',
      foundBy: 'command after --',
      server: { command: 'node', args: ['x.js'] },
    });
    expect(at({ from: 'cap.json' })).toEqual({ kind: 'capture-file', foundBy: '--from', file: 'cap.json' });
    expect(at({ clientConfigFile: '.mcp.json', server: 'notes' })).toEqual({
      kind: 'client-config',
      foundBy: '--config-file',
      file: '.mcp.json',
      serverName: 'notes',
    });
    expect(at({})).toEqual({
      kind: 'server',
      foundBy: 'config target',
      server: { command: 'python', args: ['server.py'], cwd: join(dir, 'srv'), declaredIn: { file, line: 3 } },
    });
    expect(at({}, false)).toEqual({
      kind: 'server',
      foundBy: 'package.json bin',
      server: {
        command: process.execPath,
        args: [join(dir, 'dist', 'server.js')],
        declaredIn: { file: join(dir, 'package.json'), line: 1 },
      },
    });
    expect(resolved({}).target).toBeNull();
  });
});

it('is deep-frozen, and leaves what it was given as it was', () => {
  const headers = { Authorization: 'Bearer x' };
  const config: McplintConfig = { probes: { args: { get_note: { id: 1 } } } };
  const run = resolved({ url: 'https://h.example/mcp', headers }, config);
  const server = run.target?.kind === 'server' ? run.target.server : undefined;
  expect(Object.isFrozen(run.probes.args.get_note)).toBe(true);
  expect(server && 'headers' in server && Object.isFrozen(server.headers)).toBe(true);
  expect(Object.isFrozen(headers)).toBe(false);
  expect(Object.isFrozen(config.probes!.args!.get_note)).toBe(false);
});

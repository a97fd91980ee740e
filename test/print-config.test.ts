/**
 * `--print-config` prints the run the lint command makes: for each command line (and config
 * file), the printed JSON is the ResolvedRun the lint pipeline receives, every field of it. Both
 * go through the real run() of src/cli/main.ts; only the pipeline itself (lintRun) is replaced by
 * a recorder, whose report has one skipped server, so the exit code shows the fail conditions
 * the command applied.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { rules } from '../rules/index.js';
import type { McplintConfig } from '../src/config/config.js';
import type { RunConfig } from '../src/session/run-config.js';

const received: RunConfig[] = [];
vi.mock('../src/session/lint.js', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../src/session/lint.js')>()),
  lintRun: async (run: RunConfig) => {
    received.push(run);
    const skippedServers = [{ name: 'needy', reason: 'its variable is unset' }];
    return {
      report: { tool: { name: 'mcplint', version: '0' }, servers: [], skippedServers },
      captures: [],
      sources: [],
      config: run.config,
    };
  },
}));
const { run } = await import('../src/cli/main.js');
const { printedRun } = await import('../src/cli/print-config.js');

/** The run() of `argv` in `cwd`: exit code and what it wrote. */
async function mcplint(argv: readonly string[], cwd: string) {
  const previous = process.cwd();
  let stdout = '';
  let stderr = '';
  const out = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => ((stdout += String(chunk)), true));
  const err = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => ((stderr += String(chunk)), true));
  process.chdir(cwd);
  try {
    return { code: await run(argv), stdout, stderr };
  } finally {
    process.chdir(previous);
    out.mockRestore();
    err.mockRestore();
  }
}

const URL_WITH_CREDENTIALS = 'https://alice:hunter2-pw@mcp.example.com/mcp?token=tok-1234abcd&page=2';

interface Case {
  readonly config?: McplintConfig;
  readonly packageJson?: Record<string, unknown>;
  readonly argv: readonly string[];
}

const CASES: Readonly<Record<string, Case>> = {
  "the default target: package.json's bin": { packageJson: { bin: 'server.mjs' }, argv: [] },
  'the config target, a flag over the config': {
    config: {
      extends: 'strict',
      target: { command: 'node', args: ['server.mjs'], env: { API_KEY: 'value-that-must-not-show' } },
      timeout: 30_000,
      probes: { timeout: 300, denyTools: ['drop_all'] },
      failOnSkipped: true,
      rules: { 'tool-description-length': ['warning', { minLength: 60 }] },
    },
    argv: ['--timeout', '5000', '--no-protocol-probes', '--rule', 'tool-description-length=error'],
  },
  'a URL with credentials of its own': {
    config: { allowOrigins: ['https://config.example'] },
    argv: [
      '--url',
      URL_WITH_CREDENTIALS,
      '-H',
      'Authorization: Bearer s3cr3t-t0ken-value',
      '--allow-origin',
      'https://flag.example',
      '--transport',
      'http',
      '--protocol',
      '2025-06-18',
    ],
  },
  'a client config, sharded, --no-fail-on-skipped over the config': {
    config: { failOnSkipped: true, source: { project: 'app' } },
    argv: ['--config-file', '.mcp.json', '--shard', '1/2', '--jobs', '2', '--no-fail-on-skipped'],
  },
  'every output and fail condition': {
    argv: [
      '--from',
      'cap.json',
      '--format',
      'json',
      '--output',
      'out/report.json',
      '--report',
      'sarif=out/report.sarif',
      '--max-warnings',
      '3',
      '--min-score',
      '50',
      '--fail-on',
      'warning',
      '--update-baseline',
      '--strict-baseline',
      '--fail-on-skipped',
      '--quiet',
      '--no-fold',
      '--no-color',
      '--sarif-category',
      'notes',
      '--project',
      '.',
      '--no-source',
      '--no-cache',
    ],
  },
};

/** A run of `c` in a folder of its own: what --print-config printed, and the run the lint pipeline received. */
async function both(c: Case) {
  const dir = mkdtempSync(join(tmpdir(), 'mcplint-print-config-'));
  writeFileSync(join(dir, 'package.json'), JSON.stringify(c.packageJson ?? {}));
  if (c.config) writeFileSync(join(dir, 'mcplint.config.json'), JSON.stringify(c.config));
  received.length = 0;
  const linted = await mcplint(c.argv, dir);
  expect(received, linted.stderr).toHaveLength(1);
  const printed = await mcplint(['--print-config', ...c.argv], dir);
  expect(printed).toMatchObject({ code: 0, stderr: '' });
  return { dir, linted, printed: JSON.parse(printed.stdout), text: printed.stdout, run: received[0]!.resolved };
}

/** Every key of `value` (through objects, not into lists), as paths. */
function keyPaths(value: unknown, at: readonly string[] = []): string[][] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [];
  return Object.entries(value).flatMap(([key, child]) => [[...at, key], ...keyPaths(child, [...at, key])]);
}

describe('--print-config prints the run the lint command makes', () => {
  it.each(Object.entries(CASES))('%s', async (_, c) => {
    const { linted, printed, run } = await both(c);
    expect(printed).toEqual(printedRun(run, rules));
    // Every field of the run is printed: a field added to ResolvedRun and left out of the print fails here.
    const paths = keyPaths(run);
    expect(paths.length).toBeGreaterThan(40);
    for (const path of paths) {
      const parent = path.slice(0, -1).reduce<Record<string, unknown>>((at, key) => at[key] as Record<string, unknown>, printed);
      expect(Object.hasOwn(parent, path.at(-1)!), path.join('.')).toBe(true);
    }
    // The gate applied what was printed: the recorder's report skipped a server.
    expect(linted.code).toBe(printed.failOnSkipped ? 1 : 0);
  });
});

describe('what --print-config once printed differently from the run', () => {
  it('the timeout: the flag over the config, and probes.timeout its own', async () => {
    const { printed } = await both(CASES['the config target, a flag over the config']!);
    expect(printed).toMatchObject({ timeoutMs: 5000, startupTimeoutMs: 20_000, probes: { timeoutMs: 300, protocol: false } });
  });

  it('allowOrigins: the flags first, then the config', async () => {
    const { printed } = await both(CASES['a URL with credentials of its own']!);
    expect(printed.allowOrigins).toEqual(['https://flag.example', 'https://config.example']);
  });

  it('failOnSkipped: the config without a flag, and the flag over the config', async () => {
    const fromConfig = await both(CASES['the config target, a flag over the config']!);
    expect(fromConfig.printed.failOnSkipped).toBe(true);
    expect(fromConfig.linted.stderr).toContain('mcplint: 1 server skipped (not linted): "needy" (--fail-on-skipped)');
    const overridden = await both(CASES['a client config, sharded, --no-fail-on-skipped over the config']!);
    expect(overridden.printed.failOnSkipped).toBe(false);
    expect(overridden.linted.code).toBe(0);
  });

  it("the default target, package.json's bin, instead of null", async () => {
    const { dir, printed } = await both(CASES["the default target: package.json's bin"]!);
    expect(printed.target).toEqual({
      kind: 'server',
      foundBy: 'package.json bin',
      server: { command: process.execPath, args: [join(dir, 'server.mjs')], declaredIn: { file: join(dir, 'package.json'), line: 1 } },
    });
  });

  it("a URL's own password and token, masked as in reports; header and env values replaced", async () => {
    const url = await both(CASES['a URL with credentials of its own']!);
    expect(url.printed.target.server).toEqual({
      kind: 'http',
      url: 'https://alice:[redacted]@mcp.example.com/mcp?token=[redacted]&page=2',
      headers: { Authorization: '[redacted]' },
      transport: 'http',
    });
    for (const secret of ['hunter2-pw', 'tok-1234abcd', 's3cr3t-t0ken-value']) expect(url.text).not.toContain(secret);
    const env = await both(CASES['the config target, a flag over the config']!);
    expect(env.printed.target.server.env).toEqual({ API_KEY: '[redacted]' });
    expect(env.text).not.toContain('value-that-must-not-show');
  });
});

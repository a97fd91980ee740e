/** `mcplint plan`, `--dry-run`, `--no-probes` and the probes config, as users meet them (built CLI, real fixtures). */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixturePath } from './helpers/capture.js';
import { runCli } from './helpers/cli.js';
import { readCallLog } from './helpers/call-log.js';

const node = process.execPath;
const FIXTURE = fixturePath('probes/never-called.mjs');

interface Logged {
  method?: string;
  params?: unknown;
}
const readLog = (file: string): Logged[] => readCallLog<Logged>(file);

/** A directory with an mcplint.config.json that launches `fixture` with a message log. */
function project(probes: Record<string, unknown> = {}, fixture = FIXTURE): { dir: string; log: string } {
  const dir = mkdtempSync(join(tmpdir(), 'mcplint-plan-'));
  const log = join(dir, 'received.jsonl');
  writeFileSync(
    join(dir, 'mcplint.config.json'),
    JSON.stringify({ target: { command: node, args: [fixture], env: { MCPLINT_FIXTURE_LOG: log } }, probes }),
  );
  return { dir, log };
}

/** The messages a server received after listing (everything the probes sent). */
const afterListing = (log: Logged[]): Logged[] => log.slice(log.findIndex((m) => m.method === 'resources/templates/list') + 1);

describe('mcplint plan', { timeout: 60_000 }, () => {
  it('prints every call with its arguments and why, every skipped tool with why, and calls nothing', async () => {
    const { dir, log } = project();
    const r = await runCli(['plan'], { cwd: dir });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Probe plan for bookstore-mcp-server 1.0.0 (protocol 2025-11-25, 10 tools)');
    expect(r.stdout).toContain('tools/call bookstore_get_price {"book_id":"bk_1042"}');
    expect(r.stdout).toContain('why: a valid call (arguments: schema examples)');
    expect(r.stdout).toMatch(/bookstore_delete_book: never called: it is not annotated readOnlyHint: true/);
    expect(r.stdout).toMatch(/bookstore_get_inventory: never called: it has no annotations/);
    expect(r.stdout).toMatch(
      /bookstore_delete_cache: never called: its name says it changes or starts something \("delete"\), even though it is annotated read-only/,
    );
    expect(r.stdout).toMatch(/bookstore_fetch_reviews \(valid-calls\): no valid call: it may reach the outside world/);
    // Connected and listed, nothing else.
    expect(readLog(log).map((m) => m.method)).toEqual([
      'initialize',
      'notifications/initialized',
      'tools/list',
      'prompts/list',
      'resources/list',
      'resources/templates/list',
    ]);
  });

  it('prints exactly the calls the real run makes, in order on the main connection', async () => {
    const planned = project();
    const plan = JSON.parse((await runCli(['plan', '--format', 'json'], { cwd: planned.dir })).stdout) as {
      calls: { method: string; params?: unknown; connection: string; purpose: string }[];
    };
    const run = project();
    const lint = await runCli(['--format', 'json', '--no-source'], { cwd: run.dir });
    expect(lint.code).not.toBe(2);
    const call = (m: { method?: string; params?: unknown }) => ({
      method: m.method,
      ...(m.params !== undefined ? { params: m.params } : {}),
    });
    const sent = afterListing(readLog(run.log)).map(call);
    // A step on a connection of its own (version negotiation's second server) is sent as soon as
    // that server is up, so it may come anywhere among the main connection's calls.
    const own = plan.calls.filter((c) => c.connection === 'fresh').map(call);
    expect(own.length).toBeGreaterThan(0);
    const isOwn = (c: ReturnType<typeof call>) => own.some((o) => JSON.stringify(o) === JSON.stringify(c));
    expect(sent.filter(isOwn)).toEqual(own);
    const main = sent.filter((c) => !isOwn(c));
    // The one step whose URIs come from the answers (resource_link targets) is last, and sends at most 5 reads.
    const exact = plan.calls.filter((c) => c.connection !== 'fresh' && c.purpose !== 'read-link-targets');
    expect(main.slice(0, exact.length)).toEqual(exact.map(call));
    const linkReads = main.slice(exact.length);
    expect(linkReads.length).toBeLessThanOrEqual(plan.calls.some((c) => c.purpose === 'read-link-targets') ? 5 : 0);
    expect(linkReads.every((m) => m.method === 'resources/read')).toBe(true);
    expect(plan.calls.filter((c) => c.method === 'tools/call').length).toBeGreaterThan(5);
  });

  it('--dry-run on the lint command prints the same plan', async () => {
    const { dir } = project();
    const [plan, dry] = await Promise.all([runCli(['plan'], { cwd: dir }), runCli(['--dry-run'], { cwd: dir })]);
    expect(dry.stdout).toBe(plan.stdout);
    expect(dry.code).toBe(0);
  });

  it('follows probes.allowTools, denyTools and args, and --no-probes / --no-protocol-probes', async () => {
    const { dir } = project({
      allowTools: ['bookstore_delete_book'],
      denyTools: ['bookstore_get_price'],
      args: { bookstore_delete_book: { book_id: 'bk_test' } },
    });
    const plan = JSON.parse((await runCli(['plan', '--format', 'json'], { cwd: dir })).stdout) as {
      calls: { tool?: string; params?: { arguments?: unknown } }[];
      skippedTools: { tool: string; reason: string }[];
    };
    expect(plan.calls.filter((c) => c.tool === 'bookstore_delete_book').map((c) => c.params?.arguments)).toEqual([
      {},
      { book_id: 'bk_test' },
    ]);
    expect(plan.calls.some((c) => c.tool === 'bookstore_get_price')).toBe(false);
    expect(plan.skippedTools).toContainEqual({ tool: 'bookstore_get_price', reason: 'never called: listed in probes.denyTools' });

    const none = JSON.parse((await runCli(['plan', '--format', 'json', '--no-probes'], { cwd: dir })).stdout) as {
      calls: { tool?: string; probe: string }[];
    };
    expect(none.calls.filter((c) => c.tool)).toEqual([]);
    expect(none.calls.some((c) => c.probe === 'ping')).toBe(true);
    expect(none.calls.some((c) => c.probe === 'prompts-get' || c.probe === 'resources-read')).toBe(false);
    const noSurface = project({ surface: false });
    const flat = JSON.parse((await runCli(['plan', '--format', 'json'], { cwd: noSurface.dir })).stdout) as { calls: { probe: string }[] };
    expect(
      flat.calls.filter((c) =>
        ['prompts-get', 'resources-read', 'unknown-resource', 'declared-capabilities', 'resource-links'].includes(c.probe),
      ),
    ).toEqual([]);
    expect(flat.calls.some((c) => c.probe === 'valid-calls')).toBe(true);
    const noProtocol = JSON.parse((await runCli(['plan', '--format', 'json', '--no-protocol-probes'], { cwd: dir })).stdout) as {
      calls: { probe: string }[];
    };
    // The read-side probes are not protocol probes: --no-protocol-probes leaves them on.
    expect(new Set(noProtocol.calls.map((c) => c.probe))).toEqual(
      new Set(['prompts-get', 'resources-read', 'unknown-resource', 'invalid-arguments', 'valid-calls', 'pagination', 'resource-links']),
    );
  });

  it('plans from a saved capture without launching anything', async () => {
    const { dir, log } = project();
    await runCli(['--save-capture', 'cap.json', '--no-source', '--no-probes', '--no-protocol-probes'], { cwd: dir });
    const before = readLog(log).length;
    const r = await runCli(['plan', '--from', 'cap.json'], { cwd: dir });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('tools/call bookstore_get_price');
    expect(readLog(log).length).toBe(before);
  });
});

describe('mcplint lint with probes', { timeout: 60_000 }, () => {
  it('--no-probes: no tool of the server is called; the saved capture says why the probes were skipped', async () => {
    const { dir, log } = project();
    await runCli(['--no-probes', '--no-source', '--save-capture', 'cap.json'], { cwd: dir });
    const called = readLog(log)
      .filter((m) => m.method === 'tools/call')
      .map((m) => (m.params as { name: string }).name);
    expect(called).toEqual(['mcplint_no_such_tool']);
    const capture = JSON.parse(readFileSync(join(dir, 'cap.json'), 'utf8')) as {
      probes: Record<string, { status: string; reason?: string }>;
    };
    expect(capture.probes['invalid-arguments']).toEqual({
      id: 'invalid-arguments',
      status: 'skipped',
      reason: 'tool probes are turned off (--no-probes or probes.enabled: false)',
    });
  });

  it('probe findings come back the same from --from', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcplint-plan-'));
    const cap = join(dir, 'cap.json');
    const live = await runCli([
      '--format',
      'json',
      '--no-source',
      '--save-capture',
      cap,
      '--',
      node,
      fixturePath('rules/version-negotiation/bad.mjs'),
    ]);
    const offline = await runCli(['--format', 'json', '--no-source', '--from', cap]);
    const strip = (out: string) =>
      (JSON.parse(out) as { servers: { findings: { fingerprint: string; message: string }[] }[] }).servers[0]!.findings.map((f) => [
        f.fingerprint,
        f.message,
      ]);
    expect(strip(offline.stdout)).toEqual(strip(live.stdout));
  });

  it('rejects a bad probes section with one clear line', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcplint-plan-'));
    writeFileSync(join(dir, 'mcplint.config.json'), JSON.stringify({ probes: { allowTools: 'bookstore_delete_book' } }));
    const r = await runCli(['--no-source', '--', node, FIXTURE], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/probes\.allowTools: must be array/);
    writeFileSync(join(dir, 'mcplint.config.json'), JSON.stringify({ probes: { allowtools: [] } }));
    expect((await runCli(['--no-source', '--', node, FIXTURE], { cwd: dir })).stderr).toMatch(/probes: unknown key "allowtools"/);
  });
});

/**
 * src/session/judge-before-exit.ts through the bin: a live run judges the listed data while the probes run, most other
 * rules while the server shuts down, and the rest after its exit; its findings, skipped rules and
 * saved capture must be those of the sequential path, which a --from run of the saved capture
 * takes (it has nothing to overlap). Also for a server from a client config (its record rides on
 * every early view) and over Streamable HTTP (no shutdown phase: listing, then the rest).
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixturePath } from './helpers/capture.js';
import { startHttpFixture } from './helpers/targets.js';
import { runCli } from './helpers/cli.js';

interface JsonServer {
  findings: { ruleId: string; fingerprint: string; level: string; message: string; evidence?: string }[];
  skipped: { ruleId: string; reason: string }[];
  ran: string[];
}

const judged = (stdout: string) => {
  const [server] = (JSON.parse(stdout) as { servers: JsonServer[] }).servers;
  return {
    findings: server!.findings.map((f) => `${f.ruleId} ${f.fingerprint} ${f.level} ${f.message} ${f.evidence ?? ''}`),
    skipped: server!.skipped.map((s) => `${s.ruleId}: ${s.reason}`),
    ran: server!.ran,
  };
};

describe.concurrent('rules judged while the server shuts down', () => {
  for (const id of ['slow-shutdown', 'orphaned-processes', 'stdout-pollution']) {
    it(`${id}: the live run judges as the sequential path does, exit-dependent findings included`, async () => {
      const dir = mkdtempSync(join(tmpdir(), 'mcplint-before-exit-'));
      const saved = join(dir, 'capture.json');
      const args = ['--format', 'json', '--no-source'];
      const live = await runCli([...args, '--save-capture', saved, '--', process.execPath, fixturePath(`rules/${id}/bad.mjs`)], {
        timeoutMs: 60_000,
      });
      const capture = JSON.parse(readFileSync(saved, 'utf8')) as { exit?: unknown };
      expect(capture.exit).toBeDefined();
      const replay = await runCli([...args, '--from', saved]);
      expect(live.code).toBe(replay.code);
      const fromLive = judged(live.stdout);
      expect(fromLive).toEqual(judged(replay.stdout));
      expect(fromLive.findings.some((f) => f.startsWith(`${id} `))).toBe(true);
    }, 90_000);
  }

  it('a server from a client config: the config rules judged early see its record, as the sequential path does', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcplint-before-exit-'));
    const saved = join(dir, 'capture.json');
    const config = fixturePath('rules/config-npx-unpinned/.mcp.json');
    const args = ['--format', 'json', '--no-source'];
    const live = await runCli([...args, '--save-capture', saved, '--config-file', config], { timeoutMs: 60_000 });
    const replay = await runCli([...args, '--from', saved]);
    const fromLive = judged(live.stdout);
    expect(fromLive).toEqual(judged(replay.stdout));
    expect(fromLive.findings.filter((f) => f.startsWith('config-npx-unpinned '))).toHaveLength(2);
  }, 90_000);

  it('over Streamable HTTP: what was judged while the probes ran, and the rest, as the sequential path does', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcplint-before-exit-'));
    const saved = join(dir, 'capture.json');
    const server = await startHttpFixture('clean-server.mjs');
    try {
      const args = ['--format', 'json', '--no-source'];
      const live = await runCli([...args, '--save-capture', saved, '--url', server.url], { timeoutMs: 60_000 });
      const replay = await runCli([...args, '--from', saved]);
      const fromLive = judged(live.stdout);
      expect(fromLive).toEqual(judged(replay.stdout));
      expect(fromLive.ran.length).toBeGreaterThan(50);
    } finally {
      await server.stop();
    }
  }, 90_000);

  it('the early judgements really happen (a failure would only fall back to judging everything at the end)', async () => {
    const [{ acquireServer }, { loadRunConfig }, { serverInputs }, { rules }, { phaseOf }] = await Promise.all([
      import('../src/session/acquire.js'),
      import('../src/session/run-config.js'),
      import('../src/session/targets.js'),
      import('../rules/index.js'),
      import('../src/engine/judge.js'),
    ]);
    const judgedEarly = async (target: { command: string[] } | { url: string }) => {
      const options = { cwd: process.cwd(), rules, noConfig: true, noSource: true, ...target };
      const run = await loadRunConfig(options);
      const { inputs } = await serverInputs(run);
      const server = await acquireServer(inputs[0]!, { run, mode: 'lint', sourceIndexes: new Map(), many: false });
      return [...(server.judgement?.judged ?? [])].sort();
    };
    const ids = (keep: (rule: (typeof rules)[number]) => boolean) =>
      rules
        .filter(keep)
        .map((r) => r.id)
        .sort();
    // stdio: while the probes ran and while it shut down, every rule that does not read the exit.
    expect(await judgedEarly({ command: [process.execPath, fixturePath('clean-server.mjs')] })).toEqual(ids((r) => phaseOf(r) !== 'final'));
    // Streamable HTTP has no shutdown phase: exactly the rules judged while the probes ran.
    const server = await startHttpFixture('clean-server.mjs');
    try {
      expect(await judgedEarly({ url: server.url })).toEqual(ids((r) => phaseOf(r) === 'listed'));
    } finally {
      await server.stop();
    }
  }, 60_000);
});

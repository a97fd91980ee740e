/**
 * The protocol's reference server (pinned devDependency) with probes on: `mcplint plan` lists calls
 * and skips with reasons, and a full run finishes without hanging, with no probe finding at error level.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { captureStdio, DEFAULT_CAPTURE_OPTIONS } from '../src/connect/capture-session.js';
import { runRules } from '../src/engine/run.js';
import { probeHook, resolveProbeConfig } from '../src/probes/index.js';
import { probeCalls } from '../src/model/probe-records.js';
import { ROOT, summary } from './helpers/capture.js';
import { runCli } from './helpers/cli.js';
import { PROBE_RULES } from './helpers/probe-rules.js';

const SERVER = join(ROOT, 'node_modules', '@modelcontextprotocol', 'server-everything', 'dist', 'index.js');

interface Plan {
  calls: { method: string; tool?: string; probe: string; params?: { arguments?: unknown }; reason: string }[];
  skippedTools: { tool: string; probe?: string; reason: string }[];
}

describe('@modelcontextprotocol/server-everything with probes', { timeout: 90_000 }, () => {
  it('mcplint plan lists the calls and the skipped tools, with reasons', async () => {
    const r = await runCli(['plan', '--format', 'json', '--', process.execPath, SERVER, 'stdio'], { timeoutMs: 60_000 });
    expect(r.code).toBe(0);
    const plan = JSON.parse(r.stdout) as Plan;
    const calls = plan.calls.filter((c) => c.method === 'tools/call' && c.tool).map((c) => `${c.probe} ${c.tool}`);
    expect(calls).toEqual(
      expect.arrayContaining([
        'invalid-arguments echo',
        'invalid-arguments get-sum',
        'valid-calls get-structured-content',
        'valid-calls get-tiny-image',
      ]),
    );
    const reasons = new Map(plan.skippedTools.map((s) => [`${s.tool}${s.probe ? ` (${s.probe})` : ''}`, s.reason]));
    expect(reasons.get('gzip-file-as-resource')).toMatch(/not annotated readOnlyHint: true/);
    expect(reasons.get('toggle-simulated-logging')).toMatch(/not annotated readOnlyHint: true/);
    expect(reasons.get('trigger-long-running-operation')).toMatch(
      /name says it changes or starts something \("trigger"\), even though it is annotated read-only/,
    );
    expect(reasons.get('echo (valid-calls)')).toMatch(/required argument "message" has no default, examples, enum or const/);
    for (const c of plan.calls) expect(c.reason.length).toBeGreaterThan(10);
  });

  it('a full run with probes finishes promptly, calls only read-only tools, and finds nothing at error level', async () => {
    const started = performance.now();
    const config = resolveProbeConfig(undefined, {}, { timeoutMs: 10_000, startupTimeoutMs: 20_000 });
    const capture = await captureStdio(
      { command: process.execPath, args: [SERVER, 'stdio'] },
      { ...DEFAULT_CAPTURE_OPTIONS, probes: probeHook(config) },
    );
    expect(performance.now() - started).toBeLessThan(30_000);
    expect(capture.notes).toEqual([]);
    expect(Object.values(capture.probes).filter((p) => p.status === 'ran').length).toBeGreaterThanOrEqual(8);
    const readOnly = new Set(
      capture.lists.tools.items
        .filter((t) => (t as { annotations?: { readOnlyHint?: boolean } }).annotations?.readOnlyHint === true)
        .map((t) => (t as { name: string }).name),
    );
    for (const probe of ['invalid-arguments', 'valid-calls', 'pagination'])
      for (const call of probeCalls(capture, probe)) expect(readOnly.has(call.tool!), call.tool).toBe(true);
    const result = runRules(capture, { rules: PROBE_RULES, settings: new Map() });
    expect(result.findings.filter((f) => f.level === 'error').map((f) => `${f.ruleId}: ${f.message}`)).toEqual([]);
    expect(summary(result)).toEqual([]);
  });
});

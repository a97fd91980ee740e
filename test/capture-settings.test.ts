/**
 * The capture stage decides none of the run's settings itself: what the connection and the
 * probes receive is the ResolvedRun, which is what --print-config prints. Only captureTarget and
 * the probe hook are replaced (by recorders); the run is loaded and the server acquired for real.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it, vi } from 'vitest';
import { rules } from '../rules/index.js';
import type { ResolvedTarget, TargetCaptureOptions } from '../src/connect/capture-target.js';
import { CAPTURE_VERSION, type Capture } from '../src/model/capture.js';
import type { ResolvedProbeConfig } from '../src/model/probe-types.js';

const seen: { target?: ResolvedTarget; options?: TargetCaptureOptions; probes?: ResolvedProbeConfig } = {};
vi.mock('../src/connect/capture-target.js', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../src/connect/capture-target.js')>()),
  captureTarget: async (target: ResolvedTarget, options: TargetCaptureOptions): Promise<Capture> => {
    seen.target = target;
    seen.options = options;
    await options.probes?.({} as never);
    return emptyCapture(target.kind === 'http' ? target.url : '');
  },
}));
vi.mock('../src/probes/index.js', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../src/probes/index.js')>()),
  probeHook: (config: ResolvedProbeConfig) => {
    seen.probes = config;
    return async () => ({});
  },
}));
const { acquireServer } = await import('../src/session/acquire.js');
const { loadRunConfig } = await import('../src/session/run-config.js');
const { serverInputs } = await import('../src/session/targets.js');

function emptyCapture(url: string): Capture {
  const list = { status: 'skipped' as const, pages: [], items: [] };
  return {
    captureVersion: CAPTURE_VERSION,
    producer: { name: 'mcplint', version: '0' },
    target: { kind: 'http', url, headerNames: [] },
    transport: 'http',
    handshake: { ok: false, requestedVersion: '', reason: 'invalid-result', message: 'not connected', durationMs: 0 },
    lists: { tools: list, prompts: list, resources: list, resourceTemplates: list },
    frames: [],
    stderr: { text: '', totalBytes: 0, truncated: false },
    probes: {},
    timing: { handshakeMs: 0, totalMs: 0 },
    notes: [],
  };
}

it('hands the connection and the probes the settings of the ResolvedRun', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'mcplint-capture-settings-'));
  writeFileSync(join(dir, 'mcplint.config.json'), JSON.stringify({ allowOrigins: ['https://config.example'], probes: { timeout: 300 } }));
  const run = await loadRunConfig({
    cwd: dir,
    rules,
    url: 'https://mcp.example.com/mcp',
    allowOrigins: ['https://flag.example'],
    timeoutMs: 25_000,
    protocol: '2025-06-18',
    probes: { protocolProbes: false },
    noSource: true,
  });
  const { inputs } = await serverInputs(run);
  await acquireServer(inputs[0]!, { run, mode: 'lint', sourceIndexes: new Map(), many: false });
  const { resolved } = run;
  expect(resolved).toMatchObject({ allowOrigins: ['https://flag.example', 'https://config.example'], timeoutMs: 25_000 });
  expect(seen.target).toMatchObject({ url: 'https://mcp.example.com/mcp', allowOrigins: resolved.allowOrigins });
  expect(seen.options).toMatchObject({
    httpProbes: false,
    timeoutMs: resolved.timeoutMs,
    startupTimeoutMs: resolved.startupTimeoutMs,
    protocolVersion: resolved.protocolVersion,
  });
  expect(seen.probes).toEqual(resolved.probes);
  expect(seen.probes).toMatchObject({ timeoutMs: 300, protocol: false });
});

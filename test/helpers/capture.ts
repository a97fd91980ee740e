/**
 * Test helpers: build a capture in memory (fast unit tests of rules) or capture a real fixture
 * server over real stdio (integration tests), and lint with a chosen set of rules.
 */
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import {
  CAPTURE_VERSION,
  type Capture,
  type Frame,
  type Handshake,
  type ListCapture,
  type ListName,
  type ProbeRecord,
} from '../../src/model/capture.js';
import { captureStdio, DEFAULT_CAPTURE_OPTIONS, type CaptureOptions } from '../../src/connect/capture-session.js';
import { runRules, type RunResult, type RuleSetting } from '../../src/engine/run.js';
import { rules as allRules } from '../../rules/index.js';
import type { SourceIndex } from '../../src/model/source-index.js';
import { deepFreeze } from '../../src/shared/freeze.js';
import type { Level } from '../../src/engine/rule.js';
import { probeHook, resolveProbeConfig, type ProbesConfig } from '../../src/probes/index.js';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const fixturePath = (relative: string): string => join(ROOT, 'fixtures', relative);

export interface CaptureSpec {
  protocolVersion?: string;
  serverInfo?: Record<string, unknown>;
  capabilities?: Record<string, unknown>;
  instructions?: string;
  handshake?: Handshake;
  tools?: unknown[];
  prompts?: unknown[];
  resources?: unknown[];
  resourceTemplates?: unknown[];
  lists?: Partial<Record<ListName, ListCapture>>;
  frames?: Frame[];
  probes?: Record<string, ProbeRecord>;
  transport?: Capture['transport'];
  stderr?: string;
}

const list = (items: unknown[] | undefined): ListCapture =>
  items === undefined
    ? { status: 'not-advertised', pages: [], items: [] }
    : { status: 'ok', pages: [{ cursor: null, itemCount: items.length }], items };

/** A capture as if a stdio server had answered with exactly these lists. */
export function makeCapture(spec: CaptureSpec = {}): Capture {
  const protocolVersion = spec.protocolVersion ?? '2025-11-25';
  const capabilities = spec.capabilities ?? {
    ...(spec.tools ? { tools: {} } : {}),
    ...(spec.prompts ? { prompts: {} } : {}),
    ...(spec.resources || spec.resourceTemplates ? { resources: {} } : {}),
  };
  const serverInfo = spec.serverInfo ?? { name: 'bookstore-mcp-server', version: '1.0.0' };
  const handshake: Handshake = spec.handshake ?? {
    ok: true,
    requestedVersion: '2025-11-25',
    protocolVersion,
    serverInfo,
    capabilities,
    ...(spec.instructions ? { instructions: spec.instructions } : {}),
    raw: { protocolVersion, capabilities, serverInfo },
    durationMs: 5,
  };
  return deepFreeze({
    captureVersion: CAPTURE_VERSION,
    producer: { name: 'mcplint', version: 'test' },
    target: { kind: 'stdio', command: 'node', args: ['server.mjs'], envNames: [] },
    transport: spec.transport ?? 'stdio',
    handshake,
    lists: {
      tools: spec.lists?.tools ?? list(spec.tools),
      prompts: spec.lists?.prompts ?? list(spec.prompts),
      resources: spec.lists?.resources ?? list(spec.resources),
      resourceTemplates: spec.lists?.resourceTemplates ?? list(spec.resourceTemplates),
    },
    frames: spec.frames ?? [],
    stderr: { text: spec.stderr ?? '', totalBytes: (spec.stderr ?? '').length, truncated: false },
    probes: spec.probes ?? {},
    timing: { handshakeMs: 5, totalMs: 10 },
    notes: [],
  } satisfies Capture);
}

/** Run a fixture server (a path under fixtures/) with node over real stdio and capture it. */
/**
 * Run a fixture server (a path under fixtures/) with node over real stdio and capture it. The
 * default probes run, as in a real lint (`probeConfig` configures them; `probeConfig: false` turns
 * every probe off; an explicit `probes` hook replaces them).
 */
export function captureFixture(
  relative: string,
  options: Partial<CaptureOptions> & { env?: Record<string, string>; args?: string[]; probeConfig?: ProbesConfig | false } = {},
): Promise<Capture> {
  const { env, args, probeConfig, ...rest } = options;
  const timeouts = { timeoutMs: rest.timeoutMs ?? 5000, startupTimeoutMs: rest.startupTimeoutMs ?? 10_000 };
  const probes = probeConfig === false ? undefined : probeHook(resolveProbeConfig(probeConfig, {}, timeouts));
  return captureStdio(
    { command: process.execPath, args: [fixturePath(relative), ...(args ?? [])], ...(env ? { env } : {}) },
    // A generous exit grace: on a loaded 2-core runner a server that does exit on stdin EOF can
    // take over a second, and slow-shutdown must only fire on fixtures that really ignore it.
    { ...DEFAULT_CAPTURE_OPTIONS, exitGraceMs: 3000, ...timeouts, ...(probes ? { probes } : {}), ...rest },
  );
}

/** Lint with only the named rules (at their default level unless `levels` says otherwise). */
export function lintOnly(capture: Capture, ruleIds: string[], options: Record<string, Record<string, unknown>> = {}): RunResult {
  const rules = allRules.filter((r) => ruleIds.includes(r.id));
  if (rules.length !== ruleIds.length) throw new Error(`Unknown rule in ${ruleIds.join(', ')}`);
  const settings = new Map<string, RuleSetting>(
    rules.map((r) => [r.id, { level: r.severity === 'off' ? 'warning' : r.severity, options: options[r.id] ?? {} }]),
  );
  return runRules(capture, { rules, settings });
}

/** Lint with every rule at its default level (with a source index, the source rules run too). */
export function lintAll(capture: Capture, source?: SourceIndex, levels: Readonly<Record<string, Level>> = {}): RunResult {
  const settings = new Map<string, RuleSetting>(Object.entries(levels).map(([id, level]) => [id, { level, options: {} }]));
  return runRules(capture, { rules: allRules, settings, ...(source ? { source } : {}) });
}

/** Compact view of findings for assertions: "ruleId messageId subjectKey". */
export function summary(result: RunResult): string[] {
  return result.findings.map((f) => {
    const s = f.subject;
    const subject = s.kind === 'server' || s.kind === 'transport' ? s.kind : `${s.kind}:${s.name}${s.pointer ? '#' + s.pointer : ''}`;
    return `${f.ruleId} ${f.messageId} ${subject}`;
  });
}

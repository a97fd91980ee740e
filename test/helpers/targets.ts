/**
 * Test helpers for targets other than a stdio fixture: HTTP fixture servers (started on 127.0.0.1
 * at a free port, URL read from their first stdout line `LISTENING <url>`, stopped afterwards) and
 * client config files (every server captured, then linted with the others as its peers).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { dirname, join } from 'node:path';
import type { Capture } from '../../src/capture.js';
import { DEFAULT_CAPTURE_OPTIONS, type CaptureOptions } from '../../src/connect/capture-session.js';
import { captureHttp, captureTarget } from '../../src/connect/capture-target.js';
import { loadClientConfig } from '../../src/connect/client-config.js';
import type { HttpTransportChoice } from '../../src/connect/http.js';
import { indexCapture } from '../../src/engine/capture-index.js';
import { runRules, type RunResult } from '../../src/engine/run.js';
import { probeHook, resolveProbeConfig } from '../../src/probes/index.js';
import { rules as allRules } from '../../rules/index.js';
import { fixturePath, summary } from './capture.js';

export interface RunningServer {
  readonly url: string;
  readonly child: ChildProcess;
  stop(): Promise<void>;
}

/**
 * Start an HTTP fixture server (a path under fixtures/) and wait for its URL. Raw-server fixtures
 * serve HTTP when MCPLINT_FIXTURE_TRANSPORT=http, which is set here.
 */
export function startHttpFixture(relative: string, options: { args?: string[]; env?: Record<string, string>; timeoutMs?: number } = {}): Promise<RunningServer> {
  const child = spawn(process.execPath, [fixturePath(relative), ...(options.args ?? [])], {
    env: { ...process.env, MCPLINT_FIXTURE_TRANSPORT: 'http', ...options.env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr += d));
  const stop = async (): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.stdin!.end();
    const timer = setTimeout(() => child.kill('SIGKILL'), 1000);
    await gone;
    clearTimeout(timer);
  };
  return new Promise<RunningServer>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${relative} printed no LISTENING line in time\n${out}\n${stderr}`));
    }, options.timeoutMs ?? 30_000);
    child.stdout!.on('data', (d: Buffer) => {
      out += d;
      const m = /LISTENING (\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ url: m[1]!, child, stop });
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${relative} exited (${code}) before listening\n${stderr}`));
    });
  });
}

const timeouts = { timeoutMs: 5000, startupTimeoutMs: 10_000 };

/** The default probes, as a real lint runs them. */
export function defaultProbes(): Pick<CaptureOptions, 'probes'> {
  return { probes: probeHook(resolveProbeConfig(undefined, {}, timeouts)) };
}

/** Start an HTTP fixture, capture it over HTTP (with the default probes), stop it. */
export async function captureHttpFixture(
  relative: string,
  options: { args?: string[]; env?: Record<string, string>; path?: string; transport?: HttpTransportChoice; headers?: Record<string, string>; probes?: boolean } = {},
): Promise<Capture> {
  const server = await startHttpFixture(relative, options);
  try {
    const url = options.path ? server.url.replace(/\/[^/]*$/, options.path) : server.url;
    return await captureHttp(
      { kind: 'http', url, transport: options.transport ?? 'auto', ...(options.headers ? { headers: options.headers } : {}) },
      { ...DEFAULT_CAPTURE_OPTIONS, ...timeouts, ...(options.probes === false ? {} : defaultProbes()) },
    );
  } finally {
    await server.stop();
  }
}

export interface ConfigLint {
  readonly names: readonly string[];
  readonly captures: readonly Capture[];
  readonly results: readonly RunResult[];
  /** Every server's findings as "ruleId messageId subjectKey", in server order. */
  readonly summary: readonly string[];
  readonly skipped: readonly { name: string; reason: string }[];
}

/** Capture every resolvable server of a client config and lint each with all rules, the others as its peers. */
export async function lintConfigFixture(configPath: string, env: Record<string, string | undefined> = process.env): Promise<ConfigLint> {
  const config = loadClientConfig(configPath, { cwd: dirname(configPath), env });
  const servers = config.servers.filter((s) => s.target);
  const captures = await Promise.all(servers.map((s) => captureTarget(s.target!, { ...DEFAULT_CAPTURE_OPTIONS, ...timeouts, ...defaultProbes() })));
  const views = captures.map((capture, i) => ({ name: servers[i]!.name, capture, index: indexCapture(capture) }));
  const results = captures.map((capture, i) =>
    runRules(capture, { rules: allRules, settings: new Map(), ...(views.length > 1 ? { peers: views.filter((_, j) => j !== i) } : {}) }),
  );
  return {
    names: servers.map((s) => s.name),
    captures,
    results,
    summary: results.flatMap((r) => summary(r)),
    skipped: config.servers.filter((s) => !s.target).map((s) => ({ name: s.name, reason: s.problem ?? '' })),
  };
}

export const configFixture = (...parts: string[]): string => join(fixturePath('configs'), ...parts);

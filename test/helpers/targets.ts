/**
 * Test helpers for targets other than a stdio fixture: HTTP fixture servers (started on 127.0.0.1
 * at a free port, URL read from their first stdout line `LISTENING <url>`, stopped afterwards) and
 * client config files (every server captured, then linted with the others as its peers).
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Capture } from '../../src/model/capture.js';
import { DEFAULT_CAPTURE_OPTIONS, type CaptureOptions } from '../../src/connect/capture-session.js';
import { captureHttp } from '../../src/connect/capture-http.js';
import { captureTarget } from '../../src/connect/capture-target.js';
import { loadClientConfig } from '../../src/connect/client-config.js';
import { manifestInput } from '../../src/connect/manifest/manifest-target.js';
import { withManifestPacked, withProjectPacked } from '../../src/session/packed.js';
import type { HttpTransportChoice } from '../../src/connect/http.js';
import { indexCapture } from '../../src/engine/capture-index.js';
import { runRules, type RunResult } from '../../src/engine/run.js';
import { httpProbeHook, probeHook, resolveProbeConfig } from '../../src/probes/index.js';
import { rules as allRules } from '../../rules/index.js';
import { startHttpServer, type HttpFixtureOptions, type RunningServer } from '../../scripts/http-fixture.js';
import { fixturePath, summary } from './capture.js';

export type { RunningServer } from '../../scripts/http-fixture.js';

/**
 * Whether a rule fixture serves Streamable HTTP (its expected.json says `"transport": "http"`):
 * over stdio it would only time out waiting for an answer it never gives.
 */
export function servesHttp(relative: string): boolean {
  const expected = join(dirname(fixturePath(relative)), 'expected.json');
  return existsSync(expected) && (JSON.parse(readFileSync(expected, 'utf8')) as { transport?: string }).transport === 'http';
}

/** Start an HTTP fixture server (a path under fixtures/) and wait for its URL. */
export function startHttpFixture(relative: string, options: HttpFixtureOptions = {}): Promise<RunningServer> {
  return startHttpServer(fixturePath(relative), options);
}

const timeouts = { timeoutMs: 5000, startupTimeoutMs: 10_000 };

/** The default probes, as a real lint runs them. */
export function defaultProbes(): Pick<CaptureOptions, 'probes'> {
  return { probes: probeHook(resolveProbeConfig(undefined, {}, timeouts)) };
}

/** Start an HTTP fixture, capture it over HTTP (with the default probes), stop it. */
export async function captureHttpFixture(
  relative: string,
  options: {
    args?: string[];
    env?: Record<string, string>;
    path?: string;
    transport?: HttpTransportChoice;
    headers?: Record<string, string>;
    probes?: boolean;
    /** mcplint's request (and handshake) timeout, for tests about something other than timing out (5 s otherwise). */
    timeoutMs?: number;
  } = {},
): Promise<Capture> {
  const server = await startHttpFixture(relative, options);
  try {
    const url = options.path ? server.url.replace(/\/[^/]*$/, options.path) : server.url;
    return await captureHttp(
      { kind: 'http', url, transport: options.transport ?? 'auto', ...(options.headers ? { headers: options.headers } : {}) },
      // Without tool and protocol probes, still the HTTP protocol probes, as before.
      {
        ...DEFAULT_CAPTURE_OPTIONS,
        ...timeouts,
        ...(options.timeoutMs
          ? { timeoutMs: options.timeoutMs, startupTimeoutMs: Math.max(options.timeoutMs, timeouts.startupTimeoutMs) }
          : {}),
        probes:
          options.probes === false ? httpProbeHook(resolveProbeConfig(undefined, { probes: false }, timeouts)) : defaultProbes().probes!,
      },
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
  const captures = await Promise.all(
    servers.map((s) => captureTarget(s.target!, { ...DEFAULT_CAPTURE_OPTIONS, ...timeouts, ...defaultProbes() })),
  );
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

/**
 * --manifest as the CLI resolves it (src/connect/manifest/manifest-target.ts): the server the
 * manifest launches, captured with the default probes, or the capture of the manifest alone.
 */
export async function captureManifestFixture(manifestPath: string): Promise<Capture> {
  const input = await manifestInput(manifestPath, dirname(manifestPath));
  try {
    if (input.kind === 'manifest-only') return input.capture;
    // As the run does (src/session/targets.ts): an npm package is checked as npm would publish it.
    const { target } = await withManifestPacked(input.target, 'files', dirname(manifestPath));
    return await captureTarget(target, { ...DEFAULT_CAPTURE_OPTIONS, ...timeouts, ...defaultProbes() });
  } finally {
    input.cleanup();
  }
}

/** A project's script, launched as `mcplint --packed -- node <script>` does: its npm package checked as npm would publish it. */
export async function capturePackedFixture(script: string): Promise<Capture> {
  const { target } = await withProjectPacked({ command: process.execPath, args: [script] }, 'files', dirname(script));
  return captureTarget(target, { ...DEFAULT_CAPTURE_OPTIONS, ...timeouts, ...defaultProbes() });
}

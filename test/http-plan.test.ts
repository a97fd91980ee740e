/**
 * HTTP probes are planned like every other probe: `mcplint plan --url` (and `--dry-run --url`)
 * lists each with its reason and sends none of them; buildPlan plans them from the HTTP session.
 */
import { describe, expect, it } from 'vitest';
import { buildPlan, resolveProbeConfig } from '../src/probes/index.js';
import type { HttpExchange } from '../src/model/capture.js';
import type { HttpPlanInput } from '../src/model/http-probe-types.js';
import { makeCapture } from './helpers/capture.js';
import { runCli } from './helpers/cli.js';
import { loggingProxy, type Logged } from './helpers/logging-proxy.js';
import { startHttpFixture } from './helpers/targets.js';

const HTTP_PROBE_IDS = ['http-notification', 'http-get', 'http-protocol-version', 'http-origin', 'http-session'];

const rpcMethods = (log: readonly Logged[]) => log.filter((r) => r.body).map((r) => (JSON.parse(r.body) as { method?: string }).method);

describe('mcplint plan --url', { timeout: 120_000 }, () => {
  it('lists every HTTP probe with its reason, and sends none of them', async () => {
    const server = await startHttpFixture('http/sdk-server.mjs');
    const proxy = await loggingProxy(server.url);
    try {
      const text = await runCli(['plan', '--url', proxy.url], { timeoutMs: 90_000 });
      expect(text.stderr).toBe('');
      expect(text.code).toBe(0);
      expect(text.stdout).toContain('HTTP requests (7;');
      for (const id of HTTP_PROBE_IDS) expect(text.stdout, id).toContain(`[probe ${id}]`);
      expect(text.stdout).toMatch(/POST ping \[origin: https:\/\/evil\.example\]/);

      const json = JSON.parse((await runCli(['plan', '--url', proxy.url, '--format', 'json'], { timeoutMs: 90_000 })).stdout) as {
        calls: { probe: string; reason: string; http?: { method: string } }[];
      };
      const http = json.calls.filter((c) => c.http);
      expect([...new Set(http.map((c) => c.probe))]).toEqual(HTTP_PROBE_IDS);
      for (const call of http) expect(call.reason.length, call.probe).toBeGreaterThan(20);
      // They come first, before the protocol probes.
      expect(json.calls.slice(0, http.length).every((c) => c.http)).toBe(true);

      // Two plans, each only connecting, listing and ending its session: no probe request reached the server.
      expect(proxy.log.some((r) => r.method === 'GET')).toBe(false);
      expect(proxy.log.some((r) => r.headers.origin !== undefined)).toBe(false);
      expect(proxy.log.some((r) => r.headers['mcp-protocol-version'] === '1900-01-01')).toBe(false);
      expect(proxy.log.some((r) => r.body.includes('mcplint-probe'))).toBe(false);
      const session = new Set([
        'initialize',
        'notifications/initialized',
        'tools/list',
        'prompts/list',
        'resources/list',
        'resources/templates/list',
      ]);
      expect(rpcMethods(proxy.log).filter((m) => !session.has(m ?? ''))).toEqual([]);
      expect(rpcMethods(proxy.log).filter((m) => m === 'initialize')).toHaveLength(2);
      expect(proxy.log.filter((r) => r.method === 'DELETE')).toHaveLength(2); // each plan ends its own session
    } finally {
      await proxy.close();
      await server.stop();
    }
  });

  it('--dry-run --url prints the same plan', async () => {
    const server = await startHttpFixture('http/sdk-server.mjs');
    try {
      const [plan, dry] = await Promise.all([
        runCli(['plan', '--url', server.url], { timeoutMs: 90_000 }),
        runCli(['--dry-run', '--url', server.url], { timeoutMs: 90_000 }),
      ]);
      expect(plan.stdout).toContain('[probe http-session]');
      expect(dry.stdout).toBe(plan.stdout);
    } finally {
      await server.stop();
    }
  });
});

describe('buildPlan on an HTTP session', () => {
  const config = resolveProbeConfig(undefined, {}, { timeoutMs: 1000, startupTimeoutMs: 2000 });
  const session = (http: Partial<HttpPlanInput> = {}) => ({
    ...makeCapture({ protocolVersion: '2025-11-25' }),
    http: { transport: 'http' as const, exchanges: [], ...http },
  });

  it('plans the HTTP probes first, each step with its reason', () => {
    const plan = buildPlan(session({ sessionId: 'abc' }), config);
    const http = plan.steps.filter((s) => s.http);
    expect(http.map((s) => `${s.index} ${s.probe} ${s.http!.method} ${s.method}`)).toEqual([
      '1 http-get GET GET',
      '2 http-protocol-version POST ping',
      '3 http-origin POST ping',
      '4 http-session POST initialize',
      '5 http-session DELETE DELETE',
      '6 http-session POST ping',
    ]);
    // No notifications/initialized exchange in this input: nothing to judge.
    expect(plan.skippedProbes).toContainEqual({ probe: 'http-notification', reason: 'no notifications/initialized exchange was recorded' });
    expect(plan.steps[6]!.probe).toBe('ping');
  });

  it('plans http-protocol-version by the order of versions, not their text: a version mcplint does not know counts as newest', () => {
    const planned = (protocolVersion: string) =>
      buildPlan({ ...makeCapture({ protocolVersion }), http: { transport: 'http' as const, exchanges: [] } }, config).steps.some(
        (s) => s.probe === 'http-protocol-version',
      );
    expect(planned('2025-03-26')).toBe(false);
    expect(planned('2025-06-18')).toBe(true);
    // Sorts before 2025-06-18 as text, but is no version mcplint knows (src/shared/protocol-version.ts).
    expect(planned('2025-01-01')).toBe(true);
  });

  it('plans one GET with Last-Event-ID when two response streams carried event ids, and none otherwise', () => {
    const stream = (seq: number, rpcMethod: string, eventIds: string[]): HttpExchange => ({
      ...{ seq, at: seq, phase: 'listing' as const, method: 'POST' as const, url: 'http://127.0.0.1:1/mcp', purpose: 'message' as const },
      ...{ rpcMethod, rpcKind: 'request' as const, requestHeaders: {}, userHeaders: [], status: 200 },
      body: { kind: 'sse', bytes: 50, events: eventIds.length, eventIds },
    });
    const two = buildPlan(
      session({ exchanges: [stream(0, 'initialize', ['s1-0', 's1-1']), stream(2, 'tools/list', ['s2-0', 's2-1'])] }),
      config,
    );
    const resume = two.steps.filter((s) => s.probe === 'http-resume');
    expect(resume.map((s) => `${s.http!.method} ${JSON.stringify(s.http!.headers)}`)).toEqual(['GET {"last-event-id":"s1-0"}']);
    expect(resume[0]!.reason).toMatch(/initialize \(exchange 0\).*1 other stream/);
    const one = buildPlan(session({ exchanges: [stream(0, 'initialize', ['s1-0'])] }), config);
    expect(one.steps.some((s) => s.probe === 'http-resume')).toBe(false);
    expect(one.skippedProbes.find((s) => s.probe === 'http-resume')?.reason).toMatch(/fewer than two/);
  });

  it('skips what the legacy HTTP+SSE transport does not have, with why', () => {
    const plan = buildPlan(session({ transport: 'sse' }), config);
    expect(plan.steps.filter((s) => s.http).map((s) => s.probe)).toEqual(['http-origin']);
    const skipped = plan.skippedProbes.filter((s) => s.probe.startsWith('http-'));
    expect(skipped.map((s) => s.probe)).toEqual(['http-notification', 'http-get', 'http-protocol-version', 'http-session', 'http-resume']);
    expect(skipped.find((s) => s.probe === 'http-session')?.reason).toBe(
      'the legacy HTTP+SSE transport keeps its session in the endpoint URL',
    );
  });

  it('plans no HTTP probe, not even a skipped one, for a stdio session', () => {
    const plan = buildPlan(
      makeCapture({}),
      resolveProbeConfig(undefined, { protocolProbes: false }, { timeoutMs: 1000, startupTimeoutMs: 2000 }),
    );
    expect([...plan.steps, ...plan.skippedProbes].some((s) => s.probe.startsWith('http-'))).toBe(false);
  });
});

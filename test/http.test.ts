/**
 * Streamable HTTP, legacy HTTP+SSE and 2026-07-28 servers, for real: fixture servers on 127.0.0.1
 * at a free port, captured over HTTP, linted with every rule. The same server yields the same tool
 * findings over HTTP as over stdio; the HTTP rules judge the transport itself.
 */
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { captureHttp } from '../src/connect/capture-http.js';
import { DEFAULT_CAPTURE_OPTIONS } from '../src/connect/capture-session.js';
import { lint } from '../src/session/lint.js';
import { rules } from '../rules/index.js';
import { captureFixture, fixturePath, lintAll, summary } from './helpers/capture.js';
import { runCli } from './helpers/cli.js';
import { captureHttpFixture, startHttpFixture } from './helpers/targets.js';
import { sharedFixtureCapture } from './helpers/shared-capture.js';

const toolFindings = (lines: string[]) => lines.filter((l) => l.split(' ')[2]!.startsWith('tool:')).sort();
/** initialize-result-schema judges the initialize result, which 2026-07-28 servers do not have. */
const legacyOnly = (lines: string[]) => lines.filter((l) => !l.startsWith('initialize-result-schema '));

describe.concurrent('Streamable HTTP', { timeout: 120_000 }, () => {
  it('lints the SDK Streamable HTTP server cleanly, with every HTTP probe run', async () => {
    const capture = await captureHttpFixture('http/sdk-server.mjs');
    expect(capture.transport).toBe('http');
    expect(capture.handshake.ok).toBe(true);
    expect(capture.lists.tools.items).toHaveLength(3);
    for (const id of ['http-notification', 'http-get', 'http-protocol-version', 'http-origin', 'http-session'])
      expect(capture.probes[id]?.status, id).toBe('ran');
    // SSE-framed answers are recorded as frames tagged with their exchange.
    const listFrame = capture.frames.find((f) => f.kind === 'message' && f.dir === 'recv' && f.phase === 'listing');
    expect(listFrame && listFrame.kind === 'message' ? listFrame.http : undefined).toMatchObject({
      method: 'POST',
      status: 200,
      contentType: 'text/event-stream',
    });
    expect(capture.exchanges!.at(-1)).toMatchObject({ method: 'DELETE', purpose: 'terminate', status: 200 });
    expect(summary(lintAll(capture))).toEqual([]);
  });

  it('answers with JSON too (enableJsonResponse)', async () => {
    const capture = await captureHttpFixture('http/sdk-server.mjs', { args: ['--json'] });
    expect(capture.exchanges!.find((e) => e.rpcMethod === 'tools/list')?.contentType).toBe('application/json');
    expect(summary(lintAll(capture))).toEqual([]);
  });

  it('reports every HTTP defect of the misbehaving raw server, and only those', async () => {
    const capture = await captureHttpFixture('http/misbehaving-server.mjs');
    const found = summary(lintAll(capture)).sort();
    expect(found).toEqual([
      'http-content-type wrongType transport',
      'http-get-stream wrongStatus transport',
      'http-notification-accepted wrongStatus transport',
      'http-origin-validated notRejected transport',
      'http-protocol-version-rejected accepted transport',
      'http-session-not-found terminated transport',
    ]);
    for (const f of lintAll(capture).findings) expect(f.evidence, f.ruleId).toMatch(/^(POST|GET|DELETE) \/mcp/);
  });

  // Every one-defect stdio fixture that is a raw server, served over HTTP instead: same tool findings.
  const rawFixtures = readdirSync(fixturePath('rules'))
    .filter((id) => {
      const expected = JSON.parse(readFileSync(fixturePath(join('rules', id, 'expected.json')), 'utf8')) as {
        findings: string[];
        transport?: string;
        config?: string;
        source?: boolean;
      };
      if (expected.transport || expected.config || expected.source) return false;
      const source = readFileSync(fixturePath(join('rules', id, 'bad.mjs')), 'utf8');
      return source.includes('serveRaw(') && !source.includes('stdoutBanner') && expected.findings.some((f) => f.includes(' tool:'));
    })
    .sort();
  for (const id of rawFixtures) {
    it(`${id}: the same tool findings over HTTP as over stdio`, async () => {
      const [http, stdio] = await Promise.all([
        captureHttpFixture(join('rules', id, 'bad.mjs')),
        sharedFixtureCapture(join('rules', id, 'bad.mjs')),
      ]);
      expect(toolFindings(summary(lintAll(http)))).toEqual(toolFindings(summary(lintAll(stdio))));
    });
  }

  it('never records or reports header values', async () => {
    const server = await startHttpFixture('http/sdk-server.mjs');
    try {
      const dir = mkdtempSync(join(tmpdir(), 'mcplint-http-'));
      const token = 'mcplint-test-token-4f7a1c9e2b';
      const { report, captures } = await lint({
        cwd: dir,
        rules,
        noConfig: true,
        noSource: true,
        url: server.url,
        headers: { Authorization: `Bearer ${token}`, 'X-Api-Key': token },
        saveCapture: join(dir, 'capture.json'),
      });
      expect(captures[0]!.target).toMatchObject({ kind: 'http', headerNames: ['Authorization', 'X-Api-Key'] });
      expect(captures[0]!.exchanges![0]!.userHeaders).toEqual(['Authorization', 'X-Api-Key']);
      expect(readFileSync(join(dir, 'capture.json'), 'utf8')).not.toContain(token);
      expect(JSON.stringify(report)).not.toContain(token);
    } finally {
      await server.stop();
    }
  });

  it('reports an unreachable server as a handshake finding, at once', async () => {
    const port = await closedPort();
    const started = Date.now();
    const capture = await captureHttp(
      { kind: 'http', url: `http://127.0.0.1:${port}/mcp` },
      { ...DEFAULT_CAPTURE_OPTIONS, timeoutMs: 5000 },
    );
    expect(Date.now() - started).toBeLessThan(3000);
    expect(capture.handshake).toMatchObject({ ok: false, reason: 'connection-failed' });
    expect(summary(lintAll(capture))).toEqual(['handshake connectionFailed server']);
  });
});

describe.concurrent('legacy HTTP+SSE (2024-11-05)', { timeout: 120_000 }, () => {
  it('falls back from Streamable HTTP and says so', async () => {
    const capture = await captureHttpFixture('http/legacy-sse-server.mjs');
    expect(capture.transport).toBe('sse');
    expect(capture.notes.join('\n')).toContain('legacy HTTP+SSE transport');
    expect(capture.exchanges![0]).toMatchObject({ method: 'POST', status: 405 });
    expect(capture.lists.tools.items).toHaveLength(3);
    expect(capture.probes['http-origin']?.status).toBe('ran');
    expect(summary(lintAll(capture))).toEqual([]);
  });

  it('goes straight to the SSE stream with --transport sse', async () => {
    const capture = await captureHttpFixture('http/legacy-sse-server.mjs', { transport: 'sse' });
    expect(capture.transport).toBe('sse');
    expect(capture.exchanges![0]).toMatchObject({ method: 'GET', purpose: 'sse-stream', status: 200, contentType: 'text/event-stream' });
    expect(summary(lintAll(capture))).toEqual([]);
  });
});

describe.concurrent('2026-07-28 servers', { timeout: 120_000 }, () => {
  it('detects the era over stdio and captures the same lists through server/discover', async () => {
    const capture = await captureFixture('modern/server.mjs');
    expect(capture.handshake).toMatchObject({
      ok: true,
      protocolVersion: '2026-07-28',
      via: 'server/discover',
      serverInfo: { name: 'bookstore-mcp-server' },
    });
    expect(capture.lists.tools.items).toHaveLength(3);
    expect(capture.lists.resourceTemplates.items).toHaveLength(1);
    const sent = capture.frames.filter((f) => f.kind === 'message' && f.dir === 'send' && f.phase === 'listing');
    for (const f of sent)
      expect((f.kind === 'message' && (f.message as { params?: { _meta?: object } }).params?._meta) || {}).toHaveProperty(
        ['io.modelcontextprotocol/protocolVersion'],
        '2026-07-28',
      );
    expect(legacyOnly(summary(lintAll(capture)))).toEqual([]);
  });

  it('skips initialize with --protocol 2026-07-28', async () => {
    const capture = await captureFixture('modern/server.mjs', { protocolVersion: '2026-07-28' });
    expect(capture.handshake.ok && capture.handshake.via).toBe('server/discover');
    expect(capture.frames.some((f) => f.kind === 'message' && (f.message as { method?: string }).method === 'initialize')).toBe(false);
  });

  it('speaks the 2026-07-28 Streamable HTTP wire (headers mirrored, no sessions)', async () => {
    const capture = await captureHttpFixture('modern/server.mjs');
    expect(capture.handshake).toMatchObject({ ok: true, protocolVersion: '2026-07-28', via: 'server/discover' });
    const list = capture.exchanges!.find((e) => e.rpcMethod === 'tools/list')!;
    expect(list.requestHeaders).toMatchObject({ 'mcp-method': 'tools/list', 'mcp-protocol-version': '2026-07-28' });
    expect(capture.probes['http-session']).toMatchObject({ status: 'skipped' });
    expect(capture.probes['http-protocol-version']).toMatchObject({ status: 'ran', data: { status: 400, errorCode: -32022 } });
    expect(legacyOnly(summary(lintAll(capture)))).toEqual([]);
  });

  it('has the same tool findings as the legacy bookstore', async () => {
    const [modern, legacy] = await Promise.all([captureFixture('modern/server.mjs'), captureFixture('clean-server.mjs')]);
    expect(toolFindings(summary(lintAll(modern)))).toEqual(toolFindings(summary(lintAll(legacy))));
  });
});

describe.concurrent('mcplint --url (CLI)', { timeout: 120_000 }, () => {
  it('lints a Streamable HTTP server and names the transport', async () => {
    const server = await startHttpFixture('http/misbehaving-server.mjs');
    try {
      const r = await runCli(['--url', server.url, '--header', 'Authorization: Bearer cli-secret-value-123456'], { timeoutMs: 90_000 });
      expect(r.stdout).toContain('(http · protocol 2025-11-25');
      expect(r.stdout).toContain('http-origin-validated');
      expect(r.stdout + r.stderr).not.toContain('cli-secret-value-123456');
      expect(r.code).toBe(1);
    } finally {
      await server.stop();
    }
  });

  it('refuses --header without --url', async () => {
    const r = await runCli(['--header', 'X: y', '--', process.execPath, fixturePath('clean-server.mjs')], { timeoutMs: 90_000 });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--header and --transport go with --url');
  });
});

function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

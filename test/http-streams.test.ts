/**
 * Streamable HTTP beyond the single exchange: version negotiation in a second, throw-away session
 * (the linted one left alone), session ids, SSE priming events and retry fields, resumption with
 * Last-Event-ID. Each defect has an HTTP fixture and a clean twin, both captured for real.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_CAPTURE_OPTIONS } from '../src/connect/capture-session.js';
import { captureHttp } from '../src/connect/capture-http.js';
import { lintAll, summary } from './helpers/capture.js';
import { loggingProxy } from './helpers/logging-proxy.js';
import { defaultProbes, startHttpFixture } from './helpers/targets.js';

const timeouts = { timeoutMs: 5000, startupTimeoutMs: 10_000 };

describe.concurrent('version negotiation over Streamable HTTP', { timeout: 60_000 }, () => {
  it('opens a second session for the bogus version, ends it with DELETE, and leaves the linted session alone', async () => {
    const server = await startHttpFixture('clean-server.mjs');
    const proxy = await loggingProxy(server.url);
    try {
      const capture = await captureHttp(
        { kind: 'http', url: proxy.url, transport: 'auto' },
        { ...DEFAULT_CAPTURE_OPTIONS, ...timeouts, ...defaultProbes() },
      );
      const record = capture.probes['version-negotiation'];
      expect(record?.status).toBe('ran');

      const bogus = proxy.log.filter((r) => r.body.includes('"1900-01-01"') && r.body.includes('"initialize"'));
      expect(bogus).toHaveLength(1);
      // A session of its own: sent without the linted session's id.
      expect(bogus[0]!.headers['mcp-session-id']).toBeUndefined();

      const initializes = proxy.log.filter((r) => r.body.includes('"method":"initialize"'));
      const deletes = proxy.log.filter((r) => r.method === 'DELETE').map((r) => r.headers['mcp-session-id']);
      const linted = proxy.log.find((r) => r.body.includes('"tools/list"'))!.headers['mcp-session-id'];
      // The linted session is ended once, at the very end: nothing the probe did ended it earlier.
      expect(deletes.filter((id) => id === linted)).toHaveLength(1);
      expect(proxy.log.at(-1)!.method).toBe('DELETE');
      expect(proxy.log.at(-1)!.headers['mcp-session-id']).toBe(linted);
      // Every throw-away session (http-session's, version-negotiation's) was ended too.
      expect(deletes.length).toBe(initializes.length);
      expect(summary(lintAll(capture)).filter((f) => f.startsWith('version-negotiation'))).toEqual([]);
    } finally {
      await proxy.close();
      await server.stop();
    }
  });

  it('finds an echoed bogus version over HTTP as over stdio', async () => {
    const server = await startHttpFixture('rules/version-negotiation/bad.mjs');
    try {
      const capture = await captureHttp(
        { kind: 'http', url: server.url, transport: 'auto' },
        { ...DEFAULT_CAPTURE_OPTIONS, ...timeouts, ...defaultProbes() },
      );
      expect(summary(lintAll(capture)).filter((f) => f.startsWith('version-negotiation'))).toEqual(['version-negotiation echoed server']);
    } finally {
      await server.stop();
    }
  });
});

const STREAM_RULES = ['http-sse-priming', 'http-sse-retry', 'http-resume-own-stream', 'http-session-id-chars'];
const streamFindings = (capture: Awaited<ReturnType<typeof captureHttp>>) =>
  summary(lintAll(capture)).filter((f) => STREAM_RULES.some((id) => f.startsWith(`${id} `)));

describe.concurrent('resumable SSE streams', { timeout: 60_000 }, () => {
  it('the clean twin primes every stream, sends retry before closing one early, and replays only the resumed stream', async () => {
    const server = await startHttpFixture('http/resumable-server.mjs');
    const proxy = await loggingProxy(server.url);
    try {
      const capture = await captureHttp(
        { kind: 'http', url: proxy.url, transport: 'auto' },
        { ...DEFAULT_CAPTURE_OPTIONS, ...timeouts, ...defaultProbes() },
      );
      expect(streamFindings(capture)).toEqual([]);
      // ping's stream was closed early: mcplint waited, resumed it with Last-Event-ID, and got the answer there.
      const resumes = (capture.exchanges ?? []).filter((e) => e.purpose === 'resume');
      expect(resumes.length).toBeGreaterThan(0);
      expect(resumes.every((e) => e.method === 'GET' && /^s\d+-0$/.test(e.requestHeaders['last-event-id'] ?? ''))).toBe(true);
      expect(summary(lintAll(capture)).filter((f) => f.startsWith('ping-responds'))).toEqual([]);
      // The resume probe ran, sent one GET with the first event id of the first listed stream, and nothing else.
      const record = capture.probes['http-resume'];
      expect(record?.status).toBe('ran');
      const probeGets = proxy.log.filter((r) => r.method === 'GET' && r.headers['last-event-id'] !== undefined);
      expect(probeGets.map((r) => r.headers['last-event-id'])).toContain('s1-0');
      expect(proxy.log.filter((r) => r.body.includes('"tools/call"')).every((r) => !r.body.includes('mcplint-probe'))).toBe(true);
    } finally {
      await proxy.close();
      await server.stop();
    }
  });

  it('a server without event ids is not judged on priming or resumption, and the resume probe says why', async () => {
    const server = await startHttpFixture('clean-server.mjs', { env: {} });
    try {
      const capture = await captureHttp(
        { kind: 'http', url: server.url, transport: 'auto' },
        { ...DEFAULT_CAPTURE_OPTIONS, ...timeouts, ...defaultProbes() },
      );
      expect(streamFindings(capture)).toEqual([]);
      const record = capture.probes['http-resume'];
      expect(record?.status).toBe('skipped');
      expect(record?.status === 'skipped' && record.reason).toMatch(/event ids/);
    } finally {
      await server.stop();
    }
  });
});

describe('reading a stream until it is quiet', { timeout: 20_000 }, () => {
  it('an exchange with idleMs stops reading a stream left open once no byte has come for that long', async () => {
    const { createServer } = await import('node:http');
    const server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write('id: r-1\ndata: {"jsonrpc":"2.0","method":"notifications/message","params":{}}\n\n');
      // …and never ends.
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    const { HttpConnection } = await import('../src/connect/http.js');
    const connection = new HttpConnection({ url: `http://127.0.0.1:${port}/mcp`, transport: 'http' }, { timeoutMs: 60_000 });
    try {
      // maxMs far beyond the test's timeout: only idleMs can end it in time.
      const result = await connection.exchange({ method: 'GET', purpose: 'probe', maxMs: 60_000, idleMs: 200 });
      expect(result.status).toBe(200);
      expect(result.lastEventId).toBe('r-1');
      expect(connection.exchanges[result.index]!.body).toMatchObject({ kind: 'sse', events: 1, truncated: true, eventIds: ['r-1'] });
    } finally {
      await connection.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

/**
 * The handshake rule against real servers over real stdio: a crash before initialize, a server that
 * never answers, one that answers with garbage, one that answers with an error, and a command that
 * does not exist. Each must end quickly with the right finding, and leave no process behind.
 */
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { captureStdio, DEFAULT_CAPTURE_OPTIONS } from '../src/connect/capture-session.js';
import { runRules } from '../src/engine/run.js';
import handshake from '../rules/handshake.js';
import { captureFixture, summary } from './helpers/capture.js';
import type { Capture } from '../src/model/capture.js';
import { sharedFixtureCapture } from './helpers/shared-capture.js';

const lint = (capture: Capture) => runRules(capture, { rules: [handshake], settings: new Map() });

describe.concurrent('handshake over stdio', () => {
  it('a server that exits before initialize: reason and stderr tail', async () => {
    const capture = await sharedFixtureCapture('rules/handshake/bad.mjs');
    const result = lint(capture);
    expect(summary(result)).toEqual(['handshake exited server']);
    expect(result.findings[0]!.message).toBe('Server exited with exit code 1 before answering initialize; its stderr (quoted) shows why.');
    expect(result.findings[0]!.evidence).toContain('Error: DATABASE_URL is not set');
  });

  it('a server that never answers: timeout after startupTimeoutMs, no hang, process reaped', async () => {
    const started = performance.now();
    // A marker of this test's own on the server's command line: other tests run the same fixture at the same time.
    const marker = `--test-marker=handshake-${process.pid}-${Date.now().toString(36)}`;
    const capture = await captureFixture('protocol/never-answers.mjs', { args: [marker], startupTimeoutMs: 500, exitGraceMs: 200 });
    expect(performance.now() - started).toBeLessThan(5000);
    const result = lint(capture);
    expect(summary(result)).toEqual(['handshake timeout server']);
    expect(result.findings[0]!.message).toContain('within 500 ms');
    expect(result.findings[0]!.evidence).toContain('waiting for the license server');
    // It ignores stdin closing, so it had to be signalled.
    expect(capture.exit?.how).toBe('sigterm');
    const processes = execFileSync('ps', ['-eo', 'args'], { encoding: 'utf8' });
    expect(processes).not.toContain(marker);
  });

  it('a server that answers initialize without a protocolVersion', async () => {
    const result = lint(await captureFixture('protocol/garbage-initialize.mjs'));
    expect(summary(result)).toEqual(['handshake invalidResult server']);
    expect(result.findings[0]!.message).toContain('(no protocolVersion string)');
    expect(result.findings[0]!.evidence).toContain('"serverInfo"');
  });

  it('a server that answers initialize with a JSON-RPC error', async () => {
    const result = lint(await captureFixture('protocol/error-initialize.mjs'));
    expect(summary(result)).toEqual(['handshake errorResponse server']);
    expect(result.findings[0]!.message).toContain('(-32602 "Unsupported protocol version")');
    expect(result.findings[0]!.message).toContain('supports only 2026-07-28');
    expect(result.findings[0]!.evidence).toBe('rejecting initialize for protocol 2025-11-25');
  });

  it('a command that does not exist', async () => {
    const capture = await captureStdio(
      { command: '/nonexistent/bookstore-mcp-server', args: [] },
      { ...DEFAULT_CAPTURE_OPTIONS, timeoutMs: 2000, startupTimeoutMs: 2000 },
    );
    const result = lint(capture);
    expect(summary(result)).toEqual(['handshake spawnFailed server']);
    expect(result.findings[0]!.message).toContain('ENOENT');
  });

  it('asked for 2026-07-28, a server of an earlier version is linted on the version it speaks', async () => {
    // It does not know server/discover (-32601): expected of it, not a failed handshake.
    const capture = await captureFixture('clean-server.mjs', { protocolVersion: '2026-07-28', probeConfig: false });
    expect(capture.handshake).toMatchObject({ ok: true, protocolVersion: '2025-11-25' });
    expect(lint(capture).findings).toEqual([]);
    expect(capture.notes.join('\n')).toMatch(
      /^The server does not know server\/discover \(code -32601: Method not found[^)]*\), as a server of a protocol version before 2026-07-28 does not: mcplint linted it on 2025-11-25, the version it negotiated with initialize\.$/,
    );
  });

  it('the clean server passes', async () => {
    expect(lint(await sharedFixtureCapture('clean-server.mjs')).findings).toEqual([]);
  });
});

/**
 * Diagnoses say what happened: a missing working directory is named as such (not "spawn node
 * ENOENT"), and failures of HTTP targets give advice about the URL, never about stdin or stderr.
 */
import { describe, expect, it } from 'vitest';
import type { Capture, Handshake } from '../src/model/capture.js';
import { captureStdio, DEFAULT_CAPTURE_OPTIONS } from '../src/connect/capture-session.js';
import rule from '../rules/handshake.js';
import { makeCapture } from './helpers/capture.js';
import { runRule } from './helpers/rule-tester.js';

const MISSING_DIR = '/nonexistent-mcplint-test-dir/server';

function overHttp(handshake: Extract<Handshake, { ok: false }>): Capture {
  return { ...makeCapture({ handshake, transport: 'http' }), target: { kind: 'http', url: 'http://127.0.0.1:9/mcp', headerNames: [] } };
}

describe('handshake diagnoses', () => {
  it('a cwd that does not exist is reported as such, before any spawn error blames the command', async () => {
    const capture = await captureStdio(
      { command: process.execPath, args: ['server.mjs'], cwd: MISSING_DIR },
      { ...DEFAULT_CAPTURE_OPTIONS, timeoutMs: 5000, startupTimeoutMs: 5000 },
    );
    expect(capture.handshake).toMatchObject({ ok: false, reason: 'spawn-failed' });
    const [finding] = runRule(rule, capture).findings;
    expect(finding).toMatchObject({ messageId: 'cwdMissing', level: 'error' });
    expect(finding!.message).toBe(
      `Server could not be started: the working directory ${MISSING_DIR} does not exist; create it, or correct the working directory (cwd) the server is configured with.`,
    );
    expect(finding!.message).not.toContain('ENOENT');
  });

  it('an HTTP target that does not answer initialize: no advice about stdin', () => {
    const capture = overHttp({
      ok: false,
      requestedVersion: '2025-11-25',
      reason: 'timeout',
      message: 'The server did not answer initialize within 500 ms.',
      durationMs: 500,
    });
    const [finding] = runRule(rule, capture).findings;
    expect(finding!.messageId).toBe('timeoutHttp');
    expect(finding!.message).toBe(
      'Server did not answer initialize within 500 ms; it may be waiting for configuration or a service, and its own logs may show which.',
    );
  });

  it('an HTTP target that cannot be reached: advice about the URL, not stderr', () => {
    const message = 'The server could not be reached at its URL: connect ECONNREFUSED 127.0.0.1:9.';
    const capture = overHttp({ ok: false, requestedVersion: '2025-11-25', reason: 'connection-failed', message, durationMs: 3 });
    const [finding] = runRule(rule, capture).findings;
    expect(finding!.messageId).toBe('connectionFailed');
    expect(finding!.message).toBe(
      'Server could not be reached (connect ECONNREFUSED 127.0.0.1:9); check that it is running and listening at that URL; its own logs may show why.',
    );
  });
});

import { describe, expect, it } from 'vitest';
import type { Capture, Handshake } from '../../src/model/capture.js';
import rule from '../../rules/handshake.js';
import { stderrTail } from '../../rules/lib/stderr.js';
import { makeCapture, summary } from '../helpers/capture.js';
import { runRule } from '../helpers/rule-tester.js';

const RULE = 'handshake';
const run = (capture: Capture) => runRule(rule, capture);

function failed(
  reason: Extract<Handshake, { ok: false }>['reason'],
  extra: Partial<Extract<Handshake, { ok: false }>> = {},
  spec: Parameters<typeof makeCapture>[0] = {},
): Capture {
  const handshake: Handshake = {
    ok: false,
    requestedVersion: '2025-11-25',
    reason,
    message: `failed: ${reason}`,
    durationMs: 42,
    ...extra,
  };
  return makeCapture({ ...spec, handshake });
}

describe(RULE, () => {
  it('is silent when the handshake succeeded', () => {
    expect(run(makeCapture({ stderr: 'some log\n' })).findings).toEqual([]);
  });

  it('runs although the handshake failed (no requirements)', () => {
    const result = run(failed('exited'));
    expect(result.skipped).toEqual([]);
    expect(result.ran).toEqual([RULE]);
  });

  it('reports an early exit with the exit code and the stderr tail as evidence', () => {
    const capture: Capture = {
      ...failed(
        'exited',
        { message: 'The server exited before answering initialize.' },
        { stderr: 'Starting…\nError: DATABASE_URL is not set\n\n' },
      ),
      exit: { how: 'exited-early', code: 1, signal: null, at: 80 },
    };
    const [finding] = run(capture).findings;
    expect(summary(run(capture))).toEqual([`${RULE} exited server`]);
    expect(finding!.level).toBe('error');
    expect(finding!.message).toBe('Server exited with exit code 1 before answering initialize; its stderr (quoted) shows why.');
    expect(finding!.evidence).toBe('Starting…\nError: DATABASE_URL is not set');
  });

  it('says so when an exited server wrote nothing to stderr, and has no evidence', () => {
    const capture: Capture = { ...failed('exited'), exit: { how: 'exited-early', code: null, signal: 'SIGSEGV', at: 80 } };
    const [finding] = run(capture).findings;
    expect(finding!.message).toContain('exited on signal SIGSEGV before answering initialize');
    expect(finding!.message).toContain('wrote nothing to stderr');
    expect(finding!.evidence).toBeUndefined();
  });

  it('has one message per failure reason', () => {
    const ids = (['spawn-failed', 'exited', 'timeout', 'error-response', 'invalid-result', 'connection-failed'] as const).map((reason) =>
      run(failed(reason)).findings.map((f) => f.messageId),
    );
    expect(ids).toEqual([['spawnFailed'], ['exited'], ['timeout'], ['errorResponse'], ['invalidResult'], ['connectionFailed']]);
  });

  it('reports a spawn failure with the system error', () => {
    const capture = failed('spawn-failed', { message: 'The server could not be started: spawn nosuchcmd ENOENT' });
    expect(run(capture).findings[0]!.message).toBe(
      'Server could not be started (spawn nosuchcmd ENOENT); check that the command exists, is on PATH and is executable.',
    );
  });

  it('reports a timeout with its duration, and points at stdout pollution when there was some', () => {
    const plain = failed('timeout', { message: 'The server did not answer initialize within 500 ms.' });
    expect(run(plain).findings[0]!.message).toMatch(/^Server did not answer initialize within 500 ms; it may be waiting/);
    const polluted = failed(
      'timeout',
      { message: 'The server did not answer initialize within 500 ms.' },
      {
        frames: [
          { kind: 'noise', dir: 'recv', noise: 'not-json', offset: 0, bytes: 1, text: '{', seq: 0, at: 1, phase: 'before-initialize' },
        ],
      },
    );
    expect(run(polluted).findings[0]!.message).toContain('stdout-pollution');
  });

  it('reports an error response with code, message and the versions the server supports', () => {
    const capture = failed('error-response', {
      error: { code: -32602, message: 'Unsupported protocol version', data: { supported: ['2026-07-28'] } },
    });
    const [finding] = run(capture).findings;
    expect(finding!.message).toBe(
      'Server answered initialize with a JSON-RPC error (-32602 "Unsupported protocol version") instead of its protocol version and capabilities; it says it supports only 2026-07-28, not the requested 2025-11-25.',
    );
    expect(finding!.evidence).toContain('"code":-32602');
  });

  it('prefers the stderr tail as evidence for an error response when there is stderr', () => {
    const capture = failed(
      'error-response',
      { error: { code: -32603, message: 'Internal error' } },
      { stderr: 'TypeError: x is undefined\n' },
    );
    expect(run(capture).findings[0]!.evidence).toBe('TypeError: x is undefined');
  });

  it('says what is wrong with an unusable initialize result', () => {
    const noVersion = failed('invalid-result', { raw: { capabilities: {}, serverInfo: { name: 'x', version: '1' } } });
    expect(run(noVersion).findings[0]!.message).toContain('(no protocolVersion string)');
    const noCaps = failed('invalid-result', { raw: { protocolVersion: '2025-11-25' } });
    expect(run(noCaps).findings[0]!.message).toContain('(no capabilities object)');
    const notObject = failed('invalid-result', { raw: 'ok' });
    expect(run(notObject).findings[0]!.message).toContain('(the result is a string, not an object)');
    expect(run(notObject).findings[0]!.evidence).toBe('"ok"');
  });
});

describe('stderrTail', () => {
  it('keeps the last 15 lines, trimmed', () => {
    const text = Array.from({ length: 40 }, (_, i) => `line ${i + 1}`).join('\n') + '\n\n';
    const tail = stderrTail(text)!;
    expect(tail.split('\n')).toHaveLength(15);
    expect(tail.startsWith('line 26\n')).toBe(true);
    expect(tail.endsWith('line 40')).toBe(true);
  });

  it('keeps at most ~1500 characters of very long lines', () => {
    const tail = stderrTail('x'.repeat(5000) + 'END')!;
    expect(tail.length).toBeLessThanOrEqual(1501);
    expect(tail.startsWith('…')).toBe(true);
    expect(tail.endsWith('END')).toBe(true);
  });

  it('is undefined for empty or whitespace-only stderr', () => {
    expect(stderrTail('')).toBeUndefined();
    expect(stderrTail(' \n\r\n')).toBeUndefined();
  });
});

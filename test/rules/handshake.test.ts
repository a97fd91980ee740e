import { describe, expect, it } from 'vitest';
import type { Capture, Handshake } from '../../src/model/capture.js';
import rule from '../../rules/handshake.js';
import { stderrTail } from '../../rules/lib/stderr.js';
import { makeCapture } from '../helpers/capture.js';
import { ruleTester } from '../helpers/rule-tester.js';

const RULE = 'handshake';

function failed(
  reason: Extract<Handshake, { ok: false }>['reason'],
  extra: Partial<Extract<Handshake, { ok: false }>> = {},
  spec: Parameters<typeof makeCapture>[0] = {},
): () => Capture {
  const handshake: Handshake = {
    ok: false,
    requestedVersion: '2025-11-25',
    reason,
    message: `failed: ${reason}`,
    durationMs: 42,
    ...extra,
  };
  return () => makeCapture({ ...spec, handshake });
}

describe(RULE, () => {
  ruleTester(rule).run({
    valid: [{ name: 'is silent when the handshake succeeded', capture: () => makeCapture({ stderr: 'some log\n' }) }],
    invalid: [
      {
        name: 'runs although the handshake failed (no requirements)',
        capture: failed('exited'),
        findings: [{ messageId: 'exited', subject: 'server' }],
        assert: (result) => {
          expect(result.skipped).toEqual([]);
          expect(result.ran).toEqual([RULE]);
        },
      },
      // One message per failure reason; 'exited' is the case above.
      ...(
        [
          ['spawn-failed', 'spawnFailed'],
          ['timeout', 'timeout'],
          ['error-response', 'errorResponse'],
          ['invalid-result', 'invalidResult'],
          ['connection-failed', 'connectionFailed'],
        ] as const
      ).map(([reason, messageId]) => ({
        name: `has one message per failure reason: ${reason}`,
        capture: failed(reason),
        findings: [{ messageId, subject: 'server' }],
      })),
      {
        name: 'reports an early exit with the exit code and the stderr tail as evidence',
        capture: () => ({
          ...failed(
            'exited',
            { message: 'The server exited before answering initialize.' },
            { stderr: 'Starting…\nError: DATABASE_URL is not set\n\n' },
          )(),
          exit: { how: 'exited-early', code: 1, signal: null, at: 80 },
        }),
        findings: [
          {
            messageId: 'exited',
            subject: 'server',
            level: 'error',
            message: 'Server exited with exit code 1 before answering initialize; its stderr (quoted) shows why.',
            evidence: 'Starting…\nError: DATABASE_URL is not set',
          },
        ],
      },
      {
        name: 'says so when an exited server wrote nothing to stderr, and has no evidence',
        capture: () => ({ ...failed('exited')(), exit: { how: 'exited-early', code: null, signal: 'SIGSEGV', at: 80 } }),
        findings: [
          {
            messageId: 'exited',
            subject: 'server',
            message: /exited on signal SIGSEGV before answering initialize.*wrote nothing to stderr/,
          },
        ],
        assert: (result) => expect(result.findings[0]!.evidence).toBeUndefined(),
      },
      {
        name: 'reports a spawn failure with the system error',
        capture: failed('spawn-failed', { message: 'The server could not be started: spawn nosuchcmd ENOENT' }),
        findings: [
          {
            messageId: 'spawnFailed',
            subject: 'server',
            message: 'Server could not be started (spawn nosuchcmd ENOENT); check that the command exists, is on PATH and is executable.',
          },
        ],
      },
      {
        name: 'reports a timeout with its duration',
        capture: failed('timeout', { message: 'The server did not answer initialize within 500 ms.' }),
        findings: [
          { messageId: 'timeout', subject: 'server', message: /^Server did not answer initialize within 500 ms; it may be waiting/ },
        ],
      },
      {
        name: 'reports a timeout and points at stdout pollution when there was some',
        capture: failed(
          'timeout',
          { message: 'The server did not answer initialize within 500 ms.' },
          {
            frames: [
              { kind: 'noise', dir: 'recv', noise: 'not-json', offset: 0, bytes: 1, text: '{', seq: 0, at: 1, phase: 'before-initialize' },
            ],
          },
        ),
        findings: [{ messageId: 'timeout', subject: 'server', message: /stdout-pollution/ }],
      },
      {
        name: 'reports an error response with code, message and the versions the server supports',
        capture: failed('error-response', {
          error: { code: -32602, message: 'Unsupported protocol version', data: { supported: ['2026-07-28'] } },
        }),
        findings: [
          {
            messageId: 'errorResponse',
            subject: 'server',
            message:
              'Server answered initialize with a JSON-RPC error (-32602 "Unsupported protocol version") instead of its protocol version and capabilities; it says it supports only 2026-07-28, not the requested 2025-11-25.',
          },
        ],
        assert: (result) => expect(result.findings[0]!.evidence).toContain('"code":-32602'),
      },
      {
        name: 'prefers the stderr tail as evidence for an error response when there is stderr',
        capture: failed(
          'error-response',
          { error: { code: -32603, message: 'Internal error' } },
          { stderr: 'TypeError: x is undefined\n' },
        ),
        findings: [{ messageId: 'errorResponse', subject: 'server', evidence: 'TypeError: x is undefined' }],
      },
      {
        name: 'says what is wrong with an initialize result without protocolVersion',
        capture: failed('invalid-result', { raw: { capabilities: {}, serverInfo: { name: 'x', version: '1' } } }),
        findings: [{ messageId: 'invalidResult', subject: 'server', message: /\(no protocolVersion string\)/ }],
      },
      {
        name: 'says what is wrong with an initialize result without capabilities',
        capture: failed('invalid-result', { raw: { protocolVersion: '2025-11-25' } }),
        findings: [{ messageId: 'invalidResult', subject: 'server', message: /\(no capabilities object\)/ }],
      },
      {
        name: 'says what is wrong with an initialize result that is not an object',
        capture: failed('invalid-result', { raw: 'ok' }),
        findings: [
          { messageId: 'invalidResult', subject: 'server', message: /\(the result is a string, not an object\)/, evidence: '"ok"' },
        ],
      },
    ],
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

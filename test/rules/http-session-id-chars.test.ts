import { describe } from 'vitest';
import type { Capture, HttpExchange } from '../../src/model/capture.js';
import rule from '../../rules/http-session-id-chars.js';
import { makeCapture } from '../helpers/capture.js';
import { ruleTester } from '../helpers/rule-tester.js';

const RULE = 'http-session-id-chars';
const initialize = (seq: number, sessionId: string): HttpExchange => ({
  seq,
  at: 0,
  phase: 'handshake',
  method: 'POST',
  url: 'http://127.0.0.1:1/mcp',
  purpose: seq === 0 ? 'message' : 'probe',
  rpcMethod: 'initialize',
  requestHeaders: {},
  userHeaders: [],
  status: 200,
  sessionId,
});
const withIds =
  (...ids: string[]) =>
  (): Capture => ({
    ...makeCapture({ transport: 'http' }),
    exchanges: ids.map((id, i) => initialize(i, id)),
  });
const visible = Array.from({ length: 0x7e - 0x21 + 1 }, (_, i) => String.fromCharCode(0x21 + i)).join('');
const onVersion = (protocolVersion: string) => (): Capture => ({
  ...makeCapture({ transport: 'http', protocolVersion }),
  exchanges: [initialize(0, 'a b')],
});

describe(RULE, () => {
  ruleTester(rule).run({
    valid: [
      {
        name: 'accepts UUIDs, tokens and every visible ASCII character',
        capture: withIds('0f8c4e2a-5b1d-4c7e-9a3f-1e2d3c4b5a69', 'eyJhbGciOi.J9-_x', visible),
      },
      { name: 'accepts a session without session ids', capture: () => makeCapture({ transport: 'http' }) },
      {
        name: 'does not apply to 2024-11-05 servers',
        capture: onVersion('2024-11-05'),
        skipped: /introduced in protocol 2025-03-26; the server negotiated 2024-11-05/,
      },
      {
        name: 'does not apply to 2026-07-28 servers',
        capture: onVersion('2026-07-28'),
        skipped: /of protocol 2025-11-25 and earlier; the server negotiated 2026-07-28/,
      },
    ],
    invalid: (
      [
        ['session 42', /U\+0020 \(a space\)/, 'a space'],
        ['sessi\u00f3n', /U\+00F3/, 'a non-ASCII letter'],
        ['abc\tdef', /U\+0009/, 'a control character'],
      ] as const
    ).map(([id, char, what]) => ({
      name: `reports ${what}, once for the server`,
      capture: withIds(id, id),
      findings: [{ messageId: 'invisible', subject: 'transport', message: char }],
    })),
  });
});

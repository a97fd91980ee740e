import { describe } from 'vitest';
import type { Frame } from '../../src/model/capture.js';
import rule from '../../rules/input-required-placement.js';
import { makeCapture } from '../helpers/capture.js';
import { ruleTester } from '../helpers/rule-tester.js';

const RULE = 'input-required-placement';
const exchange = (id: number, method: string, result: Record<string, unknown>): Frame[] =>
  [
    { kind: 'message', dir: 'send', message: { jsonrpc: '2.0', id, method, params: {} }, bytes: 40, seq: 2 * id, at: id, phase: 'listing' },
    { kind: 'message', dir: 'recv', message: { jsonrpc: '2.0', id, result }, bytes: 60, seq: 2 * id + 1, at: id, phase: 'listing' },
  ] as Frame[];
const modern =
  (...frames: Frame[][]) =>
  () =>
    makeCapture({ protocolVersion: '2026-07-28', frames: frames.flat() });
const asking = { resultType: 'input_required', inputRequests: { roots: { method: 'roots/list', params: {} } }, requestState: 'x' };
const restarted = (frames: Frame[]) => frames.map((f) => ({ ...f, connection: 2 }) as Frame);
const [listSent] = exchange(1, 'tools/list', { tools: [] });

describe(RULE, () => {
  ruleTester(rule).run({
    valid: [
      {
        name: 'accepts InputRequiredResults on tools/call, prompts/get and resources/read, and complete results anywhere',
        capture: modern(
          exchange(1, 'tools/call', asking),
          exchange(2, 'prompts/get', { resultType: 'input_required', requestState: 'only-state' }),
          exchange(3, 'resources/read', { resultType: 'input_required', inputRequests: {} }),
          exchange(4, 'tools/list', { resultType: 'complete', tools: [], ttlMs: 0, cacheScope: 'public' }),
        ),
      },
      {
        // Process 1 answered tools/call id 1 asking for input, then crashed; process 2 got tools/list as id 1.
        name: 'matches each answer to the request of its own server process (a restarted server counts ids from 1 again)',
        capture: modern(exchange(1, 'tools/call', asking), restarted([listSent!])),
      },
      {
        name: 'does not apply before 2026-07-28',
        capture: () => makeCapture({ frames: exchange(1, 'tools/list', asking) }),
        skipped: /introduced in protocol 2026-07-28; the server negotiated 2025-11-25/,
      },
    ],
    invalid: [
      {
        name: 'reports one on a list method or server/discover, once per method',
        capture: modern(exchange(1, 'tools/list', asking), exchange(2, 'tools/list', asking), exchange(3, 'server/discover', asking)),
        findings: [
          { messageId: 'notSupported', subject: 'server', message: /^Server answered tools\/list / },
          { messageId: 'notSupported', subject: 'server', message: /^Server answered server\/discover / },
        ],
      },
      {
        name: 'reports an InputRequiredResult with neither inputRequests nor requestState',
        capture: modern(exchange(1, 'tools/call', { resultType: 'input_required' })),
        findings: [{ messageId: 'empty', subject: 'server' }],
      },
    ],
  });
});

import { describe } from 'vitest';
import rule from '../../rules/progress-tokens-valid.js';
import type { Frame } from '../../src/model/capture.js';
import { makeCapture } from '../helpers/capture.js';
import { ruleTester } from '../helpers/rule-tester.js';

let seq = 0;
const frame = (dir: 'send' | 'recv', message: unknown): Frame =>
  ({ kind: 'message', dir, message, seq: seq++, at: 0, phase: 'listing', bytes: 10 }) as Frame;
const notify = (method: string, params?: unknown) => frame('recv', { jsonrpc: '2.0', method, ...(params ? { params } : {}) });
const progress = (progressToken: unknown, value: number) => notify('notifications/progress', { progressToken, progress: value });
const withToken = (token: unknown) =>
  frame('send', { jsonrpc: '2.0', id: 9, method: 'tools/call', params: { name: 'x', _meta: { progressToken: token } } });
const capture =
  (frames: () => Frame[], capabilities: Record<string, unknown> = { tools: {} }) =>
  () =>
    makeCapture({ capabilities, frames: frames() });

describe('progress-tokens-valid', () => {
  ruleTester(rule).run({
    valid: [
      {
        name: 'accepts increasing progress for a token mcplint sent',
        capture: capture(() => [withToken('t1'), progress('t1', 1), progress('t1', 2.5)]),
      },
      { name: 'accepts other notifications', capture: capture(() => [notify('notifications/tools/list_changed')]) },
    ],
    invalid: [
      {
        name: 'reports progress for a token no request carried, once per token (1 and "1" differ)',
        capture: capture(() => [withToken(1), progress('1', 1), progress('1', 2), progress(1, 1)]),
        findings: [{ messageId: 'progressUnrequested', subject: 'server', level: 'error', message: /token "1", which no request carried/ }],
      },
      {
        name: 'reports progress that does not increase',
        capture: capture(() => [withToken('t'), progress('t', 2), progress('t', 2), progress('t', 1)]),
        findings: [{ messageId: 'progressNotIncreasing', subject: 'server', message: /progress 2 for token "t" after 2/ }],
      },
    ],
  });
});

import { describe } from 'vitest';
import rule from '../../rules/notifications-expected.js';
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

describe('notifications-expected', () => {
  ruleTester(rule).run({
    valid: [
      {
        name: 'accepts list_changed for a list declared with listChanged',
        capture: capture(() => [notify('notifications/tools/list_changed')], { tools: { listChanged: true } }),
      },
      {
        name: 'accepts increasing progress for a token mcplint sent',
        capture: capture(() => [withToken('t1'), progress('t1', 1), progress('t1', 2.5)]),
      },
      { name: 'accepts other notifications', capture: capture(() => [notify('notifications/message', { level: 'info', data: 'x' })]) },
    ],
    invalid: [
      {
        name: 'reports list_changed without listChanged, once per list',
        capture: capture(() => [notify('notifications/tools/list_changed'), notify('notifications/tools/list_changed')]),
        findings: [
          { messageId: 'listChangedUndeclared', subject: 'server', message: /tools capability does not declare "listChanged": true/ },
        ],
      },
      {
        name: 'reports list_changed for a capability not declared at all',
        capture: capture(() => [notify('notifications/prompts/list_changed')]),
        findings: [{ messageId: 'listChangedUndeclared', subject: 'server', message: /prompts capability is not declared at all/ }],
      },
      {
        name: 'reports progress for a token no request carried, once per token (1 and "1" differ)',
        capture: capture(() => [withToken(1), progress('1', 1), progress('1', 2), progress(1, 1)]),
        findings: [{ messageId: 'progressUnrequested', subject: 'server', message: /token "1", which no request carried/ }],
      },
      {
        name: 'reports progress that does not increase',
        capture: capture(() => [withToken('t'), progress('t', 2), progress('t', 2), progress('t', 1)]),
        findings: [{ messageId: 'progressNotIncreasing', subject: 'server', message: /progress 2 for token "t" after 2/ }],
      },
    ],
  });
});

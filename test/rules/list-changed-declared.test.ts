import { describe } from 'vitest';
import rule from '../../rules/list-changed-declared.js';
import type { Frame } from '../../src/model/capture.js';
import { makeCapture } from '../helpers/capture.js';
import { ruleTester } from '../helpers/rule-tester.js';

let seq = 0;
const frame = (dir: 'send' | 'recv', message: unknown): Frame =>
  ({ kind: 'message', dir, message, seq: seq++, at: 0, phase: 'listing', bytes: 10 }) as Frame;
const notify = (method: string, params?: unknown) => frame('recv', { jsonrpc: '2.0', method, ...(params ? { params } : {}) });
const progress = (progressToken: unknown, value: number) => notify('notifications/progress', { progressToken, progress: value });
const capture =
  (frames: () => Frame[], capabilities: Record<string, unknown> = { tools: {} }) =>
  () =>
    makeCapture({ capabilities, frames: frames() });

describe('list-changed-declared', () => {
  ruleTester(rule).run({
    valid: [
      {
        name: 'accepts list_changed for a list declared with listChanged',
        capture: capture(() => [notify('notifications/tools/list_changed')], { tools: { listChanged: true } }),
      },
      {
        name: 'accepts other notifications',
        capture: capture(() => [notify('notifications/message', { level: 'info', data: 'x' }), progress('t', 1)]),
      },
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
    ],
  });
});

import type { Frame } from '../../src/model/capture.js';
import rule from '../../rules/log-level-respected.js';
import type { ProbeAnswer } from '../../src/model/probe-types.js';
import { makeCapture } from '../helpers/capture.js';
import { call, ran } from '../helpers/probes.js';
import { ruleTester } from '../helpers/rule-tester.js';

let seq = 0;
const recv = (message: unknown, connection?: number): Frame => ({
  kind: 'message',
  dir: 'recv',
  seq: seq++,
  at: seq,
  phase: 'probe:valid-calls',
  bytes: 10,
  message,
  ...(connection ? { connection } : {}),
});
const log = (level: string, connection?: number) =>
  recv({ jsonrpc: '2.0', method: 'notifications/message', params: { level, data: `a ${level} line` } }, connection);
/** frame 0: the answer to setLevel; then the given frames. */
const session = (level: string, after: Frame[], before: Frame[] = []) => {
  const answer: ProbeAnswer = { kind: 'result', ms: 1, frame: before.length, resultChars: 2, result: {} };
  return makeCapture({
    frames: [...before, recv({ jsonrpc: '2.0', id: 1, result: {} }), ...after],
    probes: ran('declared-capabilities', [call('logging/setLevel', { level }, answer)]),
  });
};

ruleTester(rule).run({
  valid: [
    { name: 'only warnings and errors after setLevel warning', capture: () => session('warning', [log('warning'), log('error')]) },
    { name: 'debug lines before setLevel are the server default', capture: () => session('warning', [log('error')], [log('debug')]) },
    { name: 'a restarted process never got the level', capture: () => session('warning', [log('info', 2)]) },
    { name: 'no setLevel sent', capture: () => makeCapture({ frames: [log('debug')] }) },
  ],
  invalid: [
    {
      name: 'info and debug lines after setLevel warning: one finding with the counts',
      capture: () => session('warning', [log('info'), log('debug'), log('info'), log('error')]),
      findings: [
        { messageId: 'belowLevel', subject: 'server', message: /sent 3 notifications\/message below level "warning" \(2 info, 1 debug\)/ },
      ],
    },
  ],
});

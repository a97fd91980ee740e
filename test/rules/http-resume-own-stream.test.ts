import { describe } from 'vitest';
import type { Capture, HttpBody, ProbeRecord } from '../../src/model/capture.js';
import rule from '../../rules/http-resume-own-stream.js';
import { httpCapture, postExchange } from '../helpers/http-exchanges.js';
import { ruleTester } from '../helpers/rule-tester.js';

const RULE = 'http-resume-own-stream';
const stream = (ids: string[]): HttpBody => ({
  kind: 'sse',
  bytes: 100,
  events: ids.length,
  eventIds: ids,
  firstEvent: { id: true, empty: true },
});
const resumed = (replayedIds: string[]) => (): Capture => {
  const capture = httpCapture([
    postExchange(0, 'initialize', stream(['a-0', 'a-1'])),
    postExchange(1, 'tools/list', stream(['b-0', 'b-1'])),
  ]);
  const probes: Record<string, ProbeRecord> = {
    'http-resume': {
      id: 'http-resume',
      status: 'ran',
      data: { exchange: 2, status: 200, bodyBytes: 40, lastEventId: 'a-0', resumedExchange: 0, replayedIds },
    },
  };
  return { ...capture, probes };
};

describe(RULE, () => {
  ruleTester(rule).run({
    valid: [
      { name: "accepts a replay of the resumed stream's own events", capture: resumed(['a-1']) },
      { name: 'accepts a replay of nothing', capture: resumed([]) },
      { name: 'accepts a replay of ids it never saw', capture: resumed(['z-9']) },
    ],
    invalid: [
      {
        name: "reports a replay of another stream's event, once",
        capture: resumed(['a-1', 'b-0', 'b-1']),
        findings: [{ messageId: 'otherStream', subject: 'transport', message: /"b-0".*tools\/list/ }],
      },
    ],
  });
});

import { describe, expect, it } from 'vitest';
import type { Capture, HttpBody, ProbeRecord } from '../../src/model/capture.js';
import rule from '../../rules/http-resume-own-stream.js';
import { summary } from '../helpers/capture.js';
import { httpCapture, postExchange } from '../helpers/http-exchanges.js';
import { runRule } from '../helpers/rule-tester.js';

const RULE = 'http-resume-own-stream';
const stream = (ids: string[]): HttpBody => ({
  kind: 'sse',
  bytes: 100,
  events: ids.length,
  eventIds: ids,
  firstEvent: { id: true, empty: true },
});
const resumed = (replayedIds: string[]): Capture => {
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
  it("accepts a replay of the resumed stream's own events, or of nothing, or of ids it never saw", () => {
    for (const ids of [['a-1'], [], ['z-9']]) expect(runRule(rule, resumed(ids)).findings, ids.join()).toEqual([]);
  });

  it("reports a replay of another stream's event, once", () => {
    const result = runRule(rule, resumed(['a-1', 'b-0', 'b-1']));
    expect(summary(result)).toEqual([`${RULE} otherStream transport`]);
    expect(result.findings[0]!.message).toContain('"b-0"');
    expect(result.findings[0]!.message).toContain('tools/list');
  });
});

import { describe, expect, it } from 'vitest';
import type { Capture, ProbeRecord } from '../../src/model/capture.js';
import rule from '../../rules/http-get-stream.js';
import { makeCapture, summary } from '../helpers/capture.js';
import { runRule } from '../helpers/rule-tester.js';

const RULE = 'http-get-stream';
const run = (capture: Capture) => runRule(rule, capture);
const probe = (data: Record<string, unknown>): Record<string, ProbeRecord> => ({
  'http-get': { id: 'http-get', status: 'ran', data: { exchange: 3, bodyBytes: 0, ...data } },
});

describe(RULE, () => {
  it('accepts 405 and an event stream', () => {
    expect(run(makeCapture({ transport: 'http', probes: probe({ status: 405 }) })).findings).toEqual([]);
    expect(run(makeCapture({ transport: 'http', probes: probe({ status: 200, contentType: 'text/event-stream' }) })).findings).toEqual([]);
  });

  it('reports other statuses', () => {
    expect(summary(run(makeCapture({ transport: 'http', probes: probe({ status: 404 }) })))).toEqual([`${RULE} wrongStatus transport`]);
  });

  it('reports a 200 that is not an event stream', () => {
    const result = run(makeCapture({ transport: 'http', probes: probe({ status: 200, contentType: 'text/html' }) }));
    expect(summary(result)).toEqual([`${RULE} wrongType transport`]);
    expect(result.findings[0]!.message).toContain('text/html');
  });
});

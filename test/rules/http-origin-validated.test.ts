import { describe, expect, it } from 'vitest';
import type { Capture, ProbeRecord } from '../../src/model/capture.js';
import rule from '../../rules/http-origin-validated.js';
import { makeCapture, summary } from '../helpers/capture.js';
import { runRule } from '../helpers/rule-tester.js';

const RULE = 'http-origin-validated';
const run = (capture: Capture) => runRule(rule, capture);
const probe = (status: number): Record<string, ProbeRecord> => ({
  'http-origin': { id: 'http-origin', status: 'ran', data: { exchange: 5, bodyBytes: 0, status, origin: 'https://evil.example' } },
});

describe(RULE, () => {
  it('accepts 403', () => {
    expect(run(makeCapture({ transport: 'http', probes: probe(403) })).findings).toEqual([]);
  });

  it('reports a server that serves a foreign origin', () => {
    const result = run(makeCapture({ transport: 'http', probes: probe(200) }));
    expect(summary(result)).toEqual([`${RULE} notRejected transport`]);
    expect(result.findings[0]!.message).toContain('https://evil.example');
  });

  it('wants exactly 403 from 2025-11-25, any 4xx before', () => {
    expect(summary(run(makeCapture({ transport: 'http', probes: probe(400) })))).toEqual([`${RULE} wrongStatus transport`]);
    expect(run(makeCapture({ transport: 'http', protocolVersion: '2025-06-18', probes: probe(400) })).findings).toEqual([]);
  });

  it('applies to the legacy SSE transport too', () => {
    expect(summary(run(makeCapture({ transport: 'sse', protocolVersion: '2024-11-05', probes: probe(200) })))).toEqual([
      `${RULE} notRejected transport`,
    ]);
  });
});

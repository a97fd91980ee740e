import { describe, expect, it } from 'vitest';
import type { Capture, ListCapture } from '../../src/model/capture.js';
import rule from '../../rules/advertised-lists-work.js';
import { cleanPrompts, cleanResources, cleanTools } from '../../fixtures/lib/raw-server.mjs';
import { makeCapture, summary } from '../helpers/capture.js';
import { runRule } from '../helpers/rule-tester.js';

const RULE = 'advertised-lists-work';
const run = (capture: Capture) => runRule(rule, capture);
const base = { tools: cleanTools(), prompts: cleanPrompts(), resources: cleanResources(), resourceTemplates: [] };
const failedList = (error: ListCapture['error'], pages: ListCapture['pages'] = []): ListCapture => ({
  status: pages.length === 0 ? 'error' : 'partial',
  pages,
  items: [],
  error,
});

describe(RULE, () => {
  it('is silent when every advertised list answers', () => {
    expect(run(makeCapture(base)).findings).toEqual([]);
  });

  it('is silent for lists that are not advertised', () => {
    expect(run(makeCapture({ tools: cleanTools() })).findings).toEqual([]);
  });

  it('reports an advertised list that answers with an error', () => {
    const capture = makeCapture({
      ...base,
      lists: { prompts: failedList({ kind: 'error-response', message: 'Method not found', code: -32601 }) },
    });
    const result = run(capture);
    expect(summary(result)).toEqual([`${RULE} errorResponse server`]);
    expect(result.findings[0]!.message).toBe(
      'Server advertises the "prompts" capability, but prompts/list answered with an error (-32601 "Method not found"); implement prompts/list or stop advertising the capability.',
    );
    expect(result.findings[0]!.evidence).toBe('{"code":-32601,"message":"Method not found"}');
  });

  it('names the page when a later page fails', () => {
    const pages = [{ cursor: null, nextCursor: 'c1', itemCount: 2, frame: 5 }];
    const capture = makeCapture({ ...base, lists: { tools: failedList({ kind: 'timeout', message: 'No answer' }, pages) } });
    const result = run(capture);
    expect(summary(result)).toEqual([`${RULE} timeout server`]);
    expect(result.findings[0]!.message).toBe(
      'Server advertises the "tools" capability, but tools/list on page 2 got no answer within the timeout.',
    );
  });

  it('reports a connection closed during listing, and a result without the array', () => {
    const resources: ListCapture = {
      status: 'error',
      pages: [{ cursor: null, itemCount: 0, frame: 11, rest: { items: [] } }],
      items: [],
      error: { kind: 'invalid-result', message: 'no array' },
    };
    const capture = makeCapture({ ...base, lists: { tools: failedList({ kind: 'closed', message: 'closed' }), resources } });
    expect(run(capture).findings.map((f) => [f.messageId, f.message, f.frame])).toEqual([
      ['closed', 'Server advertises the "tools" capability, but the server closed the connection during tools/list.', undefined],
      ['invalidResult', 'Server advertises the "resources" capability, but resources/list answered without a "resources" array.', 11],
    ]);
  });

  it('leaves a list cut short because mcplint stopped a flooding server to output-flood', () => {
    const capture = makeCapture({ ...base, lists: { tools: failedList({ kind: 'closed', message: 'closed' }) } });
    const output = {
      notifications: {},
      framesDropped: 0,
      framesTruncated: 0,
      stdoutBytes: 70_000_000,
      caps: { frameBytes: 1, recordedBytes: 1, frames: 1, stdoutBytes: 67_108_864 },
    };
    expect(summary(run({ ...capture, output }))).toEqual([`${RULE} closed server`]);
    expect(
      run({ ...capture, output: { ...output, stopped: { reason: 'stdout-cap', phase: 'listing', at: 900, waitingFor: 'tools/list' } } })
        .findings,
    ).toEqual([]);
  });

  it('names the failing page of a partial list that ends in an invalid result', () => {
    const resources: ListCapture = {
      status: 'partial',
      pages: [
        { cursor: null, nextCursor: 'c1', itemCount: 1, frame: 9 },
        { cursor: 'c1', itemCount: 0, frame: 11, rest: {} },
      ],
      items: cleanResources(),
      error: { kind: 'invalid-result', message: 'no array' },
    };
    expect(run(makeCapture({ ...base, lists: { resources } })).findings[0]!.message).toContain('resources/list on page 2 answered without');
  });

  it('tolerates resources/templates/list answering "method not found", but not other failures', () => {
    const notFound = makeCapture({
      ...base,
      lists: { resourceTemplates: failedList({ kind: 'error-response', message: 'Method not found', code: -32601 }) },
    });
    expect(run(notFound).findings).toEqual([]);
    const broken = makeCapture({
      ...base,
      lists: { resourceTemplates: failedList({ kind: 'error-response', message: 'Internal error', code: -32603 }) },
    });
    expect(summary(run(broken))).toEqual([`${RULE} errorResponse server`]);
  });

  it('leaves loops and page caps to list-pagination', () => {
    const tools: ListCapture = {
      status: 'partial',
      pages: [{ cursor: null, nextCursor: 'a', itemCount: 1 }],
      items: [cleanTools()[0]],
      loopCursor: 'a',
    };
    expect(run(makeCapture({ ...base, lists: { tools } })).findings).toEqual([]);
  });

  it('gives each failing list its own fingerprint', () => {
    const err = { kind: 'error-response' as const, message: 'boom', code: -32603 };
    const result = run(makeCapture({ ...base, lists: { tools: failedList(err), prompts: failedList(err) } }));
    expect(new Set(result.findings.map((f) => f.fingerprint)).size).toBe(2);
  });
});

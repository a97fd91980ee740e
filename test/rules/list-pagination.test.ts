import { describe, expect, it } from 'vitest';
import type { Capture, ListCapture } from '../../src/model/capture.js';
import rule from '../../rules/list-pagination.js';
import { cleanTools } from '../../fixtures/lib/raw-server.mjs';
import { makeCapture, summary } from '../helpers/capture.js';
import { runRule } from '../helpers/rule-tester.js';

const RULE = 'list-pagination';
const run = (capture: Capture) => runRule(rule, capture);
const tools = cleanTools();

describe(RULE, () => {
  it('is silent for a single page and for proper pagination', () => {
    expect(run(makeCapture({ tools })).findings).toEqual([]);
    const paged: ListCapture = {
      status: 'ok',
      pages: [
        { cursor: null, nextCursor: 'c1', itemCount: 1, frame: 3 },
        { cursor: 'c1', nextCursor: 'c2', itemCount: 1, frame: 5 },
        { cursor: 'c2', itemCount: 1, frame: 7 },
      ],
      items: tools,
    };
    expect(run(makeCapture({ tools, lists: { tools: paged } })).findings).toEqual([]);
  });

  it('reports a cursor loop', () => {
    const looping: ListCapture = {
      status: 'partial',
      pages: [
        { cursor: null, nextCursor: 'a', itemCount: 1, frame: 4 },
        { cursor: 'a', nextCursor: 'a', itemCount: 1, frame: 6 },
      ],
      items: tools.slice(0, 2),
      loopCursor: 'a',
    };
    const result = run(makeCapture({ tools, lists: { tools: looping } }));
    expect(summary(result)).toEqual([`${RULE} loopCursor server`]);
    expect(result.findings[0]!.message).toBe(
      'Server pagination of tools/list loops: after 2 pages it returned the cursor "a" again, so a client that follows nextCursor never reaches the end; return a new cursor per page and omit nextCursor on the last one.',
    );
    expect(result.findings[0]!.level).toBe('warning');
    expect(result.findings[0]!.frame).toBe(6);
  });

  it('reports a list that is still going at the page cap', () => {
    const pages = Array.from({ length: 100 }, (_, i) => ({ cursor: i === 0 ? null : `c${i}`, nextCursor: `c${i + 1}`, itemCount: 1 }));
    const capped: ListCapture = {
      status: 'partial',
      pages,
      items: pages.map((_, i) => ({ uri: `x://${i}`, name: `r${i}` })),
      pageCapHit: true,
    };
    const result = run(makeCapture({ tools, lists: { resources: capped } }));
    expect(summary(result)).toEqual([`${RULE} pageCapHit server`]);
    expect(result.findings[0]!.message).toContain('for resources/list after 100 pages (100 entries)');
    expect(result.findings[0]!.evidence).toBe('"nextCursor": "c100"');
  });

  it.each([
    [null, 'null'],
    [2, 'a number'],
    [{ page: 2 }, 'an object'],
  ])('reports a nextCursor that is not a string (%j)', (nextCursor, type) => {
    const list: ListCapture = { status: 'ok', pages: [{ cursor: null, nextCursor, itemCount: 1, frame: 3 }], items: tools.slice(0, 1) };
    const result = run(makeCapture({ tools, lists: { prompts: list } }));
    expect(summary(result)).toEqual([`${RULE} nonStringCursor server`]);
    expect(result.findings[0]!.message).toContain(`for prompts/list that is ${type}, not a string`);
  });

  it('reports an empty-string nextCursor', () => {
    const list: ListCapture = { status: 'ok', pages: [{ cursor: null, nextCursor: '', itemCount: 3, frame: 3 }], items: tools };
    const result = run(makeCapture({ tools, lists: { tools: list } }));
    expect(summary(result)).toEqual([`${RULE} emptyCursor server`]);
    expect(result.findings[0]!.evidence).toBe('"nextCursor": ""');
  });

  it('gives the same problem on two lists two fingerprints', () => {
    const list: ListCapture = { status: 'ok', pages: [{ cursor: null, nextCursor: '', itemCount: 0 }], items: [] };
    const result = run(makeCapture({ tools, lists: { tools: list, prompts: list } }));
    expect(result.findings).toHaveLength(2);
    expect(new Set(result.findings.map((f) => f.fingerprint)).size).toBe(2);
  });
});

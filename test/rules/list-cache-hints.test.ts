import { describe, expect, it } from 'vitest';
import type { Capture, ListCapture } from '../../src/model/capture.js';
import rule from '../../rules/list-cache-hints.js';
import { makeCapture, summary } from '../helpers/capture.js';
import { runRule } from '../helpers/rule-tester.js';
import { MODERN_HANDSHAKE } from '../helpers/http-capture.js';

const RULE = 'list-cache-hints';
const run = (capture: Capture) => runRule(rule, capture);
const modern = MODERN_HANDSHAKE;
const tools = (...rests: Record<string, unknown>[]): ListCapture => ({
  status: 'ok',
  pages: rests.map((rest, i) => ({ cursor: i === 0 ? null : `c${i}`, itemCount: 0, rest })),
  items: [],
});

describe(RULE, () => {
  it('accepts ttlMs and cacheScope on every page', () => {
    const lists = { tools: tools({ resultType: 'complete', ttlMs: 0, cacheScope: 'private' }) };
    expect(run(makeCapture({ handshake: modern, lists })).findings).toEqual([]);
  });

  it('reports missing hints', () => {
    expect(summary(run(makeCapture({ handshake: modern, lists: { tools: tools({ resultType: 'complete' }) } }))).sort()).toEqual([
      `${RULE} missingScope server`,
      `${RULE} missingTtl server`,
    ]);
  });

  it('reports invalid values and mixed scopes across pages', () => {
    const lists = { tools: tools({ ttlMs: -5, cacheScope: 'public', nextCursor: 'c1' }, { ttlMs: 10, cacheScope: 'private' }) };
    expect(summary(run(makeCapture({ handshake: modern, lists }))).sort()).toEqual([
      `${RULE} invalidTtl server`,
      `${RULE} mixedScope server`,
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import rule from '../../rules/tool-call-responds.js';
import { cleanTools } from '../../fixtures/lib/raw-server.mjs';
import { makeCapture, summary } from '../helpers/capture.js';
import { closed, error, ran, runRule, text, timeout, toolCall } from '../helpers/probes.js';

const RULE = 'tool-call-responds';

describe(RULE, () => {
  it('reports valid calls that hang or crash the server, and exits right after an answer', () => {
    const probes = {
      ...ran('valid-calls', [
        toolCall('bookstore_get_book', {}, timeout(1000)),
        toolCall('bookstore_search_books', { query: 'x' }, text('ok'), { exitedAfter: true }),
        toolCall('bookstore_get_stats', {}, error(-32603, 'boom')),
      ]),
      ...ran('pagination', [toolCall('bookstore_list_books', { limit: 1 }, closed())]),
    };
    const res = runRule(rule, makeCapture({ tools: cleanTools(), probes }));
    expect(summary(res).sort()).toEqual([
      `${RULE} exitedAfter tool:bookstore_search_books`,
      `${RULE} noAnswer tool:bookstore_get_book`,
      `${RULE} noAnswer tool:bookstore_list_books`,
    ]);
    expect(res.findings.find((f) => f.subject.kind === 'tool' && f.subject.name === 'bookstore_get_book')!.message).toContain(
      'got no answer within 1000 ms',
    );
  });

  it('over HTTP, a server gone after an answer is unreachable, not exited', () => {
    const probes = ran('valid-calls', [toolCall('bookstore_search_books', { query: 'x' }, text('ok'), { exitedAfter: true })]);
    const res = runRule(rule, makeCapture({ tools: cleanTools(), probes, transport: 'http' }));
    expect(summary(res)).toEqual([`${RULE} unreachableAfter tool:bookstore_search_books`]);
    expect(res.findings[0]!.message).toContain('left the server unreachable right after answering');
  });

  it('is skipped when no valid call could be made', () => {
    const res = runRule(
      rule,
      makeCapture({
        tools: cleanTools(),
        probes: { 'valid-calls': { id: 'valid-calls', status: 'skipped', reason: 'no tool can be called with valid arguments' } },
      }),
    );
    expect(res.skipped.map((s) => s.ruleId)).toEqual([RULE]);
  });
});

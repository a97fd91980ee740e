import { describe, expect, it } from 'vitest';
import { cleanTools } from '../../fixtures/lib/raw-server.mjs';
import type { Capture } from '../../src/capture.js';
import { runRules } from '../../src/engine/run.js';
import rule from '../../rules/tool-name-unique.js';
import { makeCapture, summary } from '../helpers/capture.js';

const RULE = 'tool-name-unique';
const lint = (capture: Capture) => runRules(capture, { rules: [rule], settings: new Map() });
const tool = (name: string) => ({ ...cleanTools()[1], name });

describe(RULE, () => {
  it('accepts the clean bookstore tools', () => {
    expect(lint(makeCapture({ tools: cleanTools() })).findings).toEqual([]);
  });

  it('reports a duplicated name once, with the count', () => {
    const tools = [...cleanTools(), tool('bookstore_get_book'), tool('bookstore_get_book')];
    const result = lint(makeCapture({ tools }));
    expect(summary(result)).toEqual([`${RULE} duplicate tool:bookstore_get_book`]);
    expect(result.findings[0]!.message).toContain('is listed 3 times');
  });

  it('finds duplicates across pages', () => {
    const tools = [...cleanTools(), tool('bookstore_search_books')];
    const capture = makeCapture({
      tools,
      lists: {
        tools: {
          status: 'ok',
          pages: [
            { cursor: null, nextCursor: 'c2', itemCount: 2 },
            { cursor: 'c2', itemCount: 2 },
          ],
          items: tools,
        },
      },
    });
    expect(summary(lint(capture))).toEqual([`${RULE} duplicate tool:bookstore_search_books`]);
  });

  it('reports names that differ only in case as a separate message', () => {
    const result = lint(makeCapture({ tools: [...cleanTools(), tool('getUser'), tool('GetUser'), tool('GETUSER')] }));
    expect(summary(result)).toEqual([`${RULE} caseCollision tool:getUser`]);
    expect(result.findings[0]!.message).toBe(
      'Tool names "getUser", "GetUser" and "GETUSER" differ only in letter case; names are case-sensitive, but clients, models and people confuse them, so rename all but one.',
    );
  });

  it('reports an exact duplicate and a case variant of it separately', () => {
    const tools = [...cleanTools(), tool('bookstore_get_book'), tool('Bookstore_Get_Book')];
    expect(summary(lint(makeCapture({ tools }))).sort()).toEqual([
      `${RULE} caseCollision tool:bookstore_get_book`,
      `${RULE} duplicate tool:bookstore_get_book`,
    ]);
  });

  it('ignores entries without a string name (a schema problem, not a naming one)', () => {
    expect(lint(makeCapture({ tools: [...cleanTools(), { description: 'x' }, { description: 'y' }] })).findings).toEqual([]);
  });
});

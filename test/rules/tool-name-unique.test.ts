import { describe } from 'vitest';
import { cleanTools } from '../../fixtures/lib/raw-server.mjs';
import rule from '../../rules/tool-name-unique.js';
import { makeCapture, type CaptureSpec } from '../helpers/capture.js';
import { ruleTester } from '../helpers/rule-tester.js';

const RULE = 'tool-name-unique';
const tool = (name: string) => ({ ...cleanTools()[1], name });

const pagedTools = [...cleanTools(), tool('bookstore_search_books')];
const paged: CaptureSpec = {
  tools: pagedTools,
  lists: {
    tools: {
      status: 'ok',
      pages: [
        { cursor: null, nextCursor: 'c2', itemCount: 2 },
        { cursor: 'c2', itemCount: 2 },
      ],
      items: pagedTools,
    },
  },
};

describe(RULE, () => {
  ruleTester(rule).run({
    valid: [
      { name: 'accepts the clean bookstore tools', capture: () => makeCapture({ tools: cleanTools() }) },
      {
        name: 'ignores entries without a string name (a schema problem, not a naming one)',
        capture: () => makeCapture({ tools: [...cleanTools(), { description: 'x' }, { description: 'y' }] }),
      },
    ],
    invalid: [
      {
        name: 'reports a duplicated name once, with the count',
        capture: () => makeCapture({ tools: [...cleanTools(), tool('bookstore_get_book'), tool('bookstore_get_book')] }),
        findings: [{ messageId: 'duplicate', subject: 'tool:bookstore_get_book', message: /is listed 3 times/ }],
      },
      {
        name: 'finds duplicates across pages',
        capture: () => makeCapture(paged),
        findings: [{ messageId: 'duplicate', subject: 'tool:bookstore_search_books' }],
      },
      {
        name: 'reports names that differ only in case as a separate message',
        capture: () => makeCapture({ tools: [...cleanTools(), tool('getUser'), tool('GetUser'), tool('GETUSER')] }),
        findings: [
          {
            messageId: 'caseCollision',
            subject: 'tool:getUser',
            message:
              'Tool names "getUser", "GetUser" and "GETUSER" differ only in letter case; names are case-sensitive, but clients, models and people confuse them, so rename all but one.',
          },
        ],
      },
      {
        name: 'reports an exact duplicate and a case variant of it separately',
        capture: () => makeCapture({ tools: [...cleanTools(), tool('bookstore_get_book'), tool('Bookstore_Get_Book')] }),
        findings: [
          { messageId: 'duplicate', subject: 'tool:bookstore_get_book' },
          { messageId: 'caseCollision', subject: 'tool:bookstore_get_book' },
        ],
      },
    ],
  });
});

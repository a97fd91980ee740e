import { describe, expect } from 'vitest';
import type { ListCapture } from '../../src/model/capture.js';
import rule from '../../rules/list-pagination.js';
import { cleanTools } from '../../fixtures/lib/raw-server.mjs';
import { makeCapture, type CaptureSpec } from '../helpers/capture.js';
import { ruleTester } from '../helpers/rule-tester.js';

const RULE = 'list-pagination';
const tools = cleanTools();
const withLists = (lists: CaptureSpec['lists']) => () => makeCapture({ tools, lists });
const capPages = Array.from({ length: 100 }, (_, i) => ({ cursor: i === 0 ? null : `c${i}`, nextCursor: `c${i + 1}`, itemCount: 1 }));
const emptyCursor: ListCapture = { status: 'ok', pages: [{ cursor: null, nextCursor: '', itemCount: 0 }], items: [] };

describe(RULE, () => {
  ruleTester(rule).run({
    valid: [
      { name: 'is silent for a single page', capture: () => makeCapture({ tools }) },
      {
        name: 'is silent for proper pagination',
        capture: withLists({
          tools: {
            status: 'ok',
            pages: [
              { cursor: null, nextCursor: 'c1', itemCount: 1, frame: 3 },
              { cursor: 'c1', nextCursor: 'c2', itemCount: 1, frame: 5 },
              { cursor: 'c2', itemCount: 1, frame: 7 },
            ],
            items: tools,
          },
        }),
      },
    ],
    invalid: [
      {
        name: 'reports a cursor loop',
        capture: withLists({
          tools: {
            status: 'partial',
            pages: [
              { cursor: null, nextCursor: 'a', itemCount: 1, frame: 4 },
              { cursor: 'a', nextCursor: 'a', itemCount: 1, frame: 6 },
            ],
            items: tools.slice(0, 2),
            loopCursor: 'a',
          },
        }),
        findings: [
          {
            messageId: 'loopCursor',
            subject: 'server',
            message:
              'Server pagination of tools/list loops: after 2 pages it returned the cursor "a" again, so a client that follows nextCursor never reaches the end; return a new cursor per page and omit nextCursor on the last one.',
            level: 'warning',
            frame: 6,
          },
        ],
      },
      {
        name: 'reports a list that is still going at the page cap',
        capture: withLists({
          resources: {
            status: 'partial',
            pages: capPages,
            items: capPages.map((_, i) => ({ uri: `x://${i}`, name: `r${i}` })),
            pageCapHit: true,
          },
        }),
        findings: [
          {
            messageId: 'pageCapHit',
            subject: 'server',
            message: /for resources\/list after 100 pages \(100 entries\)/,
            evidence: '"nextCursor": "c100"',
          },
        ],
      },
      ...(
        [
          [null, 'null'],
          [2, 'a number'],
          [{ page: 2 }, 'an object'],
        ] as const
      ).map(([nextCursor, type]) => ({
        name: `reports a nextCursor that is not a string (${JSON.stringify(nextCursor)})`,
        capture: withLists({
          prompts: { status: 'ok', pages: [{ cursor: null, nextCursor, itemCount: 1, frame: 3 }], items: tools.slice(0, 1) },
        }),
        findings: [
          {
            messageId: 'nonStringCursor' as const,
            subject: 'server',
            message: new RegExp(`for prompts/list that is ${type}, not a string`),
          },
        ],
      })),
      {
        name: 'reports an empty-string nextCursor',
        capture: withLists({ tools: { status: 'ok', pages: [{ cursor: null, nextCursor: '', itemCount: 3, frame: 3 }], items: tools } }),
        findings: [{ messageId: 'emptyCursor', subject: 'server', evidence: '"nextCursor": ""' }],
      },
      {
        name: 'gives the same problem on two lists two fingerprints',
        capture: withLists({ tools: emptyCursor, prompts: emptyCursor }),
        findings: [
          { messageId: 'emptyCursor', subject: 'server' },
          { messageId: 'emptyCursor', subject: 'server' },
        ],
        assert: (result) => expect(new Set(result.findings.map((f) => f.fingerprint)).size).toBe(2),
      },
    ],
  });
});

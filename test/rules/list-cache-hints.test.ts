import { describe } from 'vitest';
import type { ListCapture } from '../../src/model/capture.js';
import rule from '../../rules/list-cache-hints.js';
import { makeCapture } from '../helpers/capture.js';
import { ruleTester } from '../helpers/rule-tester.js';
import { MODERN_HANDSHAKE } from '../helpers/http-capture.js';

const RULE = 'list-cache-hints';
const tools = (...rests: Record<string, unknown>[]): ListCapture => ({
  status: 'ok',
  pages: rests.map((rest, i) => ({ cursor: i === 0 ? null : `c${i}`, itemCount: 0, rest })),
  items: [],
});
const listed = (list: ListCapture) => () => makeCapture({ handshake: MODERN_HANDSHAKE, lists: { tools: list } });

describe(RULE, () => {
  ruleTester(rule).run({
    valid: [
      {
        name: 'accepts ttlMs and cacheScope on every page',
        capture: listed(tools({ resultType: 'complete', ttlMs: 0, cacheScope: 'private' })),
      },
    ],
    invalid: [
      {
        name: 'reports missing hints',
        capture: listed(tools({ resultType: 'complete' })),
        findings: [
          { messageId: 'missingScope', subject: 'server' },
          { messageId: 'missingTtl', subject: 'server' },
        ],
      },
      {
        name: 'reports invalid values and mixed scopes across pages',
        capture: listed(tools({ ttlMs: -5, cacheScope: 'public', nextCursor: 'c1' }, { ttlMs: 10, cacheScope: 'private' })),
        findings: [
          { messageId: 'mixedScope', subject: 'server' },
          { messageId: 'invalidTtl', subject: 'server' },
        ],
      },
    ],
  });
});

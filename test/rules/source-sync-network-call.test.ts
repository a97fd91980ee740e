import { describe } from 'vitest';
import rule from '../../rules/source-sync-network-call.js';
import { cleanTools } from '../../fixtures/lib/raw-server.mjs';
import { makeCapture } from '../helpers/capture.js';
import { makeSource } from '../helpers/source.js';
import { ruleTester } from '../helpers/rule-tester.js';

const RULE = 'source-sync-network-call';
const call = (tool: string, line: number) => ({
  file: 'server.py',
  line,
  column: 5,
  tool,
  call: 'requests.get',
  text: 'requests.get(url)',
});
const capture = () => makeCapture({ tools: cleanTools() });

describe(RULE, () => {
  ruleTester(rule).run({
    valid: [
      { name: 'ignores calls no single tool owns', capture, source: makeSource({ language: 'python', syncNetworkCalls: [call('', 3)] }) },
      // A Python-only check does not apply to other code: skipped, so no checklist item reads ✓ from it.
      { name: 'is not applicable to a TypeScript index', capture, source: makeSource(), skipped: /^the server is not written in Python/ },
      { name: 'is skipped without a source index', capture, skipped: /^no source index/ },
    ],
    invalid: [
      {
        name: 'reports each async tool once, at its first blocking call, as a note',
        capture,
        source: makeSource({ language: 'python', syncNetworkCalls: [call('a', 10), call('a', 12), call('b', 20)] }),
        findings: [
          { messageId: 'blocking', subject: 'tool:a', level: 'note', message: /requests\.get at server\.py:10/ },
          { messageId: 'blocking', subject: 'tool:b' },
        ],
      },
    ],
  });
});

import { describe } from 'vitest';
import rule from '../../rules/source-no-response-limit.js';
import { cleanTools } from '../../fixtures/lib/raw-server.mjs';
import { makeCapture } from '../helpers/capture.js';
import { makeSource } from '../helpers/source.js';
import { ruleTester } from '../helpers/rule-tester.js';

const RULE = 'source-no-response-limit';
const registration = {
  file: 'src/index.ts',
  line: 10,
  column: 3,
  kind: 'tool' as const,
  name: 'bookstore_get_book',
  style: 'registerTool',
};
const capture = () => makeCapture({ tools: cleanTools() });

describe(RULE, () => {
  ruleTester(rule).run({
    valid: [
      {
        name: 'accepts a CHARACTER_LIMIT constant or a truncation',
        capture,
        source: makeSource({
          registrations: [registration],
          responseLimit: { file: 'src/constants.ts', line: 2, column: 14, name: 'CHARACTER_LIMIT' },
        }),
      },
      { name: 'stays silent when the indexed code does not define the tools', capture, source: makeSource() },
      {
        name: 'stays silent when there are no tools',
        capture: () => makeCapture({ tools: [] }),
        source: makeSource({ registrations: [registration] }),
      },
      { name: 'is skipped without a source index', capture, skipped: /^no source index/ },
    ],
    invalid: [
      {
        name: 'reports a server whose tool code has no limit, as a note',
        capture,
        source: makeSource({ registrations: [registration], filesIndexed: 3 }),
        findings: [{ messageId: 'missing', subject: 'server', level: 'note', message: /\(3 source files\)/ }],
      },
      {
        name: 'counts tool registrations it could not resolve as tool code too',
        capture,
        source: makeSource({
          unresolved: [{ file: 'src/index.ts', line: 4, column: 1, kind: 'tool' as const, reason: 'name is computed at run time' }],
        }),
        findings: [{ messageId: 'missing', subject: 'server' }],
      },
    ],
  });
});

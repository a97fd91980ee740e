import { describe } from 'vitest';
import { cleanPrompts, cleanTools } from '../../fixtures/lib/raw-server.mjs';
import rule from '../../rules/prompt-description-present.js';
import { makeCapture } from '../helpers/capture.js';
import { ruleTester } from '../helpers/rule-tester.js';

const RULE = 'prompt-description-present';
const prompt = (change: (p: Record<string, any>) => void) => {
  const p: Record<string, any> = structuredClone(cleanPrompts()[0]!);
  change(p);
  return [p];
};

const capture = (change: (p: Record<string, any>) => void) => () => makeCapture({ prompts: prompt(change) });
const SUBJECT = 'prompt:bookstore_recommend_books';

describe(RULE, () => {
  ruleTester(rule).run({
    valid: [
      { name: 'accepts the clean bookstore prompts', capture: () => makeCapture({ prompts: cleanPrompts() }) },
      { name: 'accepts prompts without arguments', capture: capture((p) => delete p.arguments) },
      {
        name: 'leaves malformed arguments and descriptions of the wrong type to list-entries-valid',
        capture: capture((p) => {
          p.description = null;
          p.arguments = ['genre', { description: 'no name' }, { name: 'mood', description: 3 }];
        }),
      },
      {
        name: 'is skipped when the server offers no prompts',
        capture: () => makeCapture({ tools: cleanTools() }),
        skipped: /prompts/,
      },
    ],
    invalid: [
      {
        name: 'reports a prompt without a description',
        capture: capture((p) => delete p.description),
        findings: [
          {
            messageId: 'missing',
            subject: SUBJECT,
            message: 'Prompt "bookstore_recommend_books" has no description; say what the prompt does and when a user would pick it.',
          },
        ],
      },
      {
        name: 'reports a blank prompt description',
        capture: capture((p) => (p.description = '  ')),
        findings: [{ messageId: 'missing', subject: SUBJECT }],
      },
      {
        name: 'reports each undescribed argument at its index',
        capture: capture((p) => {
          p.arguments = [{ name: 'genre', required: false }, p.arguments[0], { name: 'mood', description: '' }];
        }),
        findings: [
          {
            messageId: 'argumentMissing',
            subject: `${SUBJECT}#/arguments/0`,
            message:
              'Prompt "bookstore_recommend_books" has an argument "genre" without a description; say what value it expects, with an example.',
          },
          { messageId: 'argumentMissing', subject: `${SUBJECT}#/arguments/2` },
        ],
      },
    ],
  });
});

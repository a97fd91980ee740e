import { describe } from 'vitest';
import { cleanTools } from '../../fixtures/lib/raw-server.mjs';
import rule from '../../rules/manifest-drift.js';
import { bundleManifest, manifestCapture, serverJson } from '../helpers/manifest.js';
import { ruleTester } from '../helpers/rule-tester.js';

const CLEAN = cleanTools() as { name: string; description: string }[];
const TOOLS = CLEAN.map((t) => ({ name: t.name }));
const PROMPTS = [{ name: 'bookstore_recommend_books', text: 'Recommend books' }];
const declaring =
  (tools: unknown[], prompts: unknown[] = PROMPTS) =>
  () =>
    manifestCapture(bundleManifest({ tools, prompts }));

describe('manifest-drift', () => {
  ruleTester(rule).run({
    valid: [
      { name: 'accepts a manifest declaring exactly the listed tools and prompts', capture: declaring(TOOLS) },
      { name: 'accepts a manifest that declares no tools (it promises nothing)', capture: () => manifestCapture(bundleManifest()) },
      { name: 'leaves a server.json alone (it declares no tools)', capture: () => manifestCapture(serverJson()) },
      {
        name: 'accepts the same description with other whitespace',
        capture: declaring([...TOOLS.slice(1), { name: CLEAN[0]!.name, description: `  ${CLEAN[0]!.description.replace(/ /g, '\n')} ` }]),
      },
    ],
    invalid: [
      {
        name: 'reports a declared tool the server does not list',
        capture: declaring([...TOOLS, { name: 'bookstore_list_authors' }]),
        findings: [{ messageId: 'declaredNotListed', subject: 'tool:bookstore_list_authors' }],
      },
      {
        name: 'reports a listed tool and prompt the manifest leaves out',
        capture: declaring(TOOLS.slice(1), []),
        findings: [
          { messageId: 'listedNotDeclared', subject: 'tool:bookstore_search_books' },
          { messageId: 'listedNotDeclared', subject: 'prompt:bookstore_recommend_books' },
        ],
      },
      {
        name: 'reports a description that differs, one level milder',
        capture: declaring([...TOOLS.slice(1), { name: 'bookstore_search_books', description: 'Searches books.' }]),
        findings: [{ messageId: 'descriptionDiffers', subject: 'tool:bookstore_search_books', level: 'note' }],
      },
    ],
  });
});

import { describe, expect, it } from 'vitest';
import { cleanPrompts, cleanTools } from '../../fixtures/lib/raw-server.mjs';
import type { Capture } from '../../src/capture.js';
import rule from '../../rules/prompt-description-present.js';
import { makeCapture, summary } from '../helpers/capture.js';
import { runRule } from '../helpers/rule-tester.js';

const RULE = 'prompt-description-present';
const lint = (capture: Capture) => runRule(rule, capture);
const prompt = (change: (p: Record<string, any>) => void) => {
  const p: Record<string, any> = structuredClone(cleanPrompts()[0]!);
  change(p);
  return [p];
};

describe(RULE, () => {
  it('accepts the clean bookstore prompts', () => {
    expect(lint(makeCapture({ prompts: cleanPrompts() })).findings).toEqual([]);
  });

  it('reports a prompt without a description', () => {
    const result = lint(makeCapture({ prompts: prompt((p) => delete p.description) }));
    expect(summary(result)).toEqual([`${RULE} missing prompt:bookstore_recommend_books`]);
    expect(result.findings[0]!.message).toBe('Prompt "bookstore_recommend_books" has no description; say what the prompt does and when a user would pick it.');
  });

  it('reports a blank prompt description', () => {
    expect(summary(lint(makeCapture({ prompts: prompt((p) => (p.description = '  ')) })))).toEqual([`${RULE} missing prompt:bookstore_recommend_books`]);
  });

  it('reports each undescribed argument at its index', () => {
    const prompts = prompt((p) => {
      p.arguments = [{ name: 'genre', required: false }, p.arguments[0], { name: 'mood', description: '' }];
    });
    const result = lint(makeCapture({ prompts }));
    expect(summary(result)).toEqual([
      `${RULE} argumentMissing prompt:bookstore_recommend_books#/arguments/0`,
      `${RULE} argumentMissing prompt:bookstore_recommend_books#/arguments/2`,
    ]);
    expect(result.findings[0]!.message).toBe(
      'Prompt "bookstore_recommend_books" has an argument "genre" without a description; say what value it expects, with an example.',
    );
  });

  it('accepts prompts without arguments', () => {
    expect(lint(makeCapture({ prompts: prompt((p) => delete p.arguments) })).findings).toEqual([]);
  });

  it('leaves malformed arguments and descriptions of the wrong type to list-entries-valid', () => {
    const prompts = prompt((p) => {
      p.description = null;
      p.arguments = ['genre', { description: 'no name' }, { name: 'mood', description: 3 }];
    });
    expect(lint(makeCapture({ prompts })).findings).toEqual([]);
  });

  it('is skipped when the server offers no prompts', () => {
    const result = lint(makeCapture({ tools: cleanTools() }));
    expect(result.skipped.map((s) => s.ruleId)).toEqual([RULE]);
  });
});

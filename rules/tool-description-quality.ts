import { defineRule, type Report } from '../src/engine/rule.js';
import { words } from '../src/shared/name-words.js';
import { clip } from '../src/shared/text.js';
import { codePointLength, collapseWhitespace } from './lib/text.js';

/** Words that carry no information about a tool beyond its name. */
const STOPWORDS = new Set([
  'a',
  'an',
  'the',
  'this',
  'that',
  'these',
  'those',
  'it',
  'its',
  'is',
  'are',
  'be',
  'will',
  'can',
  'may',
  'to',
  'of',
  'for',
  'in',
  'on',
  'at',
  'by',
  'with',
  'from',
  'into',
  'and',
  'or',
  'as',
  'tool',
  'function',
  'method',
  'endpoint',
  'api',
  'mcp',
  'server',
  'command',
  'action',
  'operation',
  'use',
  'used',
  'allow',
  'you',
  'your',
  'we',
  'our',
  'do',
  'perform',
  'call',
  'given',
  'specified',
  'specific',
  'some',
  'all',
  'any',
  'one',
  'new',
  'simple',
  'basic',
  'just',
  'helper',
  'utility',
]);

/** Common English function words: a description without any is not judged for (c). */
const ENGLISH_MARKERS = new Set(['the', 'to', 'of', 'and', 'for', 'with', 'by', 'is', 'it', 'or', 'from', 'when', 'this']);

/**
 * Words by which a description says (or clearly implies) what comes back. Deliberately generous:
 * "Get the weather for a city" says it returns the weather.
 */
const RESULT_WORDS = new Set([
  'return',
  'returned',
  'returning',
  'output',
  'outputted',
  'respond',
  'response',
  'responses',
  'result',
  'yield',
  'give',
  'provide',
  'providing',
  'list',
  'listing',
  'show',
  'display',
  'produce',
  'retrieve',
  'fetch',
  'get',
  'read',
  'report',
  'emit',
  'generate',
  'contain',
  'containing',
  'include',
  'including',
  'confirmation',
  'confirm',
  'success',
  'status',
  'detail',
  'information',
  'info',
  'summary',
  'count',
  'url',
  'link',
  'data',
  'content',
  'metadata',
  'value',
  'lookup',
  'look',
  'describe',
  'view',
  'check',
]);

/** Whole descriptions that are placeholders (compared lower-case, without trailing punctuation). */
const PLACEHOLDERS = new Set([
  'todo',
  'tbd',
  'tba',
  'fixme',
  'n/a',
  'na',
  'none',
  'null',
  'undefined',
  'nil',
  'placeholder',
  'description',
  'tool description',
  'no description',
  'no description provided',
  'no description available',
  'description here',
  'description goes here',
  'add description',
  'add description here',
  'add a description',
  'add a description here',
  'insert description',
  'insert description here',
  'enter description',
  'enter a description',
  'your description here',
  'a tool',
  'tool',
  'the tool',
  'this is a tool',
  'my tool',
  'a test tool',
  'test tool',
  'test',
  'testing',
  'sample tool',
  'example tool',
  'an example tool',
  'a simple tool',
  'simple tool',
  'dummy',
  'dummy tool',
  'foo',
  'bar',
  'foobar',
]);

/** Placeholder markers anywhere in the text. TODO and friends only in capitals, as markers. */
const PLACEHOLDER_PATTERNS: readonly RegExp[] = [/\blorem ipsum\b/i, /^\s*(?:TODO|TBD|FIXME)\b/, /\b(?:TODO|TBD|FIXME)\s*:/];

/** Below this many characters the length rule speaks; "what it returns" is not judged. */
const MIN_JUDGED_LENGTH = 40;

// Patterns used per tool and per word are module constants: a literal inside a function is a new RegExp
// on every call, which V8 runs much slower until it is warm.
const ES_PLURAL = /(?:s|x|z|ch|sh)es$/;
const TRAILING_PUNCTUATION = /[.!…:;\s]+$/u;

/** A crude English stem, applied to both sides of every comparison: gets → get, searches → search, entries → entry. */
function stem(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 4 && ES_PLURAL.test(word)) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss') && !word.endsWith('us')) return word.slice(0, -1);
  return word;
}

const quote = (text: string): string => {
  const t = collapseWhitespace(text.trim());
  return t.length > 120 ? clip(t, 117) : t;
};

function isPlaceholder(description: string, contentWords: readonly string[]): boolean {
  const whole = collapseWhitespace(description.trim().toLowerCase()).replace(TRAILING_PUNCTUATION, '');
  if (PLACEHOLDERS.has(whole)) return true;
  if (PLACEHOLDER_PATTERNS.some((p) => p.test(description))) return true;
  // Only punctuation and symbols ("...", "-", "?"), or only filler words ("This is a tool.").
  return contentWords.length === 0;
}

const messages = {
  restatesName:
    'Tool "{{name}}" has a description that only restates its name ("{{description}}"); say what the tool does, when to use it and what it returns.',
  placeholder:
    'Tool "{{name}}" has placeholder text as its description ("{{description}}"); replace it with what the tool does, when to use it and what it returns.',
  noResultInfo:
    'Tool "{{name}}" has a description that does not say what the tool returns; describe the result (its fields or format), or declare an outputSchema, so the model knows what to expect.',
};

export default defineRule({
  id: 'tool-description-quality',
  category: 'descriptions',
  basis: 'guideline',
  severity: 'warning',
  precision: 'medium',
  checklist: ['descriptive-names-and-docs', 'comprehensive-docstrings'],
  summary: 'Tool descriptions say more than the name, are not placeholder text, and say what the tool returns.',
  references: [
    { title: 'Server-building guide — Tool Design Guidelines: "Tool descriptions must narrowly and unambiguously describe functionality"' },
    { title: 'Server-building guide — Tool Documentation: "Complete return type schema"; "Document expected return value structures"' },
  ],
  messages,
  requires: ['tools'],
  *check({ index }): Generator<Report<keyof typeof messages>> {
    for (const tool of index.tools) {
      const description = tool.description;
      // Missing or blank descriptions are tool-description-present's business.
      if (description === undefined || description.trim() === '') continue;
      const subject = { kind: 'tool', name: tool.name, pointer: '/description' } as const;
      const data = (): { name: string; description: string } => ({ name: tool.name, description: quote(description) });
      const all = words(description);
      const content = all.filter((w) => !STOPWORDS.has(w));

      if (isPlaceholder(description, content)) {
        yield { messageId: 'placeholder', data: data(), subject, evidence: quote(description) };
        continue;
      }

      const nameWords = new Set(words(tool.name).map(stem));
      if (content.every((w) => nameWords.has(stem(w)))) {
        yield { messageId: 'restatesName', data: data(), subject, evidence: quote(description) };
        continue;
      }

      // (c) only for descriptions long enough to be judged, in English, without an output schema.
      if (codePointLength(description.trim()) < MIN_JUDGED_LENGTH) continue;
      if (tool.outputSchema !== undefined) continue;
      if (!all.some((w) => ENGLISH_MARKERS.has(w))) continue;
      if (all.some((w) => RESULT_WORDS.has(w) || RESULT_WORDS.has(stem(w)))) continue;
      yield { messageId: 'noResultInfo', data: data(), subject };
    }
  },
});

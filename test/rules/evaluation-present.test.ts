import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import rule from '../../rules/evaluation-present.js';
import { evaluationFacts, MAX_EVALUATION_BYTES, scanEvaluation } from '../../src/source/evaluation.js';
import type { EvaluationFacts, SourceIndex } from '../../src/model/source-index.js';
import { makeCapture } from '../helpers/capture.js';
import { ruleTester } from '../helpers/rule-tester.js';

const pair = (q: string, a: string) => `<qa_pair><question>${q}</question><answer>${a}</answer></qa_pair>`;
const doc = (n: number, extra = '') =>
  `<?xml version="1.0"?>\n<evaluation>${Array.from({ length: n }, (_, i) => pair(`Q${i}?`, `A${i}`)).join('\n')}${extra}</evaluation>`;

const source = (evaluation: EvaluationFacts | undefined, tools = true): SourceIndex => ({
  root: '/project',
  registrations: tools ? [{ kind: 'tool', name: 't', style: 'registerTool', file: 'server.ts', line: 1, column: 1 }] : [],
  unresolved: [],
  stdoutWrites: [],
  throwingHandlers: [],
  looseZodObjects: [],
  filesIndexed: 1,
  ...(evaluation ? { evaluation } : {}),
});
const found = (xml: string): EvaluationFacts => ({ found: true, file: 'evaluation.xml', bytes: xml.length, ...scanEvaluation(xml) });

describe('evaluation-present', () => {
  ruleTester(rule).run({
    valid: [
      { name: 'ten complete pairs', capture: makeCapture(), source: source(found(doc(10))) },
      { name: 'a project that registers no tools is not judged', capture: makeCapture(), source: source({ found: false }, false) },
      { name: 'an index that did not look', capture: makeCapture(), source: source(undefined) },
    ],
    invalid: [
      {
        name: 'no evaluation file',
        capture: makeCapture(),
        source: source({ found: false }),
        findings: [{ messageId: 'missing', subject: 'server' }],
      },
      {
        name: 'another root element',
        capture: makeCapture(),
        source: source(found('<tests><qa_pair/></tests>')),
        findings: [{ messageId: 'notEvaluation', subject: 'server', message: /first element is <tests>/ }],
      },
      {
        name: 'too few pairs, and one without an answer',
        capture: makeCapture(),
        source: source(found(doc(3, pair('Q?', '  ')))),
        findings: [
          {
            messageId: 'fewPairs',
            subject: 'server',
            message: /has 3 complete question\/answer pairs \(and 1 without a question or an answer\)/,
          },
        ],
      },
      {
        name: 'too large to read',
        capture: makeCapture(),
        source: source({ found: true, file: 'evaluation.xml', bytes: MAX_EVALUATION_BYTES + 1, tooLarge: true, pairs: 0, complete: 0 }),
        findings: [{ messageId: 'tooLarge', subject: 'server' }],
      },
    ],
  });
});

describe('the evaluation scan', () => {
  it('counts pairs outside comments, takes CDATA as text and expands no entity', () => {
    const xml = `<!DOCTYPE evaluation [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;">]>
<evaluation><!-- ${pair('hidden?', 'x')} -->${pair('<![CDATA[Is 1 < 2?]]>', 'yes')}${pair('&b;', '&b;')}<qa_pair><question>Q</question></qa_pair></evaluation>`;
    expect(scanEvaluation(xml)).toEqual({ rootElement: 'evaluation', pairs: 3, complete: 2 });
  });

  it('judges a question full of unclosed "<" in one pass (a tag pattern that rescans from each "<" took minutes)', () => {
    const body = '<'.repeat(400_000);
    expect(scanEvaluation(`<evaluation><qa_pair><question>${body}</question><answer>${body}</answer></qa_pair></evaluation>`)).toEqual({
      rootElement: 'evaluation',
      pairs: 1,
      complete: 1,
    });
  });

  it('stops at an unclosed element instead of scanning on', () => {
    expect(scanEvaluation(`<evaluation>${'<qa_pair>'.repeat(50_000)}`)).toEqual({ rootElement: 'evaluation', pairs: 0, complete: 0 });
  });

  describe('finds the file', () => {
    const root = mkdtempSync(join(tmpdir(), 'mcplint-eval-'));
    afterAll(() => rmSync(root, { recursive: true, force: true }));

    it('in evals/ when the root has none, and reports a file over the cap without reading it', () => {
      expect(evaluationFacts(root)).toEqual({ found: false });
      mkdirSync(join(root, 'evals'));
      writeFileSync(join(root, 'evals', 'bookstore.xml'), doc(10));
      expect(evaluationFacts(root)).toMatchObject({ found: true, file: 'evals/bookstore.xml', pairs: 10, complete: 10 });
      writeFileSync(join(root, 'evaluation.xml'), ' '.repeat(MAX_EVALUATION_BYTES + 1));
      expect(evaluationFacts(root)).toMatchObject({ found: true, file: 'evaluation.xml', tooLarge: true });
    });
  });
});

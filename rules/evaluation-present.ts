import { defineRule, type Report } from '../src/engine/rule.js';
import { FILE_CAPS } from '../src/shared/read-bounded.js';

/** The guide asks for ten questions. */
const WANTED_PAIRS = 10;

const messages = {
  missing:
    'The project has no evaluation file (looked for evaluation.xml or evaluations.xml in the project root, and any *.xml in evaluation/, evaluations/, eval/, evals/); write about {{wanted}} realistic, read-only questions with verifiable answers as <evaluation><qa_pair><question>…</question><answer>…</answer></qa_pair>…</evaluation>, to test whether an agent can use the server.',
  tooLarge:
    'The evaluation file {{file}} is {{bytes}} bytes, more than mcplint reads ({{cap}}); keep it to about {{wanted}} question/answer pairs.',
  notEvaluation:
    'The evaluation file {{file}} is not an <evaluation> document{{root}}; write it as <evaluation> with one <qa_pair> (a <question> and an <answer>) per question.',
  fewPairs:
    'The evaluation file {{file}} has {{complete}} complete question/answer pairs{{incomplete}}; the guide asks for {{wanted}}, each with a <question> and a single verifiable <answer>.',
};

export default defineRule({
  id: 'evaluation-present',
  category: 'source',
  basis: 'guideline',
  severity: 'note',
  precision: 'high',
  checklist: ['evaluations'],
  summary:
    'The project has an `evaluation.xml` with about ten complete question/answer pairs (`<evaluation>`, `<qa_pair>`, `<question>`, `<answer>`), as the server-building guide asks.',
  references: [
    {
      title:
        'Server-building guide — Creating Evaluations: "Create 10 questions that test whether LLMs can use your server effectively", Output Format',
    },
    { title: 'Server-building guide — Quality Checklist, Testing: "Evaluations created and passing"' },
  ],
  messages,
  requires: ['source'],
  *check({ source }): Generator<Report<keyof typeof messages>> {
    const evaluation = source?.evaluation;
    // Only a project that visibly defines the server is judged: otherwise its evaluations may live elsewhere.
    if (!source || !evaluation || !source.registrations.some((r) => r.kind === 'tool')) return;
    const subject = { kind: 'server' } as const;
    if (!evaluation.found) {
      yield { messageId: 'missing', data: { wanted: WANTED_PAIRS }, subject };
      return;
    }
    const file = evaluation.file;
    if (evaluation.tooLarge) {
      yield {
        messageId: 'tooLarge',
        data: { file, bytes: evaluation.bytes, cap: `${FILE_CAPS.evaluation / (1024 * 1024)} MiB`, wanted: WANTED_PAIRS },
        subject,
        key: file,
      };
      return;
    }
    if (evaluation.rootElement !== 'evaluation') {
      const root = evaluation.rootElement ? ` (its first element is <${evaluation.rootElement}>)` : ' (no element found)';
      yield { messageId: 'notEvaluation', data: { file, root }, subject, key: file };
      return;
    }
    const incomplete = evaluation.pairs - evaluation.complete;
    // "About ten": fewer than ten complete pairs, or any pair without a question or an answer.
    if (evaluation.complete >= WANTED_PAIRS && incomplete === 0) return;
    yield {
      messageId: 'fewPairs',
      data: {
        file,
        complete: evaluation.complete,
        incomplete: incomplete > 0 ? ` (and ${incomplete} without a question or an answer)` : '',
        wanted: WANTED_PAIRS,
      },
      subject,
      key: file,
    };
  },
});

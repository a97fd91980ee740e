import { isObject } from '../src/engine/capture-index.js';
import { defineRule, type Report } from '../src/engine/rule.js';
import { frameOf, probeData, shorten, validToolCalls } from '../src/model/probe-records.js';
import { DEFAULT_MAX_RESPONSE_CHARS, type ResultView } from '../src/model/probe-types.js';

/** Says the response was cut. */
const NOTICE =
  /\btruncat|\bcut off\b|\bcut short\b|\bshortened\b|\bomitted\b|\bnot shown\b|\btoo (?:large|long|many)\b|\bexceed|\bshowing (?:the )?first\b|\bpartial (?:result|response|list)/i;
/** Says how to get the rest. */
const GUIDANCE =
  /\boffset\b|\bcursor\b|\bnext[_ ]?page\b|\bpage\b|\blimit\b|\bfilter|\bnarrow|\bmore specific\b|\bsmaller\b|\bnext_offset\b|\bparameter/i;

function structuredSays(view: ResultView, pattern: RegExp): boolean {
  const value = view.structuredContent;
  if (!isObject(value)) return false;
  if (pattern === NOTICE && value.truncated === true) return true;
  return Object.values(value).some((v) => typeof v === 'string' && pattern.test(v));
}

const messages = {
  untruncated:
    'Tool "{{name}}" returned {{size}} characters, more than the {{limit}} an agent can afford, without saying it was cut; truncate at the limit and say how to get the rest (a smaller limit, an offset, filters).',
  noGuidance:
    'Tool "{{name}}" returned {{size}} characters (over {{limit}}) and says it was truncated, but not how to get the rest; name the parameter to use (offset, cursor, a filter).',
};

export default defineRule({
  id: 'response-size-limit',
  category: 'probes',
  basis: 'guideline',
  severity: 'warning',
  precision: 'high',
  checklist: ['response-character-limit', 'sample-tool-calls'],
  summary:
    'Tool results over the character limit (25,000 by default, probes.maxResponseChars) say they were truncated and how to get more.',
  references: [
    {
      title:
        'Server-building guide — Character Limits and Truncation: "Truncate gracefully with clear indicators", "Provide guidance on filtering"',
    },
  ],
  messages,
  requires: ['probe:valid-calls'],
  *check({ capture }): Generator<Report<keyof typeof messages>> {
    const configured = probeData(capture, 'valid-calls')?.maxResponseChars;
    const limit = typeof configured === 'number' ? configured : DEFAULT_MAX_RESPONSE_CHARS;
    const seen = new Set<string>();
    for (const { call } of validToolCalls(capture)) {
      const answer = call.answer;
      const name = call.tool ?? '';
      if (answer.kind !== 'result' || !answer.view || seen.has(name)) continue;
      const view = answer.view;
      const size = view.textChars > 0 ? view.textChars : (view.structuredChars ?? 0);
      if (size <= limit) continue;
      seen.add(name);
      const notice = NOTICE.test(view.text) || structuredSays(view, NOTICE);
      const guidance = GUIDANCE.test(view.text) || structuredSays(view, GUIDANCE);
      const data = { name, size: size.toLocaleString('en-US'), limit: limit.toLocaleString('en-US') };
      const tail = shorten(view.text.slice(-300), 200);
      if (!notice) yield { messageId: 'untruncated', data, subject: { kind: 'tool', name }, evidence: `…${tail}`, ...frameOf(call) };
      else if (!guidance) yield { messageId: 'noGuidance', data, subject: { kind: 'tool', name }, evidence: `…${tail}`, ...frameOf(call) };
    }
  },
});

import { isObject } from '../src/engine/capture-index.js';
import { defineRule, type Report } from '../src/engine/rule.js';
import { probeCalls, rawResultOf, shorten } from '../src/model/probe-records.js';
import { jsonText } from '../src/shared/json-text.js';

const messages = {
  forgedAccepted:
    'Server answered prompts/get of "{{prompt}}" with an InputRequiredResult carrying a requestState, yet completed the same request when it carried a requestState the server never issued ({{forged}}); requestState passes through the client and must be verified (e.g. with an HMAC or AEAD), and state that fails verification rejected.',
};

export default defineRule({
  id: 'request-state-verified',
  category: 'lifecycle',
  basis: 'spec',
  severity: 'error',
  precision: 'high',
  checklist: 'none',
  summary:
    'A 2026-07-28 server that asks for input with a requestState rejects a requestState it never issued: an error, or the InputRequiredResult again, never a completed result.',
  since: '2026-07-28',
  references: [
    {
      title:
        'MCP spec 2026-07-28 — basic/patterns/mrtr § Server Requirements: "servers MUST treat requestState as an attacker-controlled input … MUST reject state that fails verification"',
      url: 'https://modelcontextprotocol.io/specification/2026-07-28/basic/patterns/mrtr',
    },
  ],
  messages,
  requires: ['probe:request-state', 'session'],
  *check({ capture }): Generator<Report<keyof typeof messages>> {
    const forged = probeCalls(capture, 'request-state')[0];
    if (forged?.answer.kind !== 'result') return;
    const prompt = forged.detail?.prompt;
    // The plain prompts/get of the same prompt: only a server that uses requestState there is judged.
    const plain = probeCalls(capture, 'prompts-get').find((c) => c.detail?.prompt === prompt);
    const asked = plain && rawResultOf(capture, 'prompts-get', plain);
    if (!isObject(asked) || asked.resultType !== 'input_required' || typeof asked.requestState !== 'string') return;
    const result = rawResultOf(capture, 'request-state', forged);
    if (isObject(result) && result.resultType === 'input_required') return;
    const state = isObject(forged.params) ? forged.params.requestState : undefined;
    yield {
      messageId: 'forgedAccepted',
      data: { prompt: String(prompt), forged: JSON.stringify(state) },
      subject: { kind: 'server' },
      evidence: `"resultType": ${shorten(jsonText(isObject(result) ? result.resultType : undefined) ?? 'absent', 200)}`,
      ...(forged.answer.frame >= 0 ? { frame: forged.answer.frame } : {}),
    };
  },
});

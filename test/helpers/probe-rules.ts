/** The rules that judge what the stdio probes recorded (protocol and tool probes), from the registry. */
import type { Rule } from '../../src/engine/rule.js';
import { rules } from '../../rules/index.js';

const PROBE_RULE_IDS = [
  'capabilities-match',
  'error-text-hygiene',
  'invalid-arguments-rejected',
  'invalid-cursor-error',
  'pagination-metadata',
  'ping-responds',
  'pre-initialize-messages',
  'response-id-echo',
  'response-size-limit',
  'structured-output-conforms',
  'tool-call-responds',
  'tool-errors-are-results',
  'undeclared-server-requests',
  'unknown-method-error',
  'unknown-tool-error',
  'unknown-tool-protocol-error',
  'version-negotiation',
  'version-negotiation-refusal',
];

export const PROBE_RULES: readonly Rule[] = PROBE_RULE_IDS.map((id) => {
  const rule = rules.find((r) => r.id === id);
  if (!rule) throw new Error(`probe rule ${id} is not in the registry`);
  return rule;
});

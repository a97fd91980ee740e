/**
 * Read-side probe `declared-capabilities`: one request behind each optional capability the server
 * declares — completion/complete (`completions`), logging/setLevel `warning` (`logging`), and
 * resources/subscribe then resources/unsubscribe (`resources.subscribe`). None answers -32601
 * when declared (declared-capabilities-work). They only ask, or undo what they asked.
 */
import { isObject } from '../shared/json.js';
import { atLeast } from '../shared/protocol-version.js';
import type { PlanContext, ProbeModule, StepSpec } from './probe.js';
import { listedPrompts, listedResourceUris, listedTemplates } from './surface-lists.js';

/**
 * The level set for the rest of the session: it holds back only debug, info and notice, so the
 * tool probes after it show whether the server keeps to it (log-level-respected), while warnings
 * and errors still arrive for the other rules to read.
 */
export const PROBE_LOG_LEVEL = 'warning';

export const declaredCapabilitiesProbe: ProbeModule = {
  id: 'declared-capabilities',
  kind: 'surface',
  plan(ctx) {
    const steps = [...completionSteps(ctx), ...loggingSteps(ctx), ...subscribeSteps(ctx)];
    if (steps.length === 0)
      return {
        skip: 'the server declares none of completions, logging and resources.subscribe (or has nothing to try them on)',
        notApplicable: true,
      };
    return { steps };
  },
};

function completionSteps(ctx: PlanContext): StepSpec[] {
  if (!isObject(ctx.capabilities.completions)) return [];
  const prompt = listedPrompts(ctx.input).find((p) => p.arguments.length > 0);
  const capability = 'completions';
  if (prompt) {
    const argument = prompt.arguments[0]!.name;
    return [
      {
        method: 'completion/complete',
        params: { ref: { type: 'ref/prompt', name: prompt.name }, argument: { name: argument, value: '' } },
        purpose: 'declared-capability',
        reason: `the server declares "completions", so completion/complete for argument "${argument}" of prompt "${prompt.name}" must work`,
        detail: { capability },
      },
    ];
  }
  const template = listedTemplates(ctx.input).find((t) => t.variables.length > 0);
  if (!template) return [missingReferenceCompletion(ctx)];
  const variable = template.variables[0]!;
  return [
    {
      method: 'completion/complete',
      params: { ref: { type: 'ref/resource', uri: template.uriTemplate }, argument: { name: variable, value: '' } },
      purpose: 'declared-capability',
      reason: `the server declares "completions", so completion/complete for variable "${variable}" of ${template.uriTemplate} must work`,
      detail: { capability },
    },
  ];
}

/** The prompt name asked for when nothing listed takes a completion: one no server lists. */
export const MISSING_COMPLETION_PROMPT = 'mcplint_no_such_prompt';

/**
 * Nothing listed has an argument to complete, yet "completions" is declared: a completion for a
 * prompt that does not exist still shows whether the method exists. An error saying the prompt is
 * unknown is the right answer; -32601 says the capability is not there.
 */
function missingReferenceCompletion(ctx: PlanContext): StepSpec {
  const listed = new Set(listedPrompts(ctx.input).map((p) => p.name));
  let name = MISSING_COMPLETION_PROMPT;
  for (let n = 2; listed.has(name); n++) name = `${MISSING_COMPLETION_PROMPT}_${n}`;
  return {
    method: 'completion/complete',
    params: { ref: { type: 'ref/prompt', name }, argument: { name: 'value', value: '' } },
    purpose: 'declared-capability',
    reason:
      `the server declares "completions" but lists no prompt argument or resource template to complete, so completion/complete ` +
      `for prompt "${name}", which it does not list, must still be answered (an error naming the unknown prompt, never -32601)`,
    detail: { capability: 'completions', missingReference: true },
  };
}

/** 2026-07-28 has neither logging/setLevel nor resources/subscribe (subscriptions/listen replaces it). */
const beforeModern = (ctx: PlanContext): boolean => !atLeast(ctx.protocolVersion, '2026-07-28');

function loggingSteps(ctx: PlanContext): StepSpec[] {
  if (!isObject(ctx.capabilities.logging) || !beforeModern(ctx)) return [];
  return [
    {
      method: 'logging/setLevel',
      params: { level: PROBE_LOG_LEVEL },
      purpose: 'declared-capability',
      reason: `the server declares "logging", so logging/setLevel must work; after it, no notifications/message below "${PROBE_LOG_LEVEL}" may arrive`,
      detail: { capability: 'logging', level: PROBE_LOG_LEVEL },
    },
  ];
}

function subscribeSteps(ctx: PlanContext): StepSpec[] {
  const resources = ctx.capabilities.resources;
  if (!isObject(resources) || resources.subscribe !== true || !beforeModern(ctx)) return [];
  const uri = listedResourceUris(ctx.input)[0];
  if (uri === undefined) return [];
  const detail = { capability: 'resources.subscribe', uri };
  return [
    {
      method: 'resources/subscribe',
      params: { uri },
      purpose: 'declared-capability',
      reason: `the server declares "resources.subscribe: true", so subscribing to ${uri} must work (it is unsubscribed right after)`,
      detail,
    },
    { method: 'resources/unsubscribe', params: { uri }, purpose: 'declared-capability', reason: `undo the subscription to ${uri}`, detail },
  ];
}

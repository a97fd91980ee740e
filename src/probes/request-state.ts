/**
 * Read-side probe `request-state` (2026-07-28): the first prompts/get of the prompts-get probe once
 * more, carrying a requestState the server never issued. A server that answered that prompts/get
 * with an InputRequiredResult and a requestState must not accept a forged one
 * (request-state-verified). Getting a prompt only renders messages; no tool runs.
 */
import { atLeast } from '../shared/protocol-version.js';
import type { ProbeModule } from './probe.js';
import { promptsGetProbe } from './prompts-get.js';

/** A requestState no server issued. */
export const FORGED_REQUEST_STATE = 'mcplint-forged-request-state';

export const requestStateProbe: ProbeModule = {
  id: 'request-state',
  kind: 'surface',
  plan(ctx) {
    if (!atLeast(ctx.protocolVersion, '2026-07-28')) {
      return {
        skip: `protocol ${ctx.protocolVersion} has no requestState (multi round-trip requests are 2026-07-28)`,
        notApplicable: true,
      };
    }
    const prompts = promptsGetProbe.plan(ctx);
    if ('skip' in prompts)
      return { skip: `no prompts/get to repeat: ${prompts.skip}`, ...(prompts.notApplicable ? { notApplicable: true as const } : {}) };
    // With completions the plan first asks completion/complete for the arguments: repeat the prompts/get itself.
    const first = prompts.steps.find((step) => step.method === 'prompts/get');
    if (!first) return { skip: 'no prompts/get to repeat: probe prompts-get plans none', notApplicable: true };
    return {
      steps: [
        {
          method: 'prompts/get',
          params: { ...(first.params as Record<string, unknown>), requestState: FORGED_REQUEST_STATE },
          purpose: 'forged-request-state',
          reason:
            `the first prompts/get of probe prompts-get again, with a requestState the server never issued (${JSON.stringify(FORGED_REQUEST_STATE)}); ` +
            'when the server answered that prompts/get with an InputRequiredResult, it must reject the forged state (an error, or the InputRequiredResult again), never complete on it',
          detail: { prompt: String(first.detail?.prompt ?? '') },
        },
      ],
    };
  },
};

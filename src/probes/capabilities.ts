/**
 * Protocol probe `capabilities`: every list method behind a capability the server did NOT advertise
 * must answer -32601, not an empty success (capabilities-match). Advertised lists are judged from
 * the listing itself (advertised-lists-work).
 */
import { LIST_METHODS, type ListName } from '../model/capture.js';
import { isObject } from '../shared/json.js';
import type { ProbeModule, StepSpec } from './probe.js';

export const capabilitiesProbe: ProbeModule = {
  id: 'capabilities',
  kind: 'protocol',
  plan(ctx) {
    const steps: StepSpec[] = [];
    for (const name of Object.keys(LIST_METHODS) as ListName[]) {
      const { method, capability } = LIST_METHODS[name];
      if (isObject(ctx.capabilities[capability])) continue;
      steps.push({
        method,
        purpose: 'unadvertised-list',
        reason: `the server did not advertise "${capability}", so ${method} must answer -32601 (Method not found)`,
        detail: { capability },
      });
    }
    if (steps.length === 0)
      return {
        skip: 'the server advertises tools, prompts and resources, so there is no unadvertised list method to try',
        notApplicable: true,
      };
    return { steps };
  },
};

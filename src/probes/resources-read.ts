/**
 * Read-side probe `resources-read`: resources/read of the first listed resources (at most
 * `probes.maxResourceReads`). Reading changes nothing on the server (result-schema-valid,
 * declared-capabilities-work). Templates are not read: their variables would be guesses.
 */
import type { ProbeModule, StepSpec } from './probe.js';
import { listedResourceUris, listUsable } from './surface-lists.js';

export const resourcesReadProbe: ProbeModule = {
  id: 'resources-read',
  kind: 'surface',
  plan(ctx) {
    const list = ctx.input.lists.resources;
    if (list.status === 'not-advertised') return { skip: 'the server does not advertise resources', notApplicable: true };
    if (!listUsable(list.status)) return { skip: 'resources/list failed' };
    const uris = listedResourceUris(ctx.input);
    if (uris.length === 0) return { skip: 'the server lists no resources', notApplicable: true };
    const max = ctx.config.maxResourceReads;
    if (max === 0) return { skip: 'probes.maxResourceReads is 0' };
    const steps: StepSpec[] = uris.slice(0, max).map((uri, n) => ({
      method: 'resources/read',
      params: { uri },
      purpose: 'read-resource',
      reason: `the server lists ${uri}; reading it changes nothing, and the contents must match the ReadResourceResult schema${n === max - 1 && uris.length > max ? ` (${uris.length - max} more not read: probes.maxResourceReads is ${max})` : ''}`,
      detail: { uri },
    }));
    return { steps };
  },
};

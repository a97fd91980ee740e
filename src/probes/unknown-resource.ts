/**
 * Read-side probe `unknown-resource`: resources/read of a URI the server never listed. It must be
 * an error (-32002 Resource not found), not an empty success (unknown-resource-error).
 */
import type { ProbeModule } from './probe.js';
import { listedResourceUris, listUsable } from './surface-lists.js';

export const UNKNOWN_RESOURCE_URI = 'mcplint-probe://no-such-resource';

export const unknownResourceProbe: ProbeModule = {
  id: 'unknown-resource',
  kind: 'surface',
  plan(ctx) {
    const list = ctx.input.lists.resources;
    if (list.status === 'not-advertised') return { skip: 'the server does not advertise resources', notApplicable: true };
    if (!listUsable(list.status)) return { skip: 'resources/list failed' };
    const listed = new Set(listedResourceUris(ctx.input));
    let uri = UNKNOWN_RESOURCE_URI;
    for (let n = 2; listed.has(uri); n++) uri = `${UNKNOWN_RESOURCE_URI}-${n}`;
    return {
      steps: [
        {
          method: 'resources/read',
          params: { uri },
          purpose: 'unknown-resource',
          reason: `the server never listed ${uri}, so reading it must fail with error -32002 (Resource not found), not succeed`,
          detail: { uri },
        },
      ],
    };
  },
};

/** Protocol probe `ping`: the server answers ping promptly with an empty result (ping-responds). */
import { atLeast } from '../shared/protocol-version.js';
import type { ProbeModule } from './probe.js';

export const pingProbe: ProbeModule = {
  id: 'ping',
  kind: 'protocol',
  plan(ctx) {
    if (atLeast(ctx.protocolVersion, '2026-07-28'))
      return { skip: `ping was removed in protocol 2026-07-28 (the server negotiated ${ctx.protocolVersion})`, notApplicable: true };
    return { steps: [{ method: 'ping', purpose: 'ping', reason: 'ping must be answered promptly with an empty result' }] };
  },
};

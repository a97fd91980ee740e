/**
 * Protocol probe `request-ids`: a request with a string id (non-ASCII included) and one with a large
 * integer id; each response must carry the very same id, type included (response-id-echo).
 */
import { atLeast } from '../shared/protocol-version.js';
import type { ProbeModule } from './probe.js';

export const STRING_REQUEST_ID = 'mcplint-\u00e9-1';
export const INTEGER_REQUEST_ID = 424242;

export const requestIdsProbe: ProbeModule = {
  id: 'request-ids',
  kind: 'protocol',
  plan(ctx) {
    if (atLeast(ctx.protocolVersion, '2026-07-28'))
      return {
        skip: `it uses ping, which was removed in protocol 2026-07-28 (the server negotiated ${ctx.protocolVersion})`,
        notApplicable: true,
      };
    return {
      steps: [
        {
          method: 'ping',
          id: STRING_REQUEST_ID,
          purpose: 'string-id',
          reason: 'the response must echo a string id exactly (same type, same characters)',
        },
        {
          method: 'ping',
          id: INTEGER_REQUEST_ID,
          purpose: 'integer-id',
          reason: 'the response must echo an integer id as the same integer',
        },
      ],
    };
  },
};

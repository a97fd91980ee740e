/** Protocol probe `unknown-method`: a method nobody implements must get JSON-RPC error -32601 (unknown-method-error). */
import type { ProbeModule } from './probe.js';

export const UNKNOWN_METHOD = 'mcplint/no-such-method';

export const unknownMethodProbe: ProbeModule = {
  id: 'unknown-method',
  kind: 'protocol',
  plan() {
    return {
      steps: [
        {
          method: UNKNOWN_METHOD,
          purpose: 'unknown-method',
          reason: 'a method the server does not implement must get error -32601 (Method not found)',
        },
      ],
    };
  },
};

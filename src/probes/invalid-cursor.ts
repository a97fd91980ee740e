/** Protocol probe `invalid-cursor`: tools/list with a cursor the server never issued should get -32602 (invalid-cursor-error). */
import type { ProbeModule } from './probe.js';

export const INVALID_CURSOR = 'mcplint-invalid-cursor';

export const invalidCursorProbe: ProbeModule = {
  id: 'invalid-cursor',
  kind: 'protocol',
  plan(ctx) {
    const tools = ctx.input.lists.tools;
    if (tools.status === 'not-advertised') return { skip: 'the server does not advertise tools', notApplicable: true };
    if (tools.status !== 'ok' && tools.status !== 'partial') return { skip: 'tools/list failed' };
    const paginates = tools.pages.some((p) => typeof p.nextCursor === 'string' && p.nextCursor !== '');
    return {
      steps: [
        {
          method: 'tools/list',
          params: { cursor: INVALID_CURSOR },
          purpose: 'invalid-cursor',
          reason: 'a cursor the server never issued should get error -32602 (Invalid params)',
        },
      ],
      data: { paginates },
    };
  },
};

/** http-origin: a request from a foreign Origin is refused (DNS rebinding protection). */
import { BAD_ORIGIN } from '../model/http-probe-types.js';
import { dataOf, pingStep, sendStep, speaksLegacySse, type HttpProbeModule } from './http-probe.js';

const reason = `a request from a foreign Origin (${BAD_ORIGIN}) must be refused with 403 Forbidden: servers must validate Origin against DNS rebinding`;

export const httpOriginProbe: HttpProbeModule = {
  id: 'http-origin',
  kind: 'protocol',
  transport: 'http',
  plan(ctx) {
    if (speaksLegacySse(ctx)) {
      // The legacy transport's only request without a session is the GET that opens its stream.
      return {
        steps: [
          {
            method: 'GET',
            purpose: 'bad-origin',
            reason: `${reason}; only the response headers are read`,
            http: { method: 'GET', bare: true, headersOnly: true, headers: { origin: BAD_ORIGIN } },
          },
        ],
      };
    }
    const post = { method: 'POST', headers: { origin: BAD_ORIGIN } } as const;
    return { steps: [{ ...pingStep(ctx, 'mcplint-probe-origin'), purpose: 'bad-origin', reason, http: post }] };
  },
  async run(channel, steps) {
    const step = steps[0]!;
    return { ...dataOf(await sendStep(channel, step)), origin: BAD_ORIGIN, method: step.method };
  },
};

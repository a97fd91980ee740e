/** http-get: a GET on the MCP endpoint opens an SSE stream or is refused with 405; only its headers are read. */
import { dataOf, sendStep, speaksLegacySse, type HttpProbeModule } from './http-probe.js';

export const httpGetProbe: HttpProbeModule = {
  id: 'http-get',
  kind: 'protocol',
  transport: 'http',
  plan(ctx) {
    if (speaksLegacySse(ctx)) return { skip: 'the server speaks the legacy HTTP+SSE transport, whose GET stream is its only channel' };
    return {
      steps: [
        {
          method: 'GET',
          purpose: 'get-stream',
          reason:
            'a GET on the MCP endpoint must open an SSE stream (text/event-stream) or be refused with 405 Method Not Allowed; ' +
            'only the response headers are read',
          http: { method: 'GET', headersOnly: true, getStream: true },
        },
      ],
    };
  },
  async run(channel, steps) {
    const result = await sendStep(channel, steps[0]!);
    return { ...dataOf(result), allow: result.headers.allow };
  },
};

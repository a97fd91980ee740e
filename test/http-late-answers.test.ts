/**
 * A server that acknowledges notifications (202) and the session DELETE (200) correctly but late
 * (fixtures/http/late-accept-server.mjs, 300 ms): mcplint waits for the answers within the request
 * timeout instead of hanging up first and reporting its own ECONNRESET as the server's failure.
 */
import { describe, expect, it } from 'vitest';
import { captureHttpFixture } from './helpers/targets.js';
import { lintAll, summary } from './helpers/capture.js';

describe('HTTP answers that come late, within the timeout', () => {
  it('a 202 after 300 ms is a 202, and the session DELETE is waited for', async () => {
    const capture = await captureHttpFixture('http/late-accept-server.mjs');
    const exchanges = capture.exchanges ?? [];
    const initialized = exchanges.find((e) => e.rpcMethod === 'notifications/initialized');
    expect(initialized).toMatchObject({ status: 202 });
    expect(initialized?.error).toBeUndefined();
    expect(initialized!.durationMs).toBeGreaterThanOrEqual(250);
    const terminate = exchanges.find((e) => e.purpose === 'terminate');
    expect(terminate).toMatchObject({ method: 'DELETE', status: 200 });
    expect(terminate?.error).toBeUndefined();
    expect(capture.probes['http-notification']?.data).toMatchObject({ status: 202, bodyBytes: 0 });
    expect(summary(lintAll(capture))).toEqual([]);
  });
});

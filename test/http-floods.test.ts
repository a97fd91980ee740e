/**
 * Servers that flood mcplint over HTTP (the bench's flood fixture, fixtures/bench/http-flood-server.mjs):
 * one 100 MB SSE event and a JSON body that never ends. Reading stops at the 64 MiB body cap and the
 * request is settled at once with a diagnosis naming the cap, not left to time out or called "not JSON".
 * (`npm run bench`, section 7, measures the peak memory of these runs.)
 */
import { describe, expect, it } from 'vitest';
import { captureHttpFixture } from './helpers/targets.js';
import { lintAll, summary } from './helpers/capture.js';

// Reading 64 MiB takes a busy machine longer than a normal request timeout; these tests are about
// the cap, so mcplint is given time enough to reach it.
const floodOptions = { probes: false, timeoutMs: 60_000 } as const;

describe.concurrent('HTTP floods', { timeout: 180_000 }, () => {
  for (const [mode, cause] of [
    ['sse-event', 'the tools/list response exceeded the 64 MiB body cap (an SSE event in it exceeded the 16 MiB event cap)'],
    ['endless-body', 'the tools/list response exceeded the 64 MiB body cap'],
  ] as const) {
    it(`${mode}: stops at the body cap and says so`, async () => {
      const capture = await captureHttpFixture('bench/http-flood-server.mjs', { args: [mode], ...floodOptions });
      expect(capture.handshake.ok).toBe(true);
      expect(capture.lists.tools.status).toBe('error');
      expect(capture.lists.tools.error?.message).toContain(`${cause}; mcplint stopped reading it`);
      const list = capture.exchanges!.find((e) => e.rpcMethod === 'tools/list')!;
      expect(list.body).toMatchObject({ truncated: true });
      expect(list.body!.bytes).toBeGreaterThan(64 * 1024 * 1024);
      expect(list.body!.text?.length ?? 0).toBeLessThanOrEqual(2000);
      expect(capture.notes.some((n) => n.includes('exceeded 64 MiB; mcplint stopped reading it'))).toBe(true);
      const result = lintAll(capture);
      const lists = result.findings.find((f) => f.ruleId === 'advertised-lists-work');
      expect(lists?.message).toContain(cause);
      // A body cut at the cap is not called "not JSON".
      expect(summary(result)).not.toContain('http-content-type notJson transport');
    });
  }

  it('an initialize answer that never ends: the handshake fails at once, naming the body cap', async () => {
    const capture = await captureHttpFixture('bench/http-flood-server.mjs', { args: ['endless-initialize'], ...floodOptions });
    expect(capture.handshake).toMatchObject({ ok: false, reason: 'too-large' });
    const finding = lintAll(capture).findings.find((f) => f.ruleId === 'handshake');
    expect(finding?.message).toContain('the initialize response exceeded the 64 MiB body cap; mcplint stopped reading it');
    expect(finding?.evidence).toMatch(/^POST \/mcp \(initialize\)/);
  });
});

/**
 * A million valid notifications while answering tools/list (fixtures/hostile/million-notifications.mjs):
 * mcplint's stdout cap stops the server before the list arrives. That list never completed, so the
 * run has an error and the server scores a D at best — not an A with exit code 0.
 */
import { describe, expect, it } from 'vitest';
import { captureFixture, lintAll } from './helpers/capture.js';
import { serverReport } from './helpers/report.js';

describe('a notification flood that keeps tools/list from completing', () => {
  it('is an error finding, and the score is capped at D', async () => {
    // The cap is lowered so the flood reaches it quickly on a busy machine; the default (64 MiB) behaves alike.
    const capture = await captureFixture('hostile/million-notifications.mjs', {
      maxStdoutBytes: 4 * 1024 * 1024,
      timeoutMs: 30_000,
      startupTimeoutMs: 10_000,
      exitGraceMs: 300,
      probeConfig: false,
    });
    expect(capture.output?.stopped).toMatchObject({ reason: 'stdout-cap', waitingFor: 'tools/list' });
    const { findings } = lintAll(capture);
    const incomplete = findings.find((f) => f.ruleId === 'lists-complete');
    expect(incomplete).toMatchObject({ messageId: 'flooded', level: 'error' });
    expect(incomplete!.message).toMatch(/^tools\/list never completed: the server wrote more than 4 MiB to stdout/);
    expect(incomplete!.evidence).toContain('"method":"notifications/message"');
    expect(findings.map((f) => `${f.ruleId} ${f.messageId}`)).toContain('output-flood stdoutCap');
    const { score } = serverReport(capture);
    expect(score.score).toBeLessThanOrEqual(69);
    expect(score.grade).toBe('D');
  }, 60_000);
});

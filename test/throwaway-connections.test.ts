/**
 * Throw-away connections (the version-negotiation twin, an early start no probe took) are ended at
 * once: their shutdown is not judged, so they get no grace period; the server under test keeps its
 * measured shutdown.
 */
import { describe, expect, it } from 'vitest';
import { captureFixture } from './helpers/capture.js';

describe('throw-away connections', () => {
  it('a twin of a server that ignores stdin EOF is SIGKILLed, while the server itself is judged', async () => {
    const capture = await captureFixture('rules/slow-shutdown/bad.mjs', {
      startFreshEarly: true,
      exitGraceMs: 1000,
      probeConfig: { enabled: false },
    });
    const twin = capture.probes['version-negotiation'] as { data?: { exit?: { how: string } } } | undefined;
    expect(twin?.data?.exit?.how).toBe('sigkill');
    // The server under test still gets stdin close, then SIGTERM after the grace: slow-shutdown can judge it.
    expect(capture.exit?.how).toBe('sigterm');
    expect(capture.exit?.shutdownMs).toBeGreaterThanOrEqual(1000);
  });
});

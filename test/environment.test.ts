/**
 * The server gets a minimal environment by default (like the SDK's getDefaultEnvironment: HOME,
 * LOGNAME, PATH, SHELL, TERM, USER on POSIX), plus what the user configures — never the rest of
 * mcplint's own environment, where CI secrets live.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RUN_MARKER_VAR } from '../src/connect/run-marker.js';
import { INHERITED_ENV_VARS } from '../src/connect/stdio.js';
import { captureFixture } from './helpers/capture.js';

const seen = (stderr: string) => ({
  names: /env names: (.*)/.exec(stderr)?.[1]?.split(',').filter(Boolean) ?? [],
  probe: /MCPLINT_ENV_PROBE=(.*)/.exec(stderr)?.[1],
});

describe('server environment', () => {
  beforeEach(() => {
    process.env.MCPLINT_ENV_PROBE = 'from-mcplint-environment';
  });
  afterEach(() => {
    delete process.env.MCPLINT_ENV_PROBE;
  });

  it("does not pass mcplint's own variables to the server", async () => {
    const capture = await captureFixture('hostile/env-snoop.mjs', { probeConfig: false });
    const { names, probe } = seen(capture.stderr.text);
    expect(probe).toBe('(unset)');
    // Only the minimal set (Node may add a few of its own, e.g. on some platforms), and the run marker.
    expect(names.filter((n) => !(INHERITED_ENV_VARS as readonly string[]).includes(n) && n !== RUN_MARKER_VAR)).toEqual([]);
    expect(names).toContain(RUN_MARKER_VAR);
    expect(names).toContain('PATH');
  });

  it('passes a variable when it is configured', async () => {
    const capture = await captureFixture('hostile/env-snoop.mjs', { probeConfig: false, env: { MCPLINT_ENV_PROBE: 'configured' } });
    expect(seen(capture.stderr.text).probe).toBe('configured');
    expect(capture.target).toMatchObject({ envNames: ['MCPLINT_ENV_PROBE'] });
    expect(JSON.stringify(capture.target)).not.toContain('configured');
  });

  it('passes everything only when asked to (inheritEnv)', async () => {
    const capture = await captureFixture('hostile/env-snoop.mjs', { probeConfig: false, inheritEnv: true });
    expect(seen(capture.stderr.text).probe).toBe('from-mcplint-environment');
  });
});

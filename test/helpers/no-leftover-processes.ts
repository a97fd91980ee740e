/**
 * Vitest global setup: gives this test run a marker of its own (MCPLINT_RUN, inherited by every
 * worker, every mcplint they start and every server those start), and at the end looks for live
 * processes of this run's servers — this run's only, found through /proc (Linux). Any such process
 * is killed and fails the run, naming it: no test may leave a process behind.
 */
import { randomBytes } from 'node:crypto';
import { markedProcesses } from '../../src/connect/reaper.js';
import { RUN_MARKER_VAR } from '../../src/connect/run-marker.js';

export default function setup(): () => Promise<void> {
  const run = `mcplint-test-${randomBytes(4).toString('hex')}`;
  process.env[RUN_MARKER_VAR] = run;
  return async function teardown() {
    // Servers are nested under the run (workers and the CLIs they start carry the run itself).
    const servers = () => markedProcesses(run).filter((p) => p.marker !== run);
    // A process killed at the very end of a test can take a moment to go.
    for (let i = 0; i < 20 && servers().length > 0; i++) await new Promise((r) => setTimeout(r, 100));
    const left = servers();
    if (left.length === 0) return;
    for (const p of left) {
      try {
        process.kill(p.pid, 'SIGKILL');
      } catch {
        // Gone meanwhile.
      }
    }
    // Vitest reports an error thrown here but would still exit 0.
    process.exitCode = 1;
    const list = left.map((p) => `  pid ${p.pid} (${p.marker}): ${p.command.slice(0, 200)}`).join('\n');
    throw new Error(`${left.length} process(es) started by the tests were still running at the end (now killed):\n${list}`);
  };
}

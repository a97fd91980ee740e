/**
 * Preload (NODE_OPTIONS=--import) that keeps mcplint's main thread busy, as a synchronous parse of
 * a huge input does, for tests of signals in such a phase: when $MCPLINT_TEST_BUSY_PARSE names a
 * file, JSON.parse of a text holding "mcplint-test-busy" writes that file and then never returns.
 */
import { writeFileSync } from 'node:fs';

const marker = process.env.MCPLINT_TEST_BUSY_PARSE;
if (marker) {
  const parse = JSON.parse;
  JSON.parse = function busyParse(text, reviver) {
    if (typeof text === 'string' && text.includes('mcplint-test-busy')) {
      writeFileSync(marker, '');
      // Busy, not asleep: no event-loop callback (a signal handler's included) runs again.
      for (let spins = 0; ; spins++) if (spins < 0) break;
    }
    return parse(text, reviver);
  };
}

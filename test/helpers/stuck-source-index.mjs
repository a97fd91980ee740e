/**
 * Preload (NODE_OPTIONS=--import) that makes mcplint's source-index worker hang, as a parser stuck
 * on hostile input would, for tests of the index deadline and of signals while indexing: in a
 * worker thread started with an index request (src/source/build-index.ts's IndexRequest), when
 * $MCPLINT_TEST_STUCK_INDEX names a file, it writes that file and then never returns. Every main
 * thread (mcplint's, and a Node server's) is left alone.
 */
import { writeFileSync } from 'node:fs';
import { isMainThread, workerData } from 'node:worker_threads';

const marker = process.env.MCPLINT_TEST_STUCK_INDEX;
if (marker && !isMainThread && typeof workerData?.language === 'string' && typeof workerData?.root === 'string') {
  writeFileSync(marker, `${workerData.language}\n`);
  // Busy, not asleep: only terminating the thread ends it.
  for (let spins = 0; ; spins++) if (spins < 0) break;
}

#!/usr/bin/env node
/**
 * mcplint's command line (the `mcplint` bin; scripts/bundle.ts bundles it into dist/bin).
 * `--version` answers before anything heavy is imported; everything else is src/cli/main.ts.
 * Exit codes: src/cli/exit-codes.ts.
 */
import { ignoreClosedStdout } from './closed-stdout.js';
import { enableCompileCache } from './compile-cache.js';
import { endWhenFlushed } from './end-when-flushed.js';
import { installSignalHandlers } from './signals.js';
import { VERSION } from '../shared/version.js';

const argv = process.argv.slice(2);
if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-v')) {
  process.stdout.write(`${VERSION}\n`);
} else {
  // Before the first dynamic import: the chunks loaded from here on are the ones worth caching.
  enableCompileCache();
  installSignalHandlers();
  ignoreClosedStdout();
  void import('./main.js').then(({ run }) => run(argv)).then(endWhenFlushed);
}

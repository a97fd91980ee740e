/**
 * Preloaded (`node --import`) by the bench where /usr/bin/time is missing: on exit, writes this
 * process's peak resident set size (KiB) to the file named by BENCH_RSS_FILE.
 */
import { writeFileSync } from 'node:fs';

const file = process.env.BENCH_RSS_FILE;
if (file) process.on('exit', () => writeFileSync(file, String(process.resourceUsage().maxRSS)));

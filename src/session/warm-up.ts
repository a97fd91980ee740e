/**
 * Warming the rules up while a server starts. V8 compiles each function, and each regular
 * expression, the first time it runs; for the rules that is ≈10–25 ms of a lint, paid after the
 * lists arrive, most of it after the server exits. Judging a one-tool listing once, while mcplint
 * would otherwise wait for the server's first answer, pays it off the critical path. The result is
 * thrown away: nothing of it reaches a report, and its captures and caches are its own.
 */
import { availableParallelism } from 'node:os';
import { startJudgement } from '../engine/judge.js';
import type { JudgeSettings } from '../engine/run.js';
import { ruleTimingEnabled } from '../engine/rule-timing.js';
import { deepFreeze } from '../shared/freeze.js';
import { listingCaptures } from './bare-listing.js';
import type { RunConfig } from './run-config.js';

/** A tool shaped like real ones: prose, a nested schema, enums, bounds, annotations, an icon. */
const WARM_UP_TOOL = {
  name: 'notes_search',
  title: 'Search notes',
  description:
    'Search the notes by text and return the matching notes, newest first. Also accepts a tag to narrow the search; the user sees the results.',
  icons: [{ src: 'https://example.com/icon.png', mimeType: 'image/png' }],
  inputSchema: {
    type: 'object',
    properties: {
      query: { type: 'string', description: 'Words to look for.', minLength: 1, maxLength: 200 },
      tag: { type: 'string', enum: ['work', 'home'], description: 'Only notes with this tag.' },
      limit: { type: 'integer', minimum: 1, maximum: 50, default: 10, description: 'How many notes at most.' },
      filter: {
        type: 'object',
        properties: { after: { type: 'string', format: 'date', description: 'Only notes written after this day.' } },
        additionalProperties: false,
      },
      ids: { type: 'array', items: { type: 'string' }, maxItems: 20, description: 'Only these notes.' },
    },
    required: ['query'],
    additionalProperties: false,
  },
  outputSchema: {
    type: 'object',
    properties: { notes: { type: 'array', items: { type: 'object', properties: { id: { type: 'string' } } } } },
    required: ['notes'],
  },
  annotations: { readOnlyHint: true, openWorldHint: false },
};

/**
 * Whether a warm-up can use a core the starting servers do not need: it takes CPU from their
 * start-up otherwise (two servers starting at once, version negotiation's second process beside
 * the first, already fill 2 cores).
 */
export function coreToSpare(serversStarting: number, cores = availableParallelism()): boolean {
  return cores > serversStarting;
}

let warmedUp = false;

/**
 * Warm the run's rules up, once a process (after it the code is warm for every later server of
 * the run), until `stop()` says the real judging has begun. Skipped under MCPLINT_TIMING, whose
 * table is each rule's cost as a lint without it pays it.
 */
export async function warmUpRules(run: RunConfig, stop: () => boolean): Promise<number> {
  if (ruleTimingEnabled() || warmedUp) return 0;
  warmedUp = true;
  const [rules, settings] = await Promise.all([run.rules(), run.settings()]);
  return judgeWarmUpListing({ rules, settings }, stop);
}

/**
 * Judge the warm-up listing, one rule per turn of the event loop so the server's answers are
 * handled as they come, until done or `stop()`; how many rules it judged.
 */
export async function judgeWarmUpListing(settings: JudgeSettings, stop: () => boolean): Promise<number> {
  const [capture] = listingCaptures({ tools: [WARM_UP_TOOL] }, 'the warm-up listing') ?? [];
  if (!capture) return 0;
  const steps = startJudgement(settings).steps({ capture: deepFreeze(capture) }, 'listed');
  let judged = 0;
  for (;;) {
    await new Promise((resolve) => setImmediate(resolve));
    if (stop() || steps.next().done) return judged;
    judged++;
  }
}

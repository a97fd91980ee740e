/**
 * The capture stage: one server's capture, complete, redacted and frozen once — launched and
 * recorded (with probes, or with a plan hook that only plans them), or read from a saved file —
 * with its source index built alongside, and a live one judged as far as each phase of its session
 * allows while mcplint waits on the server (src/engine/judge.ts); the judge stage finishes it.
 */
import { extname, resolve } from 'node:path';
import type { Capture } from '../model/capture.js';
import type { ResolvedTarget } from '../connect/capture-target.js';
import type { ProbePlan } from '../model/probe-types.js';
import type { SourceIndex } from '../model/source-index.js';
import { jsonText } from '../shared/json-text.js';
import { writeOutputFile } from '../shared/output-file.js';
import { deepFreeze } from '../shared/freeze.js';
import { redactCapture } from '../model/redact.js';
import type { RunConfig } from './run-config.js';
import { manifestNotes } from '../connect/manifest/manifest-notes.js';
import { packedNotes } from '../connect/npm/packed-notes.js';
import { describeForSource, sourceIndexFor, type MappedSource } from './source-index.js';
import type { ServerInput } from './targets.js';
import { startJudgement, type Judgement, type Phase } from '../engine/judge.js';

/** A server as the rule stage receives it. */
export interface AcquiredServer {
  readonly input: ServerInput;
  /** Complete, redacted, deep-frozen. */
  readonly capture: Capture;
  readonly source?: SourceIndex;
  /** Notes for the report that are about this run, not about the server (e.g. source mapping failed). */
  readonly runNotes: readonly string[];
  /** Where the target was declared (a config file line), for locations. */
  readonly declaredIn?: { readonly path: string; readonly line: number };
  /** The plan made instead of running probes (plan mode only). */
  readonly plan?: ProbePlan;
  /** The judgement begun while the server ran (lint mode): the rules its listing and shutdown could judge. */
  readonly judgement?: Judgement;
}

export interface AcquireContext {
  /** Its settings (run.resolved) are all the capture stage reads of flags and config. */
  readonly run: RunConfig;
  /** 'lint' runs the probes and maps the source; 'plan' only plans the probes and sends none. */
  readonly mode: 'lint' | 'plan';
  /** Source indexes of this run, shared by servers of one project. */
  readonly sourceIndexes: Map<string, Promise<SourceIndex>>;
  /** Several servers in this run: each saved capture gets its own file. */
  readonly many: boolean;
}

export async function acquireServer(input: ServerInput, ctx: AcquireContext): Promise<AcquiredServer> {
  if (input.kind === 'capture-file') {
    const capture = redactCapture(deepFreeze(input.capture));
    // The report keeps its input: with the capture as judged, so the unredacted one is not kept alive.
    input = { ...input, capture };
    if (ctx.mode === 'plan') {
      const { planFor } = await import('../probes/index.js');
      return finished(input, capture, {}, undefined, planFor(capture, ctx.run.resolved.probes));
    }
    return finished(input, capture, await sourceIndexFor(capture.target, ctx.run, ctx.sourceIndexes), undefined);
  }
  return acquireLive(input, input.target, ctx);
}

async function acquireLive(input: ServerInput, named: ResolvedTarget, ctx: AcquireContext): Promise<AcquiredServer> {
  const { run } = ctx;
  const { resolved } = run;
  // Origins the user allows besides the URL's own (flag and config): redirects and a legacy SSE endpoint.
  const { allowOrigins } = resolved;
  const target: ResolvedTarget = named.kind === 'http' && allowOrigins.length > 0 ? { ...named, allowOrigins } : named;
  // Connecting is loaded only here: a --from run never needs it. The probes themselves load after
  // the launch (they run once the server has answered); their settings are the run's.
  const [{ DEFAULT_CAPTURE_OPTIONS }, { captureTarget, targetSecrets }, { isModernVersion }] = await Promise.all([
    import('../connect/capture-session.js'),
    import('../connect/capture-target.js'),
    import('../connect/discover.js'),
  ]);
  const { timeoutMs, startupTimeoutMs, probes: probeConfig } = resolved;
  const linting = ctx.mode === 'lint';
  let probing: Promise<typeof import('../probes/index.js')> | undefined;
  const probesModule = () => (probing ??= import('../probes/index.js'));
  let plan: ProbePlan | undefined;
  let sourceEarly: Promise<MappedSource> | undefined;
  // One judgement through the session; each early phase waits for the one before it.
  let judgement: Promise<Judgement> | undefined;
  let judgedEarly: Promise<void> = Promise.resolve();
  // The warm-up stops once real judging begins or the capture is over (a failed handshake lists nothing).
  let warmUpOver = false;
  const judgeEarly = (phase: Phase, view: Capture) => {
    warmUpOver = true;
    judgement ??= startRunJudgement(run);
    judgedEarly = judgedEarly.then(() => judgeWhileWaiting(phase, view, targetSecrets(target), judgement!, sourceEarly));
  };
  const freshEarly = linting && probeConfig.protocol && !isModernVersion(resolved.protocolVersion);
  const capturing = captureTarget(target, {
    ...DEFAULT_CAPTURE_OPTIONS,
    timeoutMs,
    startupTimeoutMs,
    protocolVersion: resolved.protocolVersion,
    probes: async (session) => {
      const { planHook, probeHook } = await probesModule();
      return (linting ? probeHook(probeConfig) : planHook(probeConfig, (p) => (plan = p)))(session);
    },
    // Version negotiation needs a second server process: start it beside the first (2026-07-28 has no initialize).
    startFreshEarly: freshEarly,
    // --no-protocol-probes (or config probes.protocol: false) also turns the HTTP probes off. A plan
    // lists them (skipped when protocol probes are off) and, like every probe, sends none.
    httpProbes: linting ? probeConfig.protocol : true,
    // The lists are in: judge what reads nothing more while the probes run. The last answer is
    // in: judge the rest of what does not depend on the exit while the server shuts down.
    ...(linting
      ? { onListed: (view: Capture) => judgeEarly('listed', view), onShutdown: (view: Capture) => judgeEarly('shutdown', view) }
      : {}),
  });
  if (linting) {
    // The server is launched: what mcplint still has to load (rules, the source index in a
    // worker thread) now overlaps its start-up instead of delaying it.
    sourceEarly = sourceIndexFor(describeForSource(target), run, ctx.sourceIndexes);
    sourceEarly.catch(() => undefined); // awaited below; a capture failure must not leave it unhandled
    run.rules().catch(() => undefined);
    probesModule().catch(() => undefined);
    // The official schema's validators, for the version asked for (what most servers answer).
    import('../schema/json-schema.js').then((schema) => schema.preloadOfficial(resolved.protocolVersion)).catch(() => undefined);
    // …and the rules' code, by judging a made-up listing until the real judging begins (or the capture ends), when a core is free for it.
    const starting = (ctx.many ? Math.max(1, Math.floor(resolved.jobs)) : 1) * (freshEarly ? 2 : 1);
    import('./warm-up.js')
      .then(({ coreToSpare, warmUpRules }) => (coreToSpare(starting) ? warmUpRules(run, () => warmUpOver) : 0))
      .catch(() => undefined);
  }
  const captured = await capturing.finally(() => {
    warmUpOver = true;
  });
  const capture = redactCapture(deepFreeze(captured), targetSecrets(target));
  if (linting && resolved.saveCapture) {
    const name = input.kind === 'target' ? input.name : undefined;
    const path = ctx.many && name !== undefined ? perServerPath(resolved.saveCapture, name) : resolved.saveCapture;
    writeOutputFile(resolve(resolved.cwd, path), `${jsonText(capture)}\n`, `--save-capture ${path}`, resolved.cwd);
  }
  const mapped = sourceEarly ? await sourceEarly : {};
  const declared = target.declaredIn ? { path: target.declaredIn.file, line: target.declaredIn.line } : undefined;
  // A plan hook is not called when the handshake fails: plan from what was captured.
  const planned = linting ? undefined : (plan ?? (await import('../probes/index.js')).planFor(capture, probeConfig));
  // HTTP has no shutdown phase: what was judged while the probes ran is all that was judged early.
  await judgedEarly;
  const done = finished(input, capture, mapped, declared, planned);
  const notes = [
    ...(target.manifest ? manifestNotes(target.manifest) : []),
    ...(target.kind !== 'http' && target.packed ? packedNotes(target.packed) : []),
  ];
  return {
    ...done,
    ...(notes.length > 0 ? { runNotes: [...notes, ...done.runNotes] } : {}),
    ...(judgement ? { judgement: await judgement } : {}),
  };
}

/** A judgement with the run's rules, levels and ignores (the judge stage continues it, or starts one for a saved capture). */
export async function startRunJudgement(run: RunConfig): Promise<Judgement> {
  const [rules, settings] = await Promise.all([run.rules(), run.settings()]);
  return startJudgement({ rules, settings, ignore: run.resolved.ignore });
}

/**
 * Judging while mcplint waits on the server, over a view of the capture redacted and frozen like
 * the final one: what the phase can judge, one rule at a time, yielding between rules so the
 * server's exit and the shutdown's timers are handled as they come (its measured shutdown stays
 * its own, delayed by one rule's run at most). A failure (a rule crash) leaves the rules not
 * judged yet to the judge stage, which judges them over the final capture.
 */
async function judgeWhileWaiting(
  phase: Phase,
  view: Capture,
  secrets: readonly string[],
  judgement: Promise<Judgement>,
  source: Promise<MappedSource> | undefined,
): Promise<void> {
  try {
    // Frozen before redaction: parts found clean (the lists) are then not scanned again for the next view.
    const capture = redactCapture(deepFreeze(view), secrets);
    const [judging, mapped] = await Promise.all([judgement, source ?? Promise.resolve<MappedSource>({})]);
    const steps = judging.steps({ capture, ...(mapped.source ? { source: mapped.source } : {}) }, phase);
    do await new Promise((resolve) => setImmediate(resolve));
    while (!steps.next().done);
  } catch {
    // Left to the judge stage.
  }
}

function finished(
  input: ServerInput,
  capture: Capture,
  mapped: MappedSource,
  declaredIn: AcquiredServer['declaredIn'],
  plan?: ProbePlan,
): AcquiredServer {
  return {
    input,
    capture,
    ...(mapped.source ? { source: mapped.source } : {}),
    runNotes: mapped.note ? [mapped.note] : [],
    ...(declaredIn ? { declaredIn } : {}),
    ...(plan ? { plan } : {}),
  };
}

/** cap.json → cap.<server>.json */
export function perServerPath(path: string, server: string): string {
  const ext = extname(path);
  const slug = server.replace(/[^A-Za-z0-9._-]+/g, '-');
  return `${path.slice(0, path.length - ext.length)}.${slug}${ext || '.json'}`;
}

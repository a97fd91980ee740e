/**
 * The capture stage: one server's capture, complete, redacted and frozen once — launched and
 * recorded (with probes, or with a plan hook that only plans them), or read from a saved file —
 * with its source index built alongside.
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
import type { LintOptions } from './options.js';
import type { RunConfig } from './run-config.js';
import { describeForSource, sourceIndexFor, type MappedSource } from './source-index.js';
import type { ServerInput } from './targets.js';
import type { BeforeExitJudgement } from './judge-before-exit.js';

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
  /** The rules judged while the server shut down (stdio, lint mode). */
  readonly beforeExit?: BeforeExitJudgement;
}

export interface AcquireContext {
  readonly options: LintOptions;
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
      const [{ DEFAULT_CAPTURE_OPTIONS }, { planFor, resolveProbeConfig }] = await Promise.all([
        import('../connect/capture-session.js'),
        import('../probes/index.js'),
      ]);
      const { timeoutMs, startupTimeoutMs } = timeouts(ctx, DEFAULT_CAPTURE_OPTIONS);
      const probeConfig = resolveProbeConfig(ctx.run.config.probes, ctx.options.probes ?? {}, { timeoutMs, startupTimeoutMs });
      return finished(input, capture, {}, undefined, planFor(capture, probeConfig));
    }
    return finished(input, capture, await sourceIndexFor(capture.target, ctx.options, ctx.run, ctx.sourceIndexes), undefined);
  }
  return acquireLive(input, input.target, ctx);
}

async function acquireLive(input: ServerInput, named: ResolvedTarget, ctx: AcquireContext): Promise<AcquiredServer> {
  const { options, run } = ctx;
  // Origins the user allows besides the URL's own (flag and config): redirects and a legacy SSE endpoint.
  const allowOrigins = [...(options.allowOrigins ?? []), ...(run.config.allowOrigins ?? [])];
  const target: ResolvedTarget = named.kind === 'http' && allowOrigins.length > 0 ? { ...named, allowOrigins } : named;
  // Connecting is loaded only here: a --from run never needs it. The probes themselves load after
  // the launch (they run once the server has answered), only their settings before.
  const [{ DEFAULT_CAPTURE_OPTIONS }, { captureTarget, targetSecrets }, { isModernVersion }, { resolveProbeConfig }] = await Promise.all([
    import('../connect/capture-session.js'),
    import('../connect/capture-target.js'),
    import('../connect/discover.js'),
    import('../probes/config.js'),
  ]);
  const { timeoutMs, startupTimeoutMs } = timeouts(ctx, DEFAULT_CAPTURE_OPTIONS);
  const probeConfig = resolveProbeConfig(run.config.probes, options.probes ?? {}, { timeoutMs, startupTimeoutMs });
  const linting = ctx.mode === 'lint';
  let probing: Promise<typeof import('../probes/index.js')> | undefined;
  const probesModule = () => (probing ??= import('../probes/index.js'));
  let plan: ProbePlan | undefined;
  let sourceEarly: Promise<MappedSource> | undefined;
  let afterListing: Promise<BeforeExitJudgement | undefined> | undefined;
  let beforeExit: Promise<BeforeExitJudgement | undefined> | undefined;
  const capturing = captureTarget(target, {
    ...DEFAULT_CAPTURE_OPTIONS,
    timeoutMs,
    startupTimeoutMs,
    ...(options.protocol ? { protocolVersion: options.protocol } : {}),
    probes: async (session) => {
      const { planHook, probeHook } = await probesModule();
      return (linting ? probeHook(probeConfig) : planHook(probeConfig, (p) => (plan = p)))(session);
    },
    // Version negotiation needs a second server process: start it beside the first (2026-07-28 has no initialize).
    startFreshEarly: linting && probeConfig.protocol && !(options.protocol && isModernVersion(options.protocol)),
    // --no-protocol-probes (or config probes.protocol: false) also turns the HTTP probes off. A plan
    // lists them (skipped when protocol probes are off) and, like every probe, sends none.
    httpProbes: linting ? probeConfig.protocol : true,
    // The lists are in: judge what reads nothing more while the probes run. The last answer is
    // in: judge the rest of what does not depend on the exit while the server shuts down.
    ...(linting
      ? {
          onListed: (view: Capture) => (afterListing = judgeEarly('listed', view, targetSecrets(target), ctx, sourceEarly)),
          onShutdown: (view: Capture) => (beforeExit = judgeEarly('shutdown', view, targetSecrets(target), ctx, sourceEarly, afterListing)),
        }
      : {}),
  });
  if (linting) {
    // The server is launched: what mcplint still has to load (rules, the source index in a
    // worker thread) now overlaps its start-up instead of delaying it.
    sourceEarly = sourceIndexFor(describeForSource(target), options, run, ctx.sourceIndexes);
    sourceEarly.catch(() => undefined); // awaited below; a capture failure must not leave it unhandled
    run.rules().catch(() => undefined);
    probesModule().catch(() => undefined);
  }
  const capture = redactCapture(deepFreeze(await capturing), targetSecrets(target));
  if (linting && options.saveCapture) {
    const name = input.kind === 'target' ? input.name : undefined;
    const path = ctx.many && name !== undefined ? perServerPath(options.saveCapture, name) : options.saveCapture;
    writeOutputFile(resolve(options.cwd, path), `${jsonText(capture)}\n`, `--save-capture ${path}`, options.cwd);
  }
  const mapped = sourceEarly ? await sourceEarly : {};
  const declared = target.declaredIn ? { path: target.declaredIn.file, line: target.declaredIn.line } : undefined;
  // A plan hook is not called when the handshake fails: plan from what was captured.
  const planned = linting ? undefined : (plan ?? (await import('../probes/index.js')).planFor(capture, probeConfig));
  // HTTP has no shutdown phase: what was judged while the probes ran is all that was judged early.
  const judged = await (beforeExit ?? afterListing);
  return { ...finished(input, capture, mapped, declared, planned), ...(judged ? { beforeExit: judged } : {}) };
}

/**
 * Judging while mcplint waits (src/session/judge-before-exit.ts), over a view of the capture
 * redacted and frozen like the final one: once `listed`, the rules that read only the handshake
 * and the lists; when `shutdown` begins, the rest (after `afterListing`) of those that do not
 * read the exit. Any failure (a rule crash) leaves the rules to the judge stage, which then runs every
 * rule over the final capture, as a run without this step would.
 */
async function judgeEarly(
  when: 'listed' | 'shutdown',
  view: Capture,
  secrets: readonly string[],
  ctx: AcquireContext,
  source: Promise<MappedSource> | undefined,
  afterListing?: Promise<BeforeExitJudgement | undefined>,
): Promise<BeforeExitJudgement | undefined> {
  try {
    // Frozen before redaction: parts found clean (the lists) are then not scanned again for the next view.
    const frozen = redactCapture(deepFreeze(view), secrets);
    const [module, rules, settings, mapped, earlier] = await Promise.all([
      import('./judge-before-exit.js'),
      ctx.run.rules(),
      ctx.run.settings(),
      source ?? Promise.resolve<MappedSource>({}),
      afterListing ?? Promise.resolve(undefined),
    ]);
    const judgeCtx = {
      rules,
      settings,
      ...(ctx.run.config.ignore ? { ignore: ctx.run.config.ignore } : {}),
      ...(mapped.source ? { source: mapped.source } : {}),
    };
    return await (when === 'listed' ? module.judgeAfterListing(frozen, judgeCtx) : module.judgeBeforeExit(frozen, judgeCtx, earlier));
  } catch {
    return undefined;
  }
}

/** The request timeout (flag, else config, else default); start-up gets at least its default. */
function timeouts(
  ctx: AcquireContext,
  defaults: { readonly timeoutMs: number; readonly startupTimeoutMs: number },
): { timeoutMs: number; startupTimeoutMs: number } {
  const timeoutMs = ctx.options.timeoutMs ?? ctx.run.config.timeout ?? defaults.timeoutMs;
  return { timeoutMs, startupTimeoutMs: Math.max(timeoutMs, defaults.startupTimeoutMs) };
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

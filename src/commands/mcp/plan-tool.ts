/**
 * `mcplint_plan_probes`: the probe plan of one server (src/commands/plan-probes.ts, as
 * `mcplint plan` prints it): every request the lint would send, and every tool it would not call,
 * with why. The server is started and listed; none of its tools is called.
 */
import { runInProcessScope } from '../../connect/process-scope.js';
import { ConfigError } from '../../shared/errors.js';
import { loadRunConfig } from '../../session/run-config.js';
import { planRun } from '../plan-probes.js';
import { startProgress } from './progress.js';
import { targetOptions } from './target-options.js';
import type { ToolContext } from './tool-context.js';
import { oneLine, TEXT_LIMIT, toolError, toolResult, type ResponseFormat, type ToolResult } from './tool-result.js';

/** What the steps and skipped tools of one answer may take, beside the rest. */
const LIST_BUDGET = TEXT_LIMIT / 2 - 2_000;

export async function planProbesTool(args: Record<string, unknown>, context: ToolContext): Promise<ToolResult> {
  const target = targetOptions(args);
  if (!target.ok) return toolError(target.problem, 'Example: {"command": "node", "args": ["dist/index.js"]}.');
  const { result, scope } = runInProcessScope(async () => planRun(await loadRunConfig(target.options)));
  const progress = startProgress(context.progress, () => scope.progress());
  const stop = (): void => scope.stop();
  context.signal.addEventListener('abort', stop, { once: true });
  try {
    const planned = await Promise.race([
      result,
      new Promise<undefined>((done) =>
        context.signal.aborted ? done(undefined) : context.signal.addEventListener('abort', () => done(undefined)),
      ),
    ]);
    if (!planned) {
      result.catch(() => undefined);
      return toolError('the plan was cancelled and the server process was stopped', 'Ask again when you want the plan.');
    }
    const server = planned[0];
    if (!server) return toolError('mcplint found no server to plan for', 'Check command, args and cwd (or url).');
    const hs = server.capture.handshake;
    let used = 0;
    const fits = (entry: unknown): boolean => (used += JSON.stringify(entry).length + 40) <= LIST_BUDGET;
    const allSteps = server.plan.steps.map((s) => ({
      probe: s.probe,
      method: s.method,
      ...(s.tool ? { tool: oneLine(s.tool, 200) } : {}),
      why: oneLine(`${s.purpose}: ${s.reason}`, 300),
      ...(s.params !== undefined ? { arguments: oneLine(JSON.stringify(s.params), 300) } : {}),
    }));
    const steps = takeWhile(allSteps, fits);
    const skipped = takeWhile(
      server.plan.skippedTools.map((t) => ({ tool: oneLine(t.tool, 200), reason: oneLine(t.reason, 300) })),
      fits,
    );
    const data = {
      server: server.label,
      handshake_ok: hs.ok,
      total_steps: allSteps.length,
      steps,
      total_skipped_tools: server.plan.skippedTools.length,
      skipped_tools: skipped,
      truncated: steps.length < allSteps.length || skipped.length < server.plan.skippedTools.length,
    };
    return toolResult(data, args.response_format as ResponseFormat, () => {
      const lines = [`# Probe plan: ${oneLine(server.label, 200)}`, ''];
      if (!hs.ok) lines.push(`The handshake failed: ${oneLine(hs.message, 500)}`, '');
      lines.push(`## ${allSteps.length} request(s) mcplint would send`, '');
      for (const s of steps)
        lines.push(`- ${s.probe}: \`${s.method}\`${s.tool ? ` ${s.tool}` : ''}${s.arguments ? ` ${s.arguments}` : ''} — ${s.why}`);
      lines.push('', `## ${server.plan.skippedTools.length} tool(s) mcplint would not call`, '');
      for (const t of skipped) lines.push(`- ${t.tool}: ${t.reason}`);
      if (data.truncated) lines.push('', '[Some steps or tools were left out to keep this answer short; `mcplint plan` prints them all.]');
      return lines.join('\n') + '\n';
    });
  } catch (error) {
    const problem = error instanceof ConfigError ? error.problems.join('; ') : error instanceof Error ? error.message : String(error);
    return toolError(`mcplint could not plan for this server: ${oneLine(problem, 2000)}`, 'Check the arguments, then try again.');
  } finally {
    context.signal.removeEventListener('abort', stop);
    progress.stop();
  }
}

function takeWhile<T>(items: readonly T[], keep: (item: T) => boolean): T[] {
  const out: T[] = [];
  for (const item of items) {
    if (!keep(item)) break;
    out.push(item);
  }
  return out;
}

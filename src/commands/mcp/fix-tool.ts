/**
 * `mcplint_fix`: `mcplint --diff` (the default) or `mcplint --fix` (apply: true) on one
 * server, through the fix run every front end shares (src/session/fix-run.ts: planned on the
 * source index, written through the write guard, proven by linting the server again, written back
 * when the proof fails).
 */
import { runInProcessScope } from '../../connect/process-scope.js';
import { ConfigError } from '../../shared/errors.js';
import { fixRun } from '../../session/fix-run.js';
import { loadRunConfig } from '../../session/run-config.js';
import { startProgress } from './progress.js';
import { loadRules } from './rules-tools.js';
import { targetOptions } from './target-options.js';
import type { ToolContext } from './tool-context.js';
import { oneLine, TEXT_LIMIT, toolError, toolResult, type ResponseFormat, type ToolResult } from './tool-result.js';

/** The patch may take this much of an answer (it appears in the text and in structuredContent). */
const PATCH_BUDGET = TEXT_LIMIT / 2 - 2_000;

export async function fixServerTool(args: Record<string, unknown>, context: ToolContext): Promise<ToolResult> {
  const target = targetOptions(args);
  if (!target.ok) return toolError(target.problem, 'Example: {"command": "node", "args": ["dist/index.js"]}.');
  const apply = args.apply === true;
  const options = {
    ...target.options,
    fix: apply ? ('fix' as const) : ('diff' as const),
    ...(args.unsafe === true ? { unsafeFixes: true } : {}),
    ...(apply && typeof args.build === 'string' ? { fixBuild: args.build } : {}),
  };
  const { result, scope } = runInProcessScope(async () => fixRun(await loadRunConfig(options), await loadRules()));
  const progress = startProgress(context.progress, () => scope.progress());
  // Cancelled: the servers are stopped at once, but the run is awaited still, so files it wrote are written back first.
  const stop = (): void => scope.stop();
  context.signal.addEventListener('abort', stop, { once: true });
  try {
    const fixed = await result;
    if (context.signal.aborted)
      return toolError(
        'the fix was cancelled; its servers were stopped and any file it wrote was written back',
        'Run it again when you want it.',
      );
    const server = fixed.report.servers[0];
    const patch = fixed.patch ?? '';
    const cut = patch.length > PATCH_BUDGET;
    const data = {
      // Written, kept and proven by launching the server again; written and kept without that proof is said apart.
      applied: fixed.proven > 0,
      proven_fixes: fixed.proven,
      ...(fixed.unproven ? { unproven_files: [...fixed.unproven] } : {}),
      rolled_back: fixed.rolledBack,
      ...(apply ? {} : { patch: cut ? `${patch.slice(0, PATCH_BUDGET)}\n` : patch, patch_truncated: cut }),
      lines: fixed.lines.slice(0, 20).map((l) => oneLine(l.replace(/^mcplint: /, ''), 500)),
      score: server ? { score: server.score.score, grade: server.score.grade } : { score: 0, grade: 'F' },
    };
    return toolResult(data, args.response_format as ResponseFormat, () => {
      const lines = [`# mcplint fix${apply ? '' : ' (patch only; nothing written)'}`, '', ...data.lines.map((l) => `- ${l}`), ''];
      if (!apply && patch) {
        lines.push('```diff', data.patch!.trimEnd(), '```');
        if (cut) lines.push('', '[The patch was cut to keep this answer short; `mcplint --diff` prints it whole.]');
        lines.push('', 'Call mcplint_fix again with apply: true to write it.');
      }
      if (data.unproven_files)
        lines.push(
          `Written but not proven (the server runs built files): ${data.unproven_files.map((f) => oneLine(f, 200)).join(', ')}. Pass build (the command that rebuilds it) to have mcplint rebuild and prove the fixes, or rebuild and call mcplint_lint_server.`,
          '',
        );
      lines.push('', `Score: ${data.score.score} (${data.score.grade})${apply ? ' after the fixes' : ''}.`);
      return lines.join('\n') + '\n';
    });
  } catch (error) {
    const problem = error instanceof ConfigError ? error.problems.join('; ') : error instanceof Error ? error.message : String(error);
    return toolError(
      `mcplint could not fix this server: ${oneLine(problem, 2000)}`,
      'Check the arguments (a server to launch, not a URL: fixes need its source), then try again.',
    );
  } finally {
    context.signal.removeEventListener('abort', stop);
    progress.stop();
  }
}

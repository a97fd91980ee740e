/** `mcplint plan` and `mcplint --dry-run`: print the probe plan; no tool is called. */
import type { LintOptions } from '../session/lint.js';
import type { RunConfig } from '../session/run-config.js';
import { EXIT } from './exit-codes.js';

export async function planCommand(options: Omit<LintOptions, 'cwd' | 'rules'>, format: 'text' | 'json'): Promise<number> {
  const [{ loadRunConfig }, { rules }] = await Promise.all([
    import('../session/run-config.js'),
    import('../../rules/index.js'),
    // Loads while the config does: printPlan needs it next.
    import('../commands/plan-probes.js'),
  ]);
  return printPlan(await loadRunConfig({ ...options, cwd: process.cwd(), rules }), format);
}

/** The plan of a loaded run: --dry-run plans with the settings the lint would have used. */
export async function printPlan(run: RunConfig, format: 'text' | 'json'): Promise<number> {
  const { planRun, renderPlans } = await import('../commands/plan-probes.js');
  const planned = await planRun(run);
  process.stdout.write(renderPlans(planned, format));
  return planned.some((p) => !p.capture.handshake.ok) ? EXIT.findings : EXIT.ok;
}

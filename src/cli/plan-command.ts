/** `mcplint plan` and `mcplint --dry-run`: print the probe plan; no tool is called. */
import type { LintOptions } from '../session/lint.js';
import { EXIT } from './exit-codes.js';

export async function planCommand(options: Omit<LintOptions, 'cwd' | 'rules'>, format: 'text' | 'json'): Promise<number> {
  const [{ planProbes, renderPlans }, { rules }] = await Promise.all([
    import('../commands/plan-probes.js'),
    import('../../rules/index.js'),
  ]);
  const planned = await planProbes({ ...options, cwd: process.cwd(), rules });
  process.stdout.write(renderPlans(planned, format));
  return planned.some((p) => !p.capture.handshake.ok) ? EXIT.findings : EXIT.ok;
}

/**
 * `MCPLINT_TIMING=1` (like ESLint's `TIMING=1`): the time each rule spends, summed over every
 * server of the run, printed to stderr when the run ends — for rule authors looking for a slow
 * rule. Off by default; when off, runRules does not read the clock.
 */
import { performance } from 'node:perf_hooks';

const ENABLED = /^(1|true|all|\d+)$/i.test(process.env.MCPLINT_TIMING ?? '');
const spent = new Map<string, number>();

export const ruleTimingEnabled = (): boolean => ENABLED;
export const now = (): number => performance.now();

export function recordRuleTime(ruleId: string, ms: number): void {
  spent.set(ruleId, (spent.get(ruleId) ?? 0) + ms);
}

/** The slowest rules (`MCPLINT_TIMING=N`: the N slowest, else 10; `all`: every rule) as a table. */
export function ruleTimingTable(): string {
  const wanted = process.env.MCPLINT_TIMING ?? '';
  const total = [...spent.values()].reduce((a, b) => a + b, 0);
  const rows = [...spent].sort((a, b) => b[1] - a[1]);
  const count = /^all$/i.test(wanted) ? rows.length : /^\d+$/.test(wanted) && Number(wanted) > 1 ? Number(wanted) : 10;
  const width = Math.max(4, ...rows.slice(0, count).map(([id]) => id.length));
  const lines = [`${'Rule'.padEnd(width)} | Time (ms) | Relative`];
  for (const [id, ms] of rows.slice(0, count)) {
    lines.push(
      `${id.padEnd(width)} | ${ms.toFixed(1).padStart(9)} | ${total > 0 ? ((100 * ms) / total).toFixed(1).padStart(7) : '    0.0'}%`,
    );
  }
  lines.push(`${'all rules'.padEnd(width)} | ${total.toFixed(1).padStart(9)} |`);
  return `${lines.join('\n')}\n`;
}

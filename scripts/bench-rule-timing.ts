/**
 * The bench's rule-time figures: each server linted with `MCPLINT_TIMING=all` (src/engine/rule-timing.ts),
 * the slowest rule and its share of all rule time, as the median over several runs. A rule over
 * 20 % of rule time shows in every bench run, so a rule that needs a full compile (or any other
 * slow path) on real inputs cannot hide behind a fast total.
 */
import { spawn } from 'node:child_process';

export interface RuleShare {
  readonly rule: string;
  /** Median share of all rule time, 0–1. */
  readonly share: number;
  /** Median total rule time, ms. */
  readonly totalMs: number;
}

/** One run's table: each rule's time, and the total. */
export function parseTimingTable(stderr: string): { rules: Map<string, number>; total: number } | undefined {
  const rules = new Map<string, number>();
  let total: number | undefined;
  for (const line of stderr.split('\n')) {
    const match = /^(\S[^|]*?)\s*\|\s*([\d.]+)\s*\|/.exec(line);
    if (!match) continue;
    if (match[1] === 'all rules') total = Number(match[2]);
    else rules.set(match[1]!, Number(match[2]));
  }
  return total === undefined ? undefined : { rules, total };
}

function timedRun(cli: string, target: readonly string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, '--format', 'json', '--', ...target], {
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, NO_COLOR: '1', MCPLINT_TIMING: 'all' },
    });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d));
    child.on('error', reject);
    child.on('close', () => resolve(stderr));
  });
}

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** The rule with the largest median share over `runs` default lints of `target`. */
export async function slowestRule(cli: string, target: readonly string[], runs: number): Promise<RuleShare> {
  const shares = new Map<string, number[]>();
  const totals: number[] = [];
  for (let i = 0; i < runs; i++) {
    const stderr = await timedRun(cli, target);
    const table = parseTimingTable(stderr);
    if (!table || table.total <= 0) throw new Error(`no MCPLINT_TIMING table from ${target.join(' ')}:\n${stderr.slice(-2000)}`);
    totals.push(table.total);
    for (const [rule, ms] of table.rules) shares.set(rule, [...(shares.get(rule) ?? []), ms / table.total]);
  }
  let slowest: RuleShare = { rule: '(none)', share: 0, totalMs: median(totals) };
  for (const [rule, values] of shares) {
    const share = median([...values, ...Array<number>(runs - values.length).fill(0)]);
    if (share > slowest.share) slowest = { rule, share, totalMs: slowest.totalMs };
  }
  return slowest;
}

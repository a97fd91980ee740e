/**
 * Every flag of `mcplint` (lint) and `mcplint plan`, declared once: name, alias, kind, default,
 * help text, the commands that take it, and what it sets in lint()'s options (`lint`, which plan
 * shares) or in the end of the run (`finish`: outputs and exit gate). The yargs options, the typed
 * arguments and `--help` are all made from this table (src/cli/option-table.ts reads it).
 */
import type { LintOptions } from '../session/lint.js';
import type { OutputOptions } from '../session/options.js';
import { MAX_TIMEOUT_MS } from '../model/timeouts.js';
import { FAIL_ON } from '../report/gate.js';
import type { PackedMode } from '../model/packed.js';
import { FORMAT_NAMES } from '../report/formatters/index.js';
import { parseHeaders } from './headers.js';
import { integerIn, numberIn } from './number-flags.js';
import { parseReportFlag } from './report-flags.js';
import { UsageError } from './usage-error.js';

/** `merge` takes what shapes the output and the exit code (every flag with a `finish`), and --config. */
export type CommandName = 'lint' | 'plan' | 'merge';

/** The headings of `--help`, in order. */
export const GROUPS = ['Target:', 'Output:', 'Exit code:', 'Fix:', 'Probes:', 'Run:'] as const;
export type OptionGroup = (typeof GROUPS)[number];

type Draft<T> = { -readonly [K in keyof T]?: T[K] };
/** What flags set in lint()'s options; cwd and rules come from the CLI itself. */
export type LintDraft = Draft<Omit<LintOptions, 'cwd' | 'rules'>>;
export type FinishDraft = Draft<OutputOptions>;

interface OptionBase<T> {
  readonly alias?: string;
  readonly describe: string;
  readonly group: OptionGroup;
  readonly commands: readonly CommandName[];
  readonly default?: T;
  /** What the flag sets in lint()'s (and plan's) options; called only when the flag has a value. */
  readonly lint?: (value: T, into: LintDraft) => void;
  /** What the flag sets for the end of a lint run: outputs and the exit decision. */
  readonly finish?: (value: T, into: FinishDraft) => void;
  /** Where `mcplint plan` differs: its own help text, narrower choices. */
  readonly plan?: { readonly describe?: string; readonly choices?: readonly T[] };
}

export interface OptionSpec<T> extends OptionBase<T> {
  /** text: a string; list: repeatable strings; flag: boolean (--no-x too); choice: one of `choices`; number: `parse`d text. */
  readonly kind: 'text' | 'list' | 'flag' | 'choice' | 'number';
  readonly choices?: readonly T[];
  /** number: the text as typed to its value; throws UsageError naming the flag and what it accepts. */
  readonly parse?: (raw: string) => T;
}

const text = (spec: OptionBase<string>): OptionSpec<string> => ({ kind: 'text', ...spec });
const list = (spec: OptionBase<readonly string[]>): OptionSpec<readonly string[]> => ({ kind: 'list', ...spec });
const flag = (spec: OptionBase<boolean>): OptionSpec<boolean> => ({ kind: 'flag', ...spec });
const choice = <C extends string>(choices: readonly C[], spec: OptionBase<C>): OptionSpec<C> => ({ kind: 'choice', choices, ...spec });
const number = (parse: (raw: string) => number, spec: OptionBase<number>): OptionSpec<number> => ({ kind: 'number', parse, ...spec });

const LINT: readonly CommandName[] = ['lint'];
const BOTH: readonly CommandName[] = ['lint', 'plan'];

/** --packed's value: none (or `files`), `install`, or false for --no-packed. */
function packedMode(value: string | false): PackedMode | false {
  if (value === false) return false;
  if (value === '' || value === 'files') return 'files';
  if (value === 'install') return 'install';
  throw new UsageError(`--packed takes no value or "install", not "${value}"`);
}

/** In `--help` order within each group. */
export const OPTIONS = {
  from: text({
    group: 'Target:',
    commands: BOTH,
    describe: 'Lint a saved capture (--save-capture), a bare tools/list result or a tools.json instead of launching a server',
    plan: { describe: 'Plan for a saved capture instead of launching a server' },
    lint: (v, into) => {
      if (v) into.from = v;
    },
  }),
  config: text({
    alias: 'c',
    group: 'Run:',
    commands: BOTH,
    describe: 'Config file (default: search for mcplint.config.*, .mcplintrc*, package.json#mcplint)',
    lint: (v, into) => {
      if (v) into.configFile = v;
    },
  }),
  format: choice(FORMAT_NAMES, {
    alias: 'f',
    group: 'Output:',
    commands: BOTH,
    default: 'text',
    describe: 'Output format',
    plan: { choices: ['text', 'json'] },
    finish: (v, into) => {
      into.format = v;
    },
  }),
  output: text({
    alias: 'o',
    group: 'Output:',
    commands: LINT,
    describe: 'Write the report to this file instead of stdout',
    finish: (v, into) => {
      if (v) into.output = v;
    },
  }),
  rule: list({
    group: 'Run:',
    commands: LINT,
    describe: 'Set a rule level: --rule id=level (error, warning, note, off); repeatable',
    lint: (v, into) => {
      into.ruleFlags = v;
    },
  }),
  'max-warnings': number(integerIn('max-warnings', -1, Number.MAX_SAFE_INTEGER, 'must be a whole number ≥ 0, or -1 for no limit'), {
    group: 'Exit code:',
    commands: LINT,
    describe: 'Exit 1 when there are more warnings than this (-1: no limit)',
    finish: (v, into) => {
      if (v >= 0) into.maxWarnings = v;
    },
  }),
  timeout: number(
    integerIn('timeout', 1, MAX_TIMEOUT_MS, `must be a whole number of milliseconds from 1 to ${MAX_TIMEOUT_MS} (10 minutes)`),
    {
      group: 'Run:',
      commands: BOTH,
      describe: 'Per-request timeout in ms (default 10000; start-up gets at least 20000; at most 600000)',
      lint: (v, into) => {
        into.timeoutMs = v;
      },
    },
  ),
  'save-capture': text({
    group: 'Output:',
    commands: LINT,
    describe: 'Save the raw capture (JSON) to this file for later --from runs',
    lint: (v, into) => {
      if (v) into.saveCapture = v;
    },
  }),
  'sarif-category': text({
    group: 'Output:',
    commands: LINT,
    describe: 'SARIF automationDetails category (when one repository lints several servers)',
    finish: (v, into) => {
      if (v) into.sarifCategory = v;
    },
  }),
  'sarif-anchor': text({
    group: 'Output:',
    commands: LINT,
    describe:
      'SARIF: the repository file for findings with no file of their own (a URL, a server outside the repository; default: the config file, else README.md)',
    finish: (v, into) => {
      if (v) into.sarifAnchor = v;
    },
  }),
  color: flag({
    group: 'Output:',
    commands: LINT,
    describe: 'Force colours on or off (default: auto; honours NO_COLOR and FORCE_COLOR)',
    finish: (v, into) => {
      into.color = v;
    },
  }),
  project: text({
    group: 'Target:',
    commands: BOTH,
    describe: "The server's source directory, for findings on source lines (default: the launched script's package)",
    lint: (v, into) => {
      into.project = v;
    },
  }),
  source: flag({
    group: 'Target:',
    commands: BOTH,
    default: true,
    describe: 'Map findings to the source lines that register tools; --no-source skips it (the TypeScript compiler is never loaded)',
    lint: (v, into) => {
      if (!v) into.noSource = true;
    },
  }),
  cache: flag({
    group: 'Target:',
    commands: BOTH,
    default: true,
    describe:
      'Reuse the source index from node_modules/.cache/mcplint while the code is unchanged; --no-cache builds it afresh and writes nothing',
    lint: (v, into) => {
      if (!v) into.noCache = true;
    },
  }),
  report: list({
    group: 'Output:',
    commands: LINT,
    describe: 'Also write the report as FORMAT to FILE: --report sarif=mcplint.sarif; repeatable',
    finish: (v, into) => {
      into.reports = v.map(parseReportFlag);
    },
  }),
  'fail-on': choice(FAIL_ON, {
    group: 'Exit code:',
    commands: LINT,
    describe: 'Exit 1 when a finding is at this level or above (default: error)',
    finish: (v, into) => {
      into.failOn = v;
    },
  }),
  'min-score': number(numberIn('min-score', 0, 100, 'must be a number from 0 to 100'), {
    group: 'Exit code:',
    commands: LINT,
    describe: 'Exit 1 when a server scores below this (0–100)',
    finish: (v, into) => {
      into.minScore = v;
    },
  }),
  baseline: text({
    group: 'Exit code:',
    commands: LINT,
    describe: 'Baseline file: findings listed in it do not fail the run',
    finish: (v, into) => {
      if (v) into.baseline = v;
    },
  }),
  'update-baseline': flag({
    group: 'Exit code:',
    commands: LINT,
    describe: 'Write the baseline (default mcplint.baseline.json) with every current finding, keeping reasons',
    finish: (v, into) => {
      if (v) into.updateBaseline = true;
    },
  }),
  'strict-baseline': flag({
    group: 'Exit code:',
    commands: LINT,
    describe: 'Exit 1 when baseline entries no longer match any finding',
    finish: (v, into) => {
      if (v) into.strictBaseline = true;
    },
  }),
  'fail-on-skipped': flag({
    group: 'Exit code:',
    commands: LINT,
    describe:
      "With --config-file: exit 1 when a server of the file was skipped (not linted); default: the config's failOnSkipped, else off",
    finish: (v, into) => {
      into.failOnSkipped = v;
    },
  }),
  fold: flag({
    group: 'Output:',
    commands: LINT,
    describe:
      'Text: fold the repeated findings of one rule, and the rules not checked for one reason, into one line each (default); --no-fold prints every one',
    finish: (v, into) => {
      if (!v) into.fold = false;
    },
  }),
  verbose: flag({
    group: 'Output:',
    commands: LINT,
    describe: 'Text: print every finding and every rule not checked (same as --no-fold)',
    finish: (v, into) => {
      if (v) into.fold = false;
    },
  }),
  quiet: flag({
    alias: 'q',
    group: 'Output:',
    commands: LINT,
    describe:
      'Errors only, no progress: text prints the error findings and one summary line; other formats list error findings only (--report files stay full)',
    finish: (v, into) => {
      if (v) into.quiet = true;
    },
  }),
  url: text({
    group: 'Target:',
    commands: BOTH,
    describe: 'Lint a remote server over Streamable HTTP (falls back to legacy HTTP+SSE): --url https://host/mcp',
    plan: { describe: 'Plan for a remote server over Streamable HTTP (falls back to legacy HTTP+SSE): --url https://host/mcp' },
    lint: (v, into) => {
      if (!v) return;
      if (!/^https?:\/\//i.test(v)) throw new UsageError(`--url ${v}: give an http:// or https:// URL`);
      into.url = v;
    },
  }),
  header: list({
    alias: 'H',
    group: 'Target:',
    commands: BOTH,
    describe: "Request header for --url: --header 'Authorization: Bearer …'; repeatable; values are never printed or saved",
    lint: (v, into) => {
      into.headers = parseHeaders(v);
    },
  }),
  transport: choice(['auto', 'http', 'sse'] as const, {
    group: 'Target:',
    commands: BOTH,
    describe: 'HTTP transport for --url: auto (default: Streamable HTTP, then legacy SSE), http, sse',
    lint: (v, into) => {
      into.transport = v;
    },
  }),
  protocol: text({
    group: 'Target:',
    commands: BOTH,
    describe: 'Protocol version to ask for (default 2025-11-25; 2026-07-28 uses server/discover, no initialize)',
    lint: (v, into) => {
      if (!/^\d{4}-\d{2}-\d{2}$/.test(v))
        throw new UsageError(`--protocol ${v}: give a protocol version date, e.g. 2025-11-25 or 2026-07-28`);
      into.protocol = v;
    },
  }),
  'allow-origin': list({
    group: 'Target:',
    commands: BOTH,
    describe:
      'With --url: an origin (https://host[:port]) the server may redirect mcplint to, headers included; repeatable. ' +
      'Redirects and a legacy SSE endpoint elsewhere are otherwise not followed',
    lint: (v, into) => {
      into.allowOrigins = v.map((origin) => parseOrigin(origin));
    },
  }),
  'config-file': text({
    group: 'Target:',
    commands: BOTH,
    describe:
      'Lint the servers of a client config: claude_desktop_config.json, .mcp.json, .cursor/mcp.json, .vscode/mcp.json, ' +
      '.gemini/settings.json, mcp_config.json',
    plan: { describe: 'Plan for the servers of a client config (the same files as mcplint --config-file)' },
    lint: (v, into) => {
      if (v) into.clientConfigFile = v;
    },
  }),
  manifest: text({
    group: 'Target:',
    commands: LINT,
    describe:
      'Lint a published manifest (MCP Registry server.json or MCP Bundle manifest.json) and the server it launches from this project',
    lint: (v, into) => {
      if (v) into.manifest = v;
    },
  }),
  packed: text({
    group: 'Target:',
    commands: LINT,
    describe:
      "Check the server's npm package as npm would publish it (npm pack --dry-run --ignore-scripts; on with --manifest, --no-packed skips it); " +
      '--packed=install also installs the packed tarball into a temporary folder and lints the installed bin (needs the registry)',
    lint: (v, into) => {
      into.packed = packedMode(v as string | false);
    },
  }),
  server: text({
    group: 'Target:',
    commands: BOTH,
    describe: 'With --config-file: lint only this server',
    plan: { describe: 'With --config-file: plan only for this server' },
    lint: (v, into) => {
      into.server = v;
    },
  }),
  shard: text({
    group: 'Run:',
    commands: LINT,
    describe: 'With --config-file: lint only shard i of n (servers split by name), e.g. --shard 2/4; combine with mcplint merge',
    lint: (v, into) => {
      if (v) into.shard = parseShard(v);
    },
  }),
  jobs: number(integerIn('jobs', 1, Number.MAX_SAFE_INTEGER, 'must be a whole number of at least 1'), {
    alias: 'j',
    group: 'Run:',
    // plan plans one server after the other.
    commands: LINT,
    describe: 'With --config-file: lint this many servers in parallel (default 1)',
    lint: (v, into) => {
      into.jobs = v;
    },
  }),
  probes: flag({
    group: 'Probes:',
    commands: BOTH,
    describe:
      "Call the server's safe tools (read-only, not destructive; see mcplint plan) to judge its behaviour; " +
      '--no-probes turns tool calls off (default: on)',
    plan: { describe: 'Plan tool calls (--no-probes: none)' },
    lint: (v, into) => {
      into.probes = { ...into.probes, probes: v };
    },
  }),
  'protocol-probes': flag({
    group: 'Probes:',
    commands: BOTH,
    describe:
      'Probe the protocol (ping, unknown method, bad cursor, version negotiation…); --no-protocol-probes turns them off (default: on)',
    plan: { describe: 'Plan protocol probes (ping, unknown method, bad cursor, version negotiation…; --no-protocol-probes: none)' },
    lint: (v, into) => {
      into.probes = { ...into.probes, protocolProbes: v };
    },
  }),
  'print-config': flag({
    group: 'Run:',
    commands: LINT,
    describe:
      'Print every setting the run would use (config file, target, timeouts, probes, source, outputs, exit conditions, every rule with its level and options; secrets redacted) as JSON and exit 0; nothing is launched',
  }),
  fix: flag({
    group: 'Fix:',
    commands: LINT,
    describe:
      'Apply the safe fixes in place, then launch the server again and lint it to prove them (docs/fix.md); a fix that breaks the start is rolled back (exit 3)',
    lint: (v, into) => {
      if (v) into.fix = into.fix ?? 'fix';
    },
  }),
  'unsafe-fixes': flag({
    group: 'Fix:',
    commands: LINT,
    describe: 'With --fix or --diff: the unsafe fixes too (they change what the server accepts, e.g. a closed input schema)',
    lint: (v, into) => {
      if (v) into.unsafeFixes = true;
    },
  }),
  diff: flag({
    alias: 'fix-dry-run',
    group: 'Fix:',
    commands: LINT,
    describe: 'Print the fixes as a unified diff (git apply accepts it) and write nothing',
    lint: (v, into) => {
      if (v) into.fix = 'diff';
    },
  }),
  'show-fixes': flag({
    group: 'Fix:',
    commands: LINT,
    describe:
      'Give every fixable finding its fix and edits in the report (JSON fix, SARIF fixes; loads the source parsers); --fix implies it',
    lint: (v, into) => {
      if (v) into.showFixes = true;
    },
  }),
  'fix-build': text({
    group: 'Fix:',
    commands: LINT,
    describe:
      'With --fix: the command that rebuilds the server after its sources are fixed (e.g. "npm run build"), run before it is launched again; ' +
      'with --watch: run before each lint',
    lint: (v, into) => {
      if (v) into.fixBuild = v;
    },
  }),
  watch: flag({
    alias: 'w',
    group: 'Run:',
    commands: LINT,
    describe:
      "Lint again whenever the server's source project changes, printing only what changed since the last run " +
      '(on a terminal: r reprints the full report, q quits); with --fix-build CMD, CMD runs before each lint',
    lint: (v, into) => {
      if (v) into.watch = true;
    },
  }),
  'dry-run': flag({
    group: 'Probes:',
    commands: LINT,
    describe: 'Print every probe call mcplint would make (tool, arguments, why) and every tool it would skip, then stop; no tool is called',
  }),
};

export type OptionName = keyof typeof OPTIONS;
type ValueOf<S> = S extends OptionSpec<infer T> ? T : never;
/** The arguments of one run, by flag name: only the flags given (or defaulted) and taken by the command. */
export type CliArgs = { readonly [K in OptionName]?: ValueOf<(typeof OPTIONS)[K]> };

/** `--shard i/n`: 1 ≤ i ≤ n. */
function parseShard(raw: string): { index: number; count: number } {
  const m = /^(\d+)\/(\d+)$/.exec(raw.trim());
  const index = m ? Number(m[1]) : NaN;
  const count = m ? Number(m[2]) : NaN;
  if (!m || count < 1 || index < 1 || index > count || count > 10_000)
    throw new UsageError(`--shard ${raw}: expected i/n with 1 ≤ i ≤ n, e.g. --shard 2/4`);
  return { index, count };
}

/** `--allow-origin`: scheme, host and port only. */
function parseOrigin(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UsageError(`--allow-origin ${raw}: expected an origin such as https://auth.example.com`);
  }
  if (!/^https?:$/.test(url.protocol) || (url.pathname !== '/' && url.pathname !== '') || url.search || url.hash || url.username) {
    throw new UsageError(`--allow-origin ${raw}: expected an origin (scheme://host[:port]) without a path, query or credentials`);
  }
  return url.origin;
}

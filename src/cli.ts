#!/usr/bin/env node
/**
 * mcplint's command line. `--version` answers before anything heavy is imported; everything else
 * goes through yargs. Exit codes: 0 clean, 1 error findings or too many warnings, 2 usage/config
 * error or internal failure, 130 interrupted.
 */
import { VERSION } from './version.js';
import type { Rule } from './engine/rule.js';

export const EXIT = { ok: 0, findings: 1, usage: 2, interrupted: 130 } as const;

const FORMATS = ['text', 'json', 'sarif', 'markdown', 'checklist', 'github'] as const;
type FormatName = (typeof FORMATS)[number];

async function main(argv: string[]): Promise<number> {
  if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-v')) {
    process.stdout.write(`${VERSION}\n`);
    return EXIT.ok;
  }
  const dashDash = argv.indexOf('--');
  const ownArgs = dashDash === -1 ? argv : argv.slice(0, dashDash);
  const command = dashDash === -1 ? [] : argv.slice(dashDash + 1);

  const { default: yargs } = await import('yargs');
  let exitCode: number = EXIT.ok;
  const parser = yargs(ownArgs)
    .scriptName('mcplint')
    .usage('$0 [options] -- <command> [args…]\n\nLint an MCP server: launch it, record everything it says, and judge it against the MCP specification and the agent-centric server guidelines.')
    .parserConfiguration({ 'populate--': false })
    .command(
      '$0',
      'Lint a server (the default command)',
      (y) =>
        y
          .option('from', { type: 'string', describe: 'Lint a capture saved with --save-capture instead of launching a server' })
          .option('config', { alias: 'c', type: 'string', describe: 'Config file (default: search for mcplint.config.*, .mcplintrc*, package.json#mcplint)' })
          .option('format', { alias: 'f', choices: FORMATS, default: 'text' as FormatName, describe: 'Output format' })
          .option('output', { alias: 'o', type: 'string', describe: 'Write the report to this file instead of stdout' })
          .option('rule', { type: 'string', array: true, describe: 'Set a rule level: --rule id=level (error, warning, note, off); repeatable' })
          .option('max-warnings', { type: 'number', describe: 'Exit 1 when there are more warnings than this' })
          .option('timeout', { type: 'number', describe: 'Per-request timeout in ms (default 10000; start-up gets at least 20000)' })
          .option('save-capture', { type: 'string', describe: 'Save the raw capture (JSON) to this file for later --from runs' })
          .option('sarif-category', { type: 'string', describe: 'SARIF automationDetails category (when one repository lints several servers)' })
          .option('color', { type: 'boolean', describe: 'Force colours on or off (default: auto; honours NO_COLOR and FORCE_COLOR)' })
          .option('project', { type: 'string', describe: "The server's source directory, for findings on source lines (default: the launched script's package)" })
          .option('source', { type: 'boolean', default: true, describe: 'Map findings to the source lines that register tools; --no-source skips it (the TypeScript compiler is never loaded)' })
          .option('cache', { type: 'boolean', default: true, describe: 'Reuse the source index from node_modules/.cache/mcplint while the code is unchanged; --no-cache builds it afresh and writes nothing' })
          .option('report', { type: 'string', array: true, describe: 'Also write the report as FORMAT to FILE: --report sarif=mcplint.sarif; repeatable' })
          .option('fail-on', { type: 'string', choices: ['error', 'warning', 'note', 'none'], describe: 'Exit 1 when a finding is at this level or above (default: error)' })
          .option('min-score', { type: 'number', describe: 'Exit 1 when a server scores below this (0–100)' })
          .option('baseline', { type: 'string', describe: 'Baseline file: findings listed in it do not fail the run' })
          .option('update-baseline', { type: 'boolean', describe: 'Write the baseline (default mcplint.baseline.json) with every current finding, keeping reasons' })
          .option('strict-baseline', { type: 'boolean', describe: 'Exit 1 when baseline entries no longer match any finding' })
          .option('quiet', { alias: 'q', type: 'boolean', describe: 'Errors only: hide warnings and notes in the output, no progress' })
          .option('url', { type: 'string', describe: 'Lint a remote server over Streamable HTTP (falls back to legacy HTTP+SSE): --url https://host/mcp' })
          .option('header', { alias: 'H', type: 'string', array: true, describe: "Request header for --url: --header 'Authorization: Bearer …'; repeatable; values are never printed or saved" })
          .option('transport', { choices: ['auto', 'http', 'sse'] as const, describe: 'HTTP transport for --url: auto (default: Streamable HTTP, then legacy SSE), http, sse' })
          .option('protocol', { type: 'string', describe: 'Protocol version to ask for (default 2025-11-25; 2026-07-28 uses server/discover, no initialize)' })
          .option('config-file', { type: 'string', describe: 'Lint the servers of a client config: claude_desktop_config.json, .mcp.json, .cursor/mcp.json, .vscode/mcp.json, .gemini/settings.json, mcp_config.json' })
          .option('server', { type: 'string', describe: 'With --config-file: lint only this server' })
          .option('jobs', { alias: 'j', type: 'number', describe: 'With --config-file: lint this many servers in parallel (default 1)' })
          .option('probes', { type: 'boolean', describe: "Call the server's safe tools (read-only, not destructive; see mcplint plan) to judge its behaviour; --no-probes turns tool calls off (default: on)" })
          .option('protocol-probes', { type: 'boolean', describe: 'Probe the protocol (ping, unknown method, bad cursor, version negotiation…); --no-protocol-probes turns them off (default: on)' })
          .option('dry-run', { type: 'boolean', describe: 'Print every probe call mcplint would make (tool, arguments, why) and every tool it would skip, then stop; no tool is called' })
          .example('$0 -- node dist/index.js', 'Lint a stdio server')
          .example('$0 --format sarif --output mcplint.sarif -- node dist/index.js', 'SARIF for GitHub code scanning')
          .example('$0 --save-capture cap.json -- npx -y @modelcontextprotocol/server-everything', 'Lint and keep the capture')
          .example('$0 --from cap.json --format json', 'Re-lint a saved capture offline')
          .example("$0 --url https://api.example.com/mcp --header 'Authorization: Bearer $TOKEN'", 'Lint a remote server')
          .example('$0 --config-file .mcp.json --jobs 4', 'Lint every server of a client config, four at a time')
          .example('$0 --rule tool-name-verb=off --max-warnings 0 -- python server.py', 'Tune rules, fail on any warning')
          .example('$0 --format github --report sarif=mcplint.sarif --baseline mcplint.baseline.json', 'CI: annotations, SARIF, only new findings fail'),
      async (args) => {
        exitCode = await lintCommand({
          command,
          from: args.from,
          config: args.config,
          format: args.format as FormatName,
          output: args.output,
          rule: args.rule ?? [],
          maxWarnings: args['max-warnings'],
          timeout: args.timeout,
          saveCapture: args['save-capture'],
          sarifCategory: args['sarif-category'],
          color: args.color,
          report: args.report ?? [],
          failOn: args['fail-on'],
          minScore: args['min-score'],
          baseline: args.baseline,
          updateBaseline: args['update-baseline'],
          strictBaseline: args['strict-baseline'],
          quiet: args.quiet,
          project: args.project,
          noSource: args.source === false,
          noCache: args.cache === false,
          url: args.url,
          header: args.header ?? [],
          transport: args.transport,
          protocol: args.protocol,
          configFile: args['config-file'],
          server: args.server,
          jobs: args.jobs,
          probes: args.probes,
          protocolProbes: args['protocol-probes'],
          dryRun: args['dry-run'],
        });
      },
    )
    .command(
      'plan',
      'Print every probe call mcplint would make (tool, arguments, why) and every tool it would not call, with why; calls no tool',
      (y) =>
        y
          .usage('$0 plan [options] -- <command> [args…]')
          .option('from', { type: 'string', describe: 'Plan for a saved capture instead of launching a server' })
          .option('config', { alias: 'c', type: 'string', describe: 'Config file (probes.allowTools, probes.denyTools, probes.args…)' })
          .option('format', { alias: 'f', choices: ['text', 'json'] as const, default: 'text' as const, describe: 'Output format' })
          .option('timeout', { type: 'number', describe: 'Per-request timeout in ms' })
          .option('probes', { type: 'boolean', describe: 'Plan tool calls (--no-probes: none)' })
          .option('protocol-probes', { type: 'boolean', describe: 'Plan protocol probes (--no-protocol-probes: none)' })
          .option('url', { type: 'string', describe: 'A remote server over Streamable HTTP' })
          .option('header', { alias: 'H', type: 'string', array: true, describe: "Request header for --url: --header 'Authorization: Bearer …'" })
          .option('protocol', { type: 'string', describe: 'Protocol version to ask for' })
          .option('config-file', { type: 'string', describe: 'Plan for the servers of a client config' })
          .option('server', { type: 'string', describe: 'With --config-file: only this server' })
          .example('$0 plan -- node dist/index.js', 'What would mcplint call?')
          .example('$0 plan --format json -- npx -y @modelcontextprotocol/server-everything', 'The plan as JSON'),
      async (args) => {
        const headers: Record<string, string> = {};
        for (const header of args.header ?? []) {
          const m = /^([^:\s]+)\s*:\s?(.*)$/.exec(header);
          if (!m) {
            exitCode = usage(`--header: expected 'Name: value', got a value without a name (the value is not shown)`);
            return;
          }
          headers[m[1]!] = m[2]!;
        }
        exitCode = await planCommand(
          {
            command,
            ...(args.from ? { from: args.from } : {}),
            ...(args.config ? { configFile: args.config } : {}),
            ...(args.timeout !== undefined ? { timeoutMs: args.timeout } : {}),
            ...(args.url ? { url: args.url, headers } : {}),
            ...(args.protocol ? { protocol: args.protocol } : {}),
            ...(args['config-file'] ? { clientConfigFile: args['config-file'] } : {}),
            ...(args.server !== undefined ? { server: args.server } : {}),
            probes: { ...(args.probes !== undefined ? { probes: args.probes } : {}), ...(args['protocol-probes'] !== undefined ? { protocolProbes: args['protocol-probes'] } : {}) },
          },
          args.format,
        );
      },
    )
    .command(
      'init',
      'Write mcplint.config.json for the server in this project',
      (y) => y.option('force', { type: 'boolean', describe: 'Overwrite an existing mcplint.config.json' }),
      async (args) => {
        const [{ runInit }, { writeFileSync }] = await Promise.all([import('./init.js'), import('node:fs')]);
        const outcome = runInit(process.cwd(), { force: args.force === true, write: (path, text) => writeFileSync(path, text) });
        (outcome.code === 0 ? process.stdout : process.stderr).write(outcome.message);
        exitCode = outcome.code;
      },
    )
    .command(
      'rules',
      'List every rule with its category, default level and summary',
      (y) => y.option('format', { choices: ['text', 'json', 'markdown'] as const, default: 'text' as const }),
      async (args) => {
        exitCode = await rulesCommand(args.format);
      },
    )
    .command(
      'explain <rule>',
      "Print a rule's documentation",
      (y) =>
        y.positional('rule', { type: 'string', demandOption: true }).option('format', { choices: ['text', 'markdown', 'json'] as const, default: 'text' as const }),
      async (args) => {
        exitCode = await explainCommand(args.rule, args.format);
      },
    )
    .strict()
    .version(VERSION)
    .alias('version', 'v')
    .help()
    .alias('help', 'h')
    .wrap(Math.min(110, process.stdout.columns || 100))
    .epilogue('Exit codes: 0 no errors; 1 error findings (or --fail-on level), too many warnings, score below --min-score, stale baseline with --strict-baseline; 2 usage, config or internal error.\nDocs: https://github.com/mcplint/mcplint#readme')
    .fail((message, error) => {
      if (error) throw error;
      process.stderr.write(`mcplint: ${message}\nRun mcplint --help for usage.\n`);
      exitCode = EXIT.usage;
      // yargs runs the command handler after a validation failure unless fail() throws: a typo in
      // a flag must not launch the server and exit 0.
      throw new UsageAbort();
    });
  try {
    await parser.parseAsync();
  } catch (error) {
    if (error instanceof UsageAbort) return EXIT.usage;
    throw error;
  }
  return exitCode;
}

class UsageAbort extends Error {}

interface LintArgs {
  command: string[];
  from?: string;
  config?: string;
  format: FormatName;
  output?: string;
  rule: string[];
  maxWarnings?: number;
  timeout?: number;
  saveCapture?: string;
  sarifCategory?: string;
  color?: boolean;
  report?: string[];
  failOn?: string;
  minScore?: number;
  baseline?: string;
  updateBaseline?: boolean;
  strictBaseline?: boolean;
  quiet?: boolean;
  project?: string;
  noSource?: boolean;
  noCache?: boolean;
  url?: string;
  header?: string[];
  transport?: 'auto' | 'http' | 'sse';
  protocol?: string;
  configFile?: string;
  server?: string;
  jobs?: number;
  probes?: boolean;
  protocolProbes?: boolean;
  dryRun?: boolean;
}

/** `mcplint plan` and `--dry-run`: print the probe plan; no tool is called. */
async function planCommand(options: Omit<import('./lint.js').LintOptions, 'cwd' | 'rules'>, format: 'text' | 'json'): Promise<number> {
  if (options.from && options.command && options.command.length > 0) return usage('give either --from or a command after --, not both');
  const [{ planProbes, renderPlans }, { rules }] = await Promise.all([import('./plan.js'), import('../rules/index.js')]);
  const planned = await planProbes({ ...options, cwd: process.cwd(), rules });
  process.stdout.write(renderPlans(planned, format));
  return planned.some((p) => !p.capture.handshake.ok) ? EXIT.findings : EXIT.ok;
}

async function lintCommand(args: LintArgs): Promise<number> {
  if (args.from && args.command.length > 0) return usage('give either --from or a command after --, not both');
  const targets = [args.command.length > 0 && 'a command after --', args.from && '--from', args.url && '--url', args.configFile && '--config-file'].filter(Boolean);
  if (targets.length > 1) return usage(`give one target, not ${targets.join(' and ')}`);
  if ((args.header?.length || args.transport) && !args.url) return usage('--header and --transport go with --url (a client config names its own headers)');
  if ((args.server !== undefined || args.jobs !== undefined) && !args.configFile) return usage('--server and --jobs go with --config-file');
  if (args.jobs !== undefined && (!Number.isInteger(args.jobs) || args.jobs < 1)) return usage('--jobs must be a whole number of at least 1');
  if (args.url && !/^https?:\/\//i.test(args.url)) return usage(`--url ${args.url}: give an http:// or https:// URL`);
  if (args.protocol !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(args.protocol)) return usage(`--protocol ${args.protocol}: give a protocol version date, e.g. 2025-11-25 or 2026-07-28`);
  const headers: Record<string, string> = {};
  for (const header of args.header ?? []) {
    const m = /^([^:\s]+)\s*:\s?(.*)$/.exec(header);
    if (!m) return usage(`--header: expected 'Name: value', got a value without a name (the value is not shown)`);
    headers[m[1]!] = m[2]!;
  }
  const probeFlags = { ...(args.probes !== undefined ? { probes: args.probes } : {}), ...(args.protocolProbes !== undefined ? { protocolProbes: args.protocolProbes } : {}) };
  if (args.dryRun) {
    return planCommand(
      {
        command: args.command,
        ...(args.from ? { from: args.from } : {}),
        ...(args.config ? { configFile: args.config } : {}),
        ...(args.timeout !== undefined ? { timeoutMs: args.timeout } : {}),
        ...(args.url ? { url: args.url, headers, ...(args.transport ? { transport: args.transport } : {}) } : {}),
        ...(args.protocol ? { protocol: args.protocol } : {}),
        ...(args.configFile ? { clientConfigFile: args.configFile } : {}),
        ...(args.server !== undefined ? { server: args.server } : {}),
        probes: probeFlags,
      },
      args.format === 'json' ? 'json' : 'text',
    );
  }
  // Loaded by lint() right after it launches the server, so the two overlap (import() caches the module).
  const rules = (): Promise<readonly Rule[]> => import('../rules/index.js').then((m) => m.rules);
  const { lint } = await import('./lint.js');
  const finish = await import('./cli-finish.js');
  finish.checkFinishOptions({ reports: args.report ?? [], failOn: args.failOn, minScore: args.minScore, maxWarnings: args.maxWarnings });
  const { startProgress } = await import('./progress.js');
  const progress = startProgress(args.from ? `linting the capture ${args.from}` : args.url ? `linting ${args.url}` : args.configFile ? `linting the servers of ${args.configFile}` : `linting ${args.command.length > 0 ? args.command.join(' ') : 'the configured server'}`, {
    enabled: !args.quiet && process.stderr.isTTY === true,
  });
  const { report } = await lint({
    cwd: process.cwd(),
    rules,
    command: args.command,
    ...(args.from ? { from: args.from } : {}),
    ...(args.config ? { configFile: args.config } : {}),
    ruleFlags: args.rule,
    ...(args.timeout !== undefined ? { timeoutMs: args.timeout } : {}),
    ...(args.saveCapture ? { saveCapture: args.saveCapture } : {}),
    ...(args.project !== undefined ? { project: args.project } : {}),
    ...(args.noSource ? { noSource: true } : {}),
    ...(args.noCache ? { noCache: true } : {}),
    ...(args.url ? { url: args.url, headers, ...(args.transport ? { transport: args.transport } : {}) } : {}),
    ...(args.protocol ? { protocol: args.protocol } : {}),
    ...(args.configFile ? { clientConfigFile: args.configFile } : {}),
    ...(args.server !== undefined ? { server: args.server } : {}),
    ...(args.jobs !== undefined ? { jobs: args.jobs } : {}),
    probes: probeFlags,
  })
    .then((outcome) => {
      for (const skipped of outcome.skippedServers ?? []) process.stderr.write(`mcplint: skipped server "${skipped.name}" of ${args.configFile}: ${skipped.reason}\n`);
      return outcome;
    })
    .finally(() => progress.stop());
  const pc = (await import('picocolors')).default;
  // Baseline, output (stdout or --output, plus --report files), then the exit decision: src/cli-finish.ts.
  const failed = await finish.finishLint(report, await rules(), {
    cwd: process.cwd(),
    format: args.format,
    ...(args.output ? { output: args.output } : {}),
    reports: args.report ?? [],
    ...(args.color !== undefined ? { color: args.color } : {}),
    colorSupported: pc.isColorSupported,
    ...(args.sarifCategory ? { sarifCategory: args.sarifCategory } : {}),
    ...(args.quiet ? { quiet: true } : {}),
    ...(args.baseline ? { baseline: args.baseline } : {}),
    ...(args.updateBaseline ? { updateBaseline: true } : {}),
    ...(args.strictBaseline ? { strictBaseline: true } : {}),
    ...(args.failOn ? { failOn: args.failOn } : {}),
    ...(args.maxWarnings !== undefined ? { maxWarnings: args.maxWarnings } : {}),
    ...(args.minScore !== undefined ? { minScore: args.minScore } : {}),
  });
  return failed === 0 ? EXIT.ok : EXIT.findings;
}

async function rulesCommand(format: 'text' | 'json' | 'markdown'): Promise<number> {
  const [{ rules }, catalog] = await Promise.all([import('../rules/index.js'), import('./rule-catalog.js')]);
  process.stdout.write(catalog.rulesListing(rules, format));
  return EXIT.ok;
}

async function explainCommand(id: string, format: 'text' | 'markdown' | 'json'): Promise<number> {
  const [{ rules }, catalog] = await Promise.all([import('../rules/index.js'), import('./rule-catalog.js')]);
  const explained = catalog.explainRule(rules, id, format);
  if (!explained.ok) return usage(explained.error);
  process.stdout.write(explained.text);
  return EXIT.ok;
}

function usage(message: string): number {
  process.stderr.write(`mcplint: ${message}\n`);
  return EXIT.usage;
}

/** Ctrl-C: kill every server we started, then leave with 130. */
async function onInterrupt(): Promise<void> {
  const { killAll, liveProgress } = await import('./connect/reaper.js');
  // What each running session had got to, read before its processes are killed.
  const progress = liveProgress();
  killAll();
  const lines = ['', 'mcplint: interrupted; the server process tree was stopped.'];
  for (const p of progress) {
    lines.push(`Partial report for ${p.label}:`);
    lines.push(
      `  phase ${p.phase}${p.waitingFor ? `, waiting for ${p.waitingFor}` : ''} after ${(p.elapsedMs / 1000).toFixed(1)} s; ` +
        `${p.frames} frame${p.frames === 1 ? '' : 's'} recorded (${p.messagesReceived} message${p.messagesReceived === 1 ? '' : 's'} received, ` +
        `${p.noiseLines} non-protocol stdout line${p.noiseLines === 1 ? '' : 's'})`,
    );
    for (const note of p.notes) lines.push(`  note: ${note}`);
  }
  process.stderr.write(lines.join('\n') + '\n');
  process.exit(EXIT.interrupted);
}

process.once('SIGINT', () => void onInterrupt());
process.once('SIGTERM', () => void onInterrupt());

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  async (error: unknown) => {
    const { ConfigError } = await import('./engine/config.js');
    if (error instanceof ConfigError) {
      process.stderr.write(`mcplint: ${error.message}\n`);
    } else {
      const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
      process.stderr.write(`mcplint: internal error — please report it with this output:\n${message}\n`);
    }
    process.exitCode = EXIT.usage;
  },
);

#!/usr/bin/env node
/**
 * mcplint's command line. `--version` answers before anything heavy is imported; everything else
 * goes through yargs. Exit codes: 0 clean, 1 error findings or too many warnings, 2 usage/config
 * error or internal failure, 130 interrupted.
 */
import { VERSION } from './version.js';

export const EXIT = { ok: 0, findings: 1, usage: 2, interrupted: 130 } as const;

const FORMATS = ['text', 'json', 'sarif', 'markdown', 'checklist'] as const;
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
          .example('$0 -- node dist/index.js', 'Lint a stdio server')
          .example('$0 --format sarif --output mcplint.sarif -- node dist/index.js', 'SARIF for GitHub code scanning')
          .example('$0 --save-capture cap.json -- npx -y @modelcontextprotocol/server-everything', 'Lint and keep the capture')
          .example('$0 --from cap.json --format json', 'Re-lint a saved capture offline')
          .example('$0 --rule tool-name-verb=off --max-warnings 0 -- python server.py', 'Tune rules, fail on any warning'),
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
        });
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
      (y) => y.positional('rule', { type: 'string', demandOption: true }).option('format', { choices: ['text', 'markdown'] as const, default: 'text' as const }),
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
    .epilogue('Exit codes: 0 no errors; 1 error findings or too many warnings; 2 usage, config or internal error.\nDocs: https://github.com/mcplint/mcplint#readme')
    .fail((message, error) => {
      if (error) throw error;
      process.stderr.write(`mcplint: ${message}\nRun mcplint --help for usage.\n`);
      exitCode = EXIT.usage;
    });
  await parser.parseAsync();
  return exitCode;
}

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
}

async function lintCommand(args: LintArgs): Promise<number> {
  if (args.from && args.command.length > 0) return usage('give either --from or a command after --, not both');
  const [{ lint }, { rules }, { formatters }, { writeFileSync }] = await Promise.all([
    import('./lint.js'),
    import('../rules/index.js'),
    import('./formatters/index.js'),
    import('node:fs'),
  ]);
  const { report } = await lint({
    cwd: process.cwd(),
    rules,
    command: args.command,
    ...(args.from ? { from: args.from } : {}),
    ...(args.config ? { configFile: args.config } : {}),
    ruleFlags: args.rule,
    ...(args.timeout !== undefined ? { timeoutMs: args.timeout } : {}),
    ...(args.saveCapture ? { saveCapture: args.saveCapture } : {}),
  });
  const pc = (await import('picocolors')).default;
  const color = args.color ?? (args.output ? false : pc.isColorSupported);
  const format = await formatters[args.format]();
  const output = format(report, { rules, color, ...(args.sarifCategory ? { sarifCategory: args.sarifCategory } : {}) });
  if (args.output) writeFileSync(args.output, output);
  else process.stdout.write(output);

  const errors = report.servers.reduce((n, s) => n + s.counts.error, 0);
  const warnings = report.servers.reduce((n, s) => n + s.counts.warning, 0);
  if (errors > 0) return EXIT.findings;
  if (args.maxWarnings !== undefined && warnings > args.maxWarnings) {
    process.stderr.write(`mcplint: ${warnings} warnings exceed --max-warnings ${args.maxWarnings}\n`);
    return EXIT.findings;
  }
  return EXIT.ok;
}

async function rulesCommand(format: 'text' | 'json' | 'markdown'): Promise<number> {
  const [{ rules }, docs] = await Promise.all([import('../rules/index.js'), import('./docs.js')]);
  if (format === 'markdown') process.stdout.write(docs.rulesTable(rules) + '\n');
  else if (format === 'json') {
    const list = rules.map((r) => ({ id: r.id, category: r.category, severity: r.severity, basis: r.basis, precision: r.precision, summary: r.summary, since: r.since ?? null, docs: docs.docsUrl(r.id) }));
    process.stdout.write(JSON.stringify(list, null, 2) + '\n');
  } else {
    const width = Math.max(...rules.map((r) => r.id.length));
    const byCategory = new Map<string, typeof rules[number][]>();
    for (const r of rules) byCategory.set(r.category, [...(byCategory.get(r.category) ?? []), r]);
    const lines: string[] = [];
    for (const [category, list] of byCategory) {
      lines.push(`${category}`);
      for (const r of list) lines.push(`  ${r.id.padEnd(width)}  ${r.severity.padEnd(7)}  ${r.summary}`);
      lines.push('');
    }
    lines.push(`${rules.length} rules. mcplint explain <rule> prints one rule's documentation.`);
    process.stdout.write(lines.join('\n') + '\n');
  }
  return EXIT.ok;
}

async function explainCommand(id: string, format: 'text' | 'markdown'): Promise<number> {
  const [{ rules }, docs] = await Promise.all([import('../rules/index.js'), import('./docs.js')]);
  const rule = rules.find((r) => r.id === id);
  if (!rule) return usage(`unknown rule "${id}". mcplint rules lists them all.`);
  process.stdout.write(format === 'markdown' ? docs.ruleMarkdown(rule) : docs.ruleText(rule));
  return EXIT.ok;
}

function usage(message: string): number {
  process.stderr.write(`mcplint: ${message}\n`);
  return EXIT.usage;
}

/** Ctrl-C: kill every server we started, then leave with 130. */
async function onInterrupt(): Promise<void> {
  const { killAll } = await import('./connect/reaper.js');
  killAll();
  process.stderr.write('\nmcplint: interrupted; the server process tree was stopped.\n');
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

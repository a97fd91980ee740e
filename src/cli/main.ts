/**
 * The command line after `--version`: yargs with the commands lint (the default), plan, init,
 * rules, explain, mcp and lsp. Lint's and plan's flags come from the option table (src/cli/options.ts); the
 * everyday lint command line is read from the same table without loading yargs (fast-args.ts).
 * Resolves to the exit code; every failure becomes one line on stderr (a config file: one line per
 * problem), never a stack trace (except an internal error, which asks to be reported).
 */
import { VERSION } from '../shared/version.js';
import { EXIT, EXIT_CODES_HELP } from './exit-codes.js';
import { fastLintArgs } from './fast-args.js';
import { OWN_OPTIONS } from './command-words.js';
import { lintOptionsOf, readArgs, yargsOptions } from './option-table.js';
import { isRunnableWord } from './runnable-word.js';
import { checkTarget } from './target-checks.js';
import { explainUnknownArguments } from './unknown-arguments.js';
import { UsageError } from './usage-error.js';
import { checkPackageJsonForYargs } from './yargs-package-json.js';
import { inertBlock, inertLine } from '../shared/inert.js';

export interface RunOptions {
  /** false: always read the command line with yargs (tests compare the two readings). */
  readonly fastArgs?: boolean;
}

export async function run(argv: readonly string[], options: RunOptions = {}): Promise<number> {
  try {
    return await parse(argv, options.fastArgs !== false);
  } catch (error) {
    return failure(error);
  }
}

async function parse(argv: readonly string[], fastArgs: boolean): Promise<number> {
  const dashDash = argv.indexOf('--');
  const ownArgs = dashDash === -1 ? [...argv] : argv.slice(0, dashDash);
  const command = dashDash === -1 ? [] : argv.slice(dashDash + 1);

  // The everyday lint command line needs no yargs (src/cli/fast-args.ts): the server starts sooner.
  const fast = fastArgs ? fastLintArgs(ownArgs) : undefined;
  if (fast) {
    const { lintCommand } = await import('./lint-command.js');
    return lintCommand(readArgs(fast, 'lint'), command);
  }

  checkPackageJsonForYargs(process.cwd());
  const { default: yargs } = await import('yargs');
  let exitCode: number = EXIT.ok;
  const parser = yargs(ownArgs)
    .scriptName('mcplint')
    .usage(
      '$0 [options] -- <command> [args…]\n\nLint an MCP server: launch it, record everything it says, and judge it against the MCP specification and the agent-centric server guidelines.',
    )
    .parserConfiguration({ 'populate--': false, 'parse-numbers': false })
    .command(
      '$0',
      'Lint a server (the default command)',
      (y) =>
        y
          .options(yargsOptions('lint'))
          .example('$0 -- node dist/index.js', 'Lint a stdio server')
          .example('$0 --format sarif --output mcplint.sarif -- node dist/index.js', 'SARIF for GitHub code scanning')
          .example('$0 --save-capture cap.json -- npx -y @modelcontextprotocol/server-everything', 'Lint and keep the capture')
          .example('$0 --from cap.json --format json', 'Re-lint a saved capture offline')
          .example("$0 --url https://api.example.com/mcp --header 'Authorization: Bearer $TOKEN'", 'Lint a remote server')
          .example('$0 --config-file .mcp.json --jobs 4', 'Lint every server of a client config, four at a time')
          .example('$0 --rule tool-name-verb=off --max-warnings 0 -- python server.py', 'Tune rules, fail on any warning')
          .example(
            '$0 --format github --report sarif=mcplint.sarif --baseline mcplint.baseline.json',
            'CI: annotations, SARIF, only new findings fail',
          ),
      async (parsed) => {
        const { lintCommand } = await import('./lint-command.js');
        exitCode = await lintCommand(readArgs(parsed, 'lint'), command);
      },
    )
    .command(
      'plan',
      'Print every probe call mcplint would make (tool, arguments, why) and every tool it would not call, with why; calls no tool',
      (y) =>
        y
          .usage('$0 plan [options] -- <command> [args…]')
          .options(yargsOptions('plan'))
          .example('$0 plan -- node dist/index.js', 'What would mcplint call?')
          .example('$0 plan --format json -- npx -y @modelcontextprotocol/server-everything', 'The plan as JSON'),
      async (parsed) => {
        const args = readArgs(parsed, 'plan');
        checkTarget(args, command);
        const { planCommand } = await import('./plan-command.js');
        exitCode = await planCommand({ command, ...lintOptionsOf(args, 'plan') }, args.format === 'json' ? 'json' : 'text');
      },
    )
    .command(
      'merge <reports..>',
      'Combine JSON reports (mcplint --format json, e.g. one per --shard) into one report, in any format, with the same exit decision',
      (y) =>
        y
          .positional('reports', { type: 'string', array: true, demandOption: true, describe: 'JSON reports to merge' })
          .options(yargsOptions('merge'))
          .example('$0 merge shard-*.json --format sarif --output mcplint.sarif', 'One SARIF file from every shard'),
      async (parsed) => {
        const { mergeCommand } = await import('./merge-command.js');
        exitCode = await mergeCommand((parsed.reports as string[] | undefined) ?? [], readArgs(parsed, 'merge'));
      },
    )
    .command(
      'init',
      'Write mcplint.config.json for the server in this project',
      (y) => y.options(OWN_OPTIONS.init),
      async (args) => {
        const { runInit } = await import('../commands/init.js');
        const outcome = runInit(process.cwd(), { force: args.force === true });
        // Command lines come from package.json, pyproject.toml or a client config: shown inert.
        (outcome.code === 0 ? process.stdout : process.stderr).write(inertBlock(outcome.message));
        exitCode = outcome.code;
      },
    )
    .command(
      'rules',
      'List every rule with its category, default level and summary',
      (y) => y.options(OWN_OPTIONS.rules).example('$0 rules --search description restates name', 'Does a rule already check this?'),
      async (args) => {
        const { rulesCommand } = await import('./rules-commands.js');
        exitCode = await rulesCommand(args.format, args.search);
      },
    )
    .command(
      'explain <rule>',
      "Print a rule's documentation",
      (y) => y.positional('rule', { type: 'string', demandOption: true }).options(OWN_OPTIONS.explain),
      async (args) => {
        const { explainCommand } = await import('./rules-commands.js');
        exitCode = await explainCommand(args.rule, args.format);
      },
    )
    .command(
      'mcp',
      'Run mcplint as an MCP server on stdio, for coding agents: tools to lint a server, fix it, plan its probes, explain and list rules (docs/mcp-mode.md)',
      (y) =>
        y
          .options(OWN_OPTIONS.mcp)
          .example(
            `claude mcp add mcplint -- npx -y mcplint@${VERSION} mcp`,
            'Give Claude Code the mcplint tools (pinned, as config-npx-unpinned asks)',
          ),
      async () => {
        const { serveMcp } = await import('../commands/mcp/server.js');
        await serveMcp();
        // The client is gone: stop any server a cancelled lint left starting, and do not wait for stray handles.
        const { killAll } = await import('../connect/reaper.js');
        killAll();
        setTimeout(() => process.exit(EXIT.ok), MCP_EXIT_GRACE_MS).unref();
        exitCode = EXIT.ok;
      },
    )
    .command(
      'lsp',
      "Run mcplint as a language server on stdio: the workspace's MCP server linted on open and save, findings as diagnostics, fixes as quick fixes (docs/lsp.md)",
      (y) => y.options(OWN_OPTIONS.lsp),
      async () => {
        const { serveLsp } = await import('../commands/lsp/server.js');
        await serveLsp();
        setTimeout(() => process.exit(EXIT.ok), MCP_EXIT_GRACE_MS).unref();
        exitCode = EXIT.ok;
      },
    )
    .strict()
    .version(VERSION)
    .alias('version', 'v')
    .help()
    .alias('help', 'h')
    .wrap(Math.min(110, process.stdout.columns || 100))
    .epilogue(`${EXIT_CODES_HELP}\nDocs: https://github.com/mcplint/mcplint#readme`)
    .fail((yargsMessage, error) => {
      // yargs' own validation errors (YError) are usage mistakes too; anything else is a real failure.
      if (error && error.name !== 'YError') throw error;
      // yargs puts details on indented lines; one line keeps the message readable once made inert.
      const message = (yargsMessage || error?.message || 'invalid arguments').replace(/:?[ \t]*\n\s*/g, ': ');
      const explained = explainUnknownArguments(message, ownArgs, (word) => isRunnableWord(word, process.cwd()));
      process.stderr.write(`mcplint: ${inertLine(explained ?? `${message}; mcplint --help shows the usage`)}\n`);
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

async function failure(error: unknown): Promise<number> {
  const { ConfigError } = await import('../config/config.js');
  if (error instanceof UsageError || error instanceof ConfigError) {
    // Config errors quote config values and server names: shown inert, never acted on by the terminal.
    const problems = error instanceof ConfigError ? error.problems : [error.message];
    process.stderr.write(problems.map((problem) => `mcplint: ${inertLine(problem)}\n`).join(''));
  } else {
    const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
    process.stderr.write(`mcplint: internal error — please report it with this output:\n${message}\n`);
    await stopServers();
  }
  return EXIT.usage;
}

/**
 * After an internal error a live run may still have servers (and their pipes, timers, sockets) in
 * flight, which would keep mcplint waiting forever: kill every server process tree it started,
 * and exit 2 shortly after in case anything else still holds the event loop.
 */
async function stopServers(): Promise<void> {
  const { killAll } = await import('../connect/reaper.js');
  killAll();
  setTimeout(() => process.exit(EXIT.usage), INTERNAL_ERROR_EXIT_MS).unref();
}

/** How long `mcplint mcp` may take to end after its client left before it exits regardless. */
const MCP_EXIT_GRACE_MS = 1000;

/** How long output may take to drain after an internal error before mcplint exits regardless. */
const INTERNAL_ERROR_EXIT_MS = 2000;

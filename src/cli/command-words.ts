/**
 * The words that name mcplint's commands (lint, the default, is named by none) and the flags each
 * command takes: lint's, plan's and merge's from the option table (src/cli/options.ts), init's,
 * rules', explain's, mcp's and lsp's here (main.ts registers them from here). Read for "did you mean" on an
 * unknown command or flag (src/cli/unknown-arguments.ts).
 */
import type { Options } from 'yargs';
import { optionNames } from './option-table.js';

export const COMMAND_WORDS = ['plan', 'merge', 'init', 'rules', 'explain', 'mcp', 'lsp'] as const;
export type CommandWord = (typeof COMMAND_WORDS)[number];

/** The flags of the commands the option table does not cover. */
export const OWN_OPTIONS = {
  init: { force: { type: 'boolean', describe: 'Overwrite an existing mcplint.config.json' } },
  rules: {
    format: { choices: ['text', 'json', 'markdown'], default: 'text' },
    search: {
      type: 'string',
      array: true,
      describe: 'Only the rules whose id, summary, messages or document have these words, best match first',
    },
  },
  explain: { format: { choices: ['text', 'markdown', 'json'], default: 'text' } },
  // `mcplint mcp` takes no flag: its clients pass everything as tool arguments.
  mcp: {},
  // Editors' LSP clients pass --stdio; stdio is the only transport.
  lsp: { stdio: { type: 'boolean', describe: 'Speak LSP on stdin and stdout (the default and only transport)' } },
} as const satisfies Record<Exclude<CommandWord, 'plan' | 'merge'>, Record<string, Options>>;

/** What yargs adds to every command. */
const EVERY_COMMAND = ['help', 'version'];

/** The long flags a command takes, as typed without their dashes. */
export function commandFlags(command: CommandWord | 'lint'): string[] {
  const own = command === 'lint' || command === 'plan' || command === 'merge' ? optionNames(command) : Object.keys(OWN_OPTIONS[command]);
  return [...own, ...EVERY_COMMAND];
}

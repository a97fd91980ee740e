/**
 * The `review_server` prompt: walks an agent through linting the server it is building and fixing
 * the most important findings first, with mcplint's own tools.
 */
import { splitCommand } from '../../shared/command-line.js';

export const REVIEW_PROMPT = {
  name: 'review_server',
  title: 'Review an MCP Server',
  description:
    'Lint an MCP server with mcplint and fix its most important findings first, one rule at a time, linting again after each fix.',
  arguments: [
    {
      name: 'command',
      description: 'How to start the server, as one command line, e.g. "node dist/index.js" (or a URL such as http://localhost:3000/mcp).',
      required: true,
    },
    { name: 'cwd', description: "The server's project folder (default: the current one).", required: false },
  ],
} as const;

/** The command line's words, quotes honoured as a shell would; an unterminated quote falls back to words between spaces. */
function commandWords(line: string): string[] {
  try {
    return splitCommand(line);
  } catch {
    return line.split(/\s+/).filter(Boolean);
  }
}

export function reviewPromptText(args: Readonly<Record<string, string | undefined>>): string {
  const target = (args.command ?? '').trim();
  const isUrl = /^https?:\/\//.test(target);
  const words = commandWords(target);
  const call = isUrl ? { url: target } : { command: words[0] ?? 'node', args: words.slice(1), ...(args.cwd ? { cwd: args.cwd } : {}) };
  return [
    `Review the MCP server started by \`${target}\` with mcplint, and fix what it finds.`,
    '',
    `1. Call mcplint_lint_server with ${JSON.stringify(call)}. Note the score and grade.`,
    '2. Take the findings in this order: errors first, then warnings, then notes; within a level, the rule that has the most findings first (one fix often clears several).',
    "3. For each rule_id, call mcplint_explain_rule to learn why it matters and what the good form looks like; then fix the code at the finding's location.",
    '4. Rebuild the server if it needs building, and call mcplint_lint_server again with the same arguments: the answer says which findings were fixed, which are new, and the score before and after.',
    '5. Repeat until no error is left and the score stops rising. Do not silence a rule (rules: ["id=off"]) unless it is wrong for this server; say why if you do.',
    '6. Summarize what you changed, the score before and after, and any finding you left, with the reason.',
    '',
    'Before linting a server whose tools may change data, mcplint_plan_probes shows every call the lint would make.',
  ].join('\n');
}

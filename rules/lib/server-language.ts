/**
 * The language a stdio server is written in, as far as its command line says (nothing is read or
 * run): advice that names a library (zod, Pydantic) names the one the server can use.
 */
import type { TargetDescription } from '../../src/model/capture.js';

export type ServerLanguage = 'python' | 'javascript' | 'unknown';

const PYTHON_COMMANDS = /^(?:python(?:\d+(?:\.\d+)?)?|uv|uvx|pipx|poetry|pdm|hatch|fastmcp)(?:\.exe)?$/;
const NODE_COMMANDS = /^(?:node|nodejs|npx|bun|bunx|deno|tsx|ts-node|pnpm|yarn)(?:\.exe|\.cmd)?$/;

export function serverLanguage(target: TargetDescription): ServerLanguage {
  if (target.kind !== 'stdio') return 'unknown';
  const command = target.command.split(/[\\/]/).pop() ?? '';
  if (PYTHON_COMMANDS.test(command) || target.args.some((a) => /\.py$/.test(a))) return 'python';
  if (NODE_COMMANDS.test(command) || target.args.some((a) => /\.[cm]?[jt]sx?$/.test(a))) return 'javascript';
  return 'unknown';
}

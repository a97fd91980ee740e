/** The shell commands a Markdown document shows: its fenced blocks, their lines, and the words of each. */

export interface DocCommand {
  readonly line: string;
  readonly comment: string;
}

/** The fenced blocks of a language, in order. */
export function blocks(text: string, language: string): string[] {
  return [...text.matchAll(new RegExp(`^\`\`\`${language}\\n([\\s\\S]*?)^\`\`\`$`, 'gm'))].map((m) => m[1]!);
}

/** The commands of a sh block: continuation lines joined, the trailing `# comment` apart. */
export function commands(block: string): DocCommand[] {
  return block
    .replace(/\\\n\s*/g, '')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const m = /^(.*?)(?:\s+#\s(.*))?$/.exec(line.trim())!;
      return { line: m[1]!.trim(), comment: m[2] ?? '' };
    });
}

/** Shell words: quotes and backslashes as sh reads them; no expansion (a documented command needs none). */
export function words(line: string): string[] {
  if (/[$`]/.test(line)) throw new Error(`${line}: expands variables; list it as not run or spell the value out`);
  const out: string[] = [];
  for (const [, single, double, bare] of line.matchAll(/'([^']*)'|"((?:[^"\\]|\\.)*)"|((?:[^\s'"\\]|\\.)+)/g)) {
    out.push(single ?? double?.replace(/\\(.)/g, '$1') ?? bare!.replace(/\\(.)/g, '$1'));
  }
  return out;
}

/** The exit code a command's comment states ("exits N"), else 0. */
export function statedExit(command: DocCommand): number {
  return Number(/\bexits (\d+)/.exec(command.comment)?.[1] ?? 0);
}

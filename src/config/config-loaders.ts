/**
 * cosmiconfig's loaders, replaced where their errors lose what matters: its JSON and YAML errors
 * put the reason on a second line (which a one-line error drops), and its JS loader, after a
 * failed import(), retries with require() and reports that failure instead ("race condition").
 * Every error here is a ConfigError of one line: file:line:column: what the parser said.
 */
import { spawnSync } from 'node:child_process';
import { basename, dirname, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Loaders } from 'cosmiconfig';
import { ConfigError } from '../shared/errors.js';
import { describeJsonSyntax } from '../shared/json-position.js';
import { checkBoundedFile } from '../shared/read-bounded.js';

type Loader = Loaders[string];

/** `defaults`: cosmiconfig's own loaders (YAML and TypeScript are still theirs, with better errors). */
export function configLoaders(cwd: string, defaults: Loaders): Loaders {
  const shown = (filepath: string): string => relative(cwd, filepath) || filepath;
  const json: Loader = (filepath, content) => {
    try {
      return JSON.parse(content);
    } catch (error) {
      throw new ConfigError(describeJsonSyntax(shown(filepath), content, error));
    }
  };
  const yaml: Loader = (filepath, content) => {
    try {
      return defaults['.yaml']!(filepath, content);
    } catch (error) {
      throw new ConfigError(describeYamlError(shown(filepath), error));
    }
  };
  const js: Loader = async (filepath) => {
    try {
      const loaded = (await import(pathToFileURL(filepath).href)) as { default?: unknown };
      return loaded.default;
    } catch (error) {
      throw new ConfigError(describeModuleError(filepath, shown(filepath), error));
    }
  };
  const ts: Loader = async (filepath, content) => {
    const syntax = await typeScriptSyntaxError(content);
    if (syntax) throw new ConfigError(`${shown(filepath)}:${syntax.line}:${syntax.column}: SyntaxError: ${syntax.message}`);
    try {
      return await defaults['.ts']!(filepath, content);
    } catch (error) {
      // The failing file is cosmiconfig's compiled copy: only the error itself helps.
      throw new ConfigError(`${shown(filepath)}: ${firstLine(errorLine(error).replace(/^TypeScript Error in [^\n]*\n/, ''))}`);
    }
  };
  const loaders = { ...defaults, '.json': json, '.yaml': yaml, '.yml': yaml, noExt: yaml, '.js': js, '.mjs': js, '.cjs': js, '.ts': ts };
  return Object.fromEntries(Object.entries(loaders).map(([ext, loader]) => [ext, checkingImports(loader, shown)]));
}

/**
 * cosmiconfig reads the files a config names in `$import` itself, unbounded: each is checked
 * (src/shared/read-bounded.ts) once the config that names it is loaded, before cosmiconfig reads it.
 */
function checkingImports(loader: Loader, shown: (filepath: string) => string): Loader {
  return async (filepath, content) => {
    const loaded: unknown = await loader(filepath, content);
    const own = basename(filepath).startsWith('package.') ? (loaded as Record<string, unknown> | null)?.mcplint : loaded;
    const imports = own !== null && typeof own === 'object' && Object.hasOwn(own, '$import') ? (own as { $import: unknown }).$import : [];
    for (const name of Array.isArray(imports) ? imports : [imports]) {
      if (typeof name !== 'string') continue;
      const path = resolve(dirname(filepath), name);
      try {
        checkBoundedFile(path, 'config', shown(path));
      } catch (error) {
        if (error instanceof ConfigError) throw error; // a missing import: cosmiconfig says so
      }
    }
    return loaded;
  };
}

/** js-yaml's error carries a 0-based mark and the bare reason; cosmiconfig put the file name in front of its message. */
function describeYamlError(file: string, error: unknown): string {
  const e = error as { mark?: { line?: number; column?: number }; reason?: string };
  const at = typeof e.mark?.line === 'number' ? `:${e.mark.line + 1}:${(e.mark.column ?? 0) + 1}` : '';
  const reason = e.reason ?? firstLine(errorLine(error).replace(/^YAML Error in [^\n]*\n/, ''));
  return `${file}${at}: not valid YAML: ${reason}`;
}

/**
 * A config module that would not load. A SyntaxError from import() of an ES module names no
 * place (Node 20), so `node --check` (which parses, never runs) says where; any other error's
 * place is the first frame of its stack in the config file.
 */
function describeModuleError(filepath: string, file: string, error: unknown): string {
  const kind = error instanceof Error ? error.name : 'Error';
  const message = error instanceof Error ? error.message.split('\n')[0]! : String(error);
  if (error instanceof SyntaxError) {
    const checked = checkSyntax(filepath);
    if (checked) return `${file}:${checked.line}:${checked.column}: ${checked.kind}: ${checked.message}`;
  }
  const at = error instanceof Error ? frameIn(error.stack ?? '', filepath) : undefined;
  return `${file}${at ? `:${at.line}:${at.column}` : ''}: ${kind}: ${message}`;
}

interface SyntaxPlace {
  readonly line: number;
  readonly column: number;
  readonly kind: string;
  readonly message: string;
}

/** How long `node --check` may take on a config file before mcplint gives up on its place. */
const CHECK_TIMEOUT_MS = 10_000;

/** `node --check FILE` prints "FILE:LINE", the source line, a caret under the column, then "SyntaxError: …". */
function checkSyntax(filepath: string): SyntaxPlace | undefined {
  const result = spawnSync(process.execPath, ['--check', filepath], {
    encoding: 'utf8',
    stdio: ['ignore', 'ignore', 'pipe'],
    timeout: CHECK_TIMEOUT_MS,
    maxBuffer: 64 * 1024,
  });
  const lines = (result.stderr ?? '').split('\n');
  const head = /:(\d+)$/.exec(lines[0] ?? '');
  const caret = lines[2]?.indexOf('^') ?? -1;
  const said = lines.map((l) => /^(\w*Error): (.*)$/.exec(l)).find((m) => m !== null);
  if (!head || !said) return undefined;
  return { line: Number(head[1]), column: caret >= 0 ? caret + 1 : 1, kind: said[1]!, message: said[2]! };
}

/** The first stack frame in `filepath` (as a file: URL or a path), if any. */
function frameIn(stack: string, filepath: string): { line: number; column: number } | undefined {
  for (const name of [pathToFileURL(filepath).href, filepath]) {
    const at = stack.indexOf(`${name}:`);
    if (at === -1) continue;
    const m = /^:(\d+)(?::(\d+))?/.exec(stack.slice(at + name.length));
    if (m) return { line: Number(m[1]), column: Number(m[2] ?? 1) };
  }
  return undefined;
}

/** The TypeScript parser's first syntax error in a .ts config, if any (its transpiler would compile it anyway). */
async function typeScriptSyntaxError(content: string): Promise<{ line: number; column: number; message: string } | undefined> {
  // The `typescript` package cosmiconfig's own .ts loader requires next (one compiler, not two);
  // ts-morph's bundled copy only when that package is not installed.
  const ts = await import('typescript').then((m) => m.default ?? m).catch(async () => (await import('ts-morph')).ts);
  const output = ts.transpileModule(content, { reportDiagnostics: true, fileName: 'config.ts' });
  const first = output.diagnostics?.find((d) => d.start !== undefined && d.file);
  if (!first?.file || first.start === undefined) return undefined;
  const { line, character } = first.file.getLineAndCharacterOfPosition(first.start);
  return { line: line + 1, column: character + 1, message: ts.flattenDiagnosticMessageText(first.messageText, ' ') };
}

function errorLine(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

const firstLine = (text: string): string => text.split('\n')[0]!;

/**
 * Client config files as targets (`--config-file FILE [--server NAME]`): Claude Desktop, Claude
 * Code `.mcp.json`, Cursor, VS Code (`servers`, `inputs`, `type`), Gemini CLI `settings.json`
 * (`url` = SSE, `httpUrl` = Streamable HTTP, `timeout`, `includeTools`/`excludeTools`, `trust`),
 * Windsurf (`serverUrl`). Comments and trailing commas (JSONC) are accepted.
 *
 * Variables are expanded from mcplint's own environment the way clients do: `${VAR}`,
 * `${VAR:-default}`, `${env:VAR}`, `$VAR`, plus `${workspaceFolder}` and `${userHome}`. A missing
 * variable or a VS Code `${input:…}` prompt makes that server unresolvable, with the reason; the
 * caller decides whether that is an error (the server was asked for) or a skip. The expanded text
 * of a file is capped (MAX_EXPANDED_CHARS): past it, loading stops with a ConfigError naming the
 * variable.
 *
 * Each server also yields a ClientConfigRecord for the capture: the entry with every value that
 * could be a secret replaced, and the shape of each such value (literal or reference, does it look
 * like a token) — what the config rules need, without the secret.
 */
import { homedir } from 'node:os';
import { basename, dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import type { ClientConfigRecord, ClientFormat, ConfigValue } from '../model/capture.js';
import { CLIENT_FORMATS, detectFormat } from '../model/client-formats.js';
import { ConfigError } from '../shared/errors.js';
import { isObject } from '../shared/json.js';
import { setOwn } from '../shared/json-walk.js';
import { describeJsonSyntax } from '../shared/json-position.js';
import { readBoundedText } from '../shared/read-bounded.js';
import { SECRET_NAME } from '../shared/secret-names.js';
import { REDACTED } from '../model/redact.js';
import { findSecrets, replaceSecrets } from '../shared/secret-patterns.js';
import type { ResolvedTarget } from './capture-target.js';
import type { HttpTransportChoice } from './http.js';
import { shortName } from '../shared/text.js';

export interface ClientServer {
  readonly name: string;
  /** 1-based line of the entry in the file. */
  readonly line: number;
  readonly record: ClientConfigRecord;
  /** What to launch or connect to; absent when the entry cannot be resolved (see `problem`). */
  readonly target?: ResolvedTarget;
  /** Why it cannot be linted (missing variable, prompt input, disabled, no command or URL). */
  readonly problem?: string;
}

export interface ClientConfig {
  /** The path as given. */
  readonly file: string;
  readonly format: ClientFormat;
  readonly servers: readonly ClientServer[];
}

/**
 * The most text the variables of one client config may expand to, all its servers together:
 * four times the file cap, room for any config a client runs, while a large variable referenced
 * thousands of times (gigabytes once expanded) stops before it is built.
 */
export const MAX_EXPANDED_CHARS = 16 * 1024 * 1024;

export interface LoadOptions {
  readonly cwd: string;
  /** Variables to expand (default: process.env). */
  readonly env?: Readonly<Record<string, string | undefined>>;
}

/** Read and resolve a client config file. Throws ConfigError when it is not one. */
export function loadClientConfig(file: string, options: LoadOptions): ClientConfig {
  const path = resolve(options.cwd, file);
  let text: string;
  try {
    text = readBoundedText(path, 'client config', `--config-file ${file}`);
  } catch (error) {
    if (error instanceof ConfigError) throw error;
    throw new ConfigError(`--config-file ${file}: cannot read the file (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
  }
  let doc: unknown;
  // Comments and trailing commas become spaces, so a parse error's position is the file's own.
  const json = stripJsonc(text);
  try {
    doc = JSON.parse(json);
  } catch (error) {
    throw new ConfigError(describeJsonSyntax(`--config-file ${file}`, json, error));
  }
  if (!isObject(doc)) throw new ConfigError(`--config-file ${file}: the file must hold a JSON object`);
  const format = detectFormat(path, doc);
  const info = CLIENT_FORMATS[format];
  const serversKey = isObject(doc.mcpServers) ? 'mcpServers' : isObject(doc.servers) ? 'servers' : undefined;
  if (!serversKey)
    throw new ConfigError(`--config-file ${file}: no "${info.serversKey}" object, so no MCP servers to lint (${info.label})`);
  const servers = doc[serversKey] as Record<string, unknown>;
  const shown = displayPath(path, options.cwd);
  const context: ExpandContext = {
    env: options.env ?? process.env,
    workspaceFolder: workspaceFolderOf(path),
    budget: { left: MAX_EXPANDED_CHARS },
    file,
  };
  const { lineOf } = serverLines(json, json.indexOf(JSON.stringify(serversKey)));
  const out: ClientServer[] = [];
  for (const [key, entry] of Object.entries(servers)) {
    const line = lineOf(key);
    // The name every output shows and --server takes: a 100 KB key is shortened (src/shared/text.ts).
    const name = shortName(key);
    if (!isObject(entry)) {
      out.push({ name, line, record: minimalRecord(shown, format, name, line), problem: `the entry "${name}" is not an object` });
      continue;
    }
    out.push(resolveServer(entry, { name, line, file: shown, absolute: path, format, context }));
  }
  return { file: shown, format, servers: out };
}

interface ServerContext {
  readonly name: string;
  readonly line: number;
  readonly file: string;
  readonly absolute: string;
  readonly format: ClientFormat;
  readonly context: ExpandContext;
}

interface ExpandContext {
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly workspaceFolder: string;
  /** Characters of expanded text the rest of the file may still make (MAX_EXPANDED_CHARS in all). */
  readonly budget: { left: number };
  /** The file as given, for the message when the budget runs out. */
  readonly file: string;
}

function resolveServer(entry: Record<string, unknown>, s: ServerContext): ClientServer {
  const problems: string[] = [];
  const values: Record<string, ConfigValue> = {};
  const secrets: string[] = [];

  const expandAt = (pointer: string, raw: string, secretName?: string): string => {
    const result = expand(raw, s.context, `server ${JSON.stringify(s.name)} ${pointer.slice(1)}`);
    values[pointer] = classify(raw, result, pointer, secretName);
    if (values[pointer]!.secret) secrets.push(result.text);
    for (const missing of result.missing)
      problems.push(`${pointer.slice(1)} uses \${${missing}}, but ${missing} is not set in mcplint's environment`);
    for (const input of result.inputs) {
      problems.push(
        `${pointer.slice(1)} uses \${input:${input}}, a value VS Code asks the user for; mcplint cannot prompt — lint the server directly (-- command, or --url with --header)`,
      );
    }
    for (const [variable, value] of result.used)
      if (value.length >= 4 && (secretName !== undefined || SECRET_NAME.test(variable))) secrets.push(value);
    return result.text;
  };

  const type = typeof entry.type === 'string' ? entry.type : undefined;
  const urlKey = (['httpUrl', 'serverUrl', 'url'] as const).find((k) => typeof entry[k] === 'string');
  const hasCommand = typeof entry.command === 'string' && entry.command !== '';
  const transport: 'stdio' | 'http' | 'sse' =
    hasCommand && (type === undefined || type === 'stdio')
      ? 'stdio'
      : urlKey === undefined
        ? 'stdio'
        : type === 'sse' || (s.format === 'gemini' && urlKey === 'url')
          ? 'sse'
          : 'http';

  const env: Record<string, string> = {};
  if (isObject(entry.env)) {
    for (const [key, value] of Object.entries(entry.env)) {
      if (typeof value !== 'string') continue;
      const expanded = expandAt(`/env/${escapePointer(key)}`, value, key);
      setOwn(env, key, expanded); // a variable named __proto__ is passed on too
      if (expanded.length > 0) secrets.push(expanded);
    }
  }
  const headers: Record<string, string> = {};
  if (isObject(entry.headers)) {
    for (const [key, value] of Object.entries(entry.headers)) {
      if (typeof value !== 'string') continue;
      const expanded = expandAt(`/headers/${escapePointer(key)}`, value, key);
      setOwn(headers, key, expanded);
      if (expanded.length > 0) secrets.push(expanded);
    }
  }
  const args: string[] = [];
  if (Array.isArray(entry.args))
    entry.args.forEach((arg, i) => args.push(expandAt(`/args/${i}`, String(arg), secretFlagBefore(entry.args as unknown[], i))));
  const command = hasCommand ? expandAt('/command', entry.command as string) : undefined;
  const url = urlKey ? expandAt(`/${urlKey}`, entry[urlKey] as string) : undefined;
  const cwdRaw = typeof entry.cwd === 'string' ? expandAt('/cwd', entry.cwd) : undefined;
  if (typeof entry.envFile === 'string') {
    const envFile = resolve(dirname(s.absolute), expand(entry.envFile, s.context, `server ${JSON.stringify(s.name)} envFile`).text);
    for (const [key, value] of Object.entries(readEnvFile(envFile, problems))) {
      if (!Object.hasOwn(env, key)) {
        setOwn(env, key, value);
        secrets.push(value);
      }
    }
  }

  const includeTools = stringList(entry.includeTools);
  const excludeTools = stringList(entry.excludeTools) ?? (s.format === 'windsurf' ? stringList(entry.disabledTools) : undefined);
  const record: ClientConfigRecord = {
    file: s.file,
    format: s.format,
    serverName: s.name,
    line: s.line,
    keys: Object.keys(entry),
    transport,
    entry: redactEntry(entry, values),
    values,
    ...(includeTools ? { includeTools } : {}),
    ...(excludeTools ? { excludeTools } : {}),
  };

  if (entry.disabled === true) problems.unshift('it is disabled in the config ("disabled": true)');
  if (!hasCommand && urlKey && !url) problems.unshift(`${urlKey} is empty once variables are expanded`);
  else if (!hasCommand && !url) problems.unshift('it has neither a command nor a URL');
  if (hasCommand && type !== undefined && type !== 'stdio') problems.push(`"type": "${type}" with a command: mcplint launched the command`);
  const blocking = problems.filter((p) => !p.startsWith('"type"'));
  const declaredIn = { file: s.absolute, line: s.line, serverName: s.name };
  const timeoutMs = typeof entry.timeout === 'number' && entry.timeout > 0 ? entry.timeout : undefined;
  if (blocking.length > 0) return { name: s.name, line: s.line, record, problem: blocking.join('; ') };

  let target: ResolvedTarget;
  if (transport === 'stdio') {
    target = {
      command: command!,
      args,
      // Relative paths in a config are resolved from the config file's directory.
      cwd: cwdRaw ? resolve(dirname(s.absolute), cwdRaw) : dirname(s.absolute),
      ...(Object.keys(env).length > 0 ? { env } : {}),
      declaredIn,
      clientConfig: record,
      ...(timeoutMs ? { timeoutMs } : {}),
      secrets: [...new Set(secrets)],
    };
  } else {
    const choice: HttpTransportChoice = transport === 'sse' ? 'sse' : 'auto';
    target = {
      kind: 'http',
      url: url!,
      ...(Object.keys(headers).length > 0 ? { headers } : {}),
      transport: choice,
      declaredIn,
      clientConfig: record,
      ...(timeoutMs ? { timeoutMs } : {}),
      secrets: [...new Set(secrets)],
    };
  }
  return { name: s.name, line: s.line, record, target };
}

/** Command-line flags whose next argument is a credential. */
const SECRET_FLAG = { test: (arg: string): boolean => /^--?[A-Za-z][A-Za-z0-9-]*$/.test(arg) && SECRET_NAME.test(arg) };
/** Values that are placeholders, not secrets. */
const PLACEHOLDER =
  /^(?:<[^>]*>|\[[^\]]*\]|\{[^}]*\}|your[-_ ].*|.*YOUR_.*|x{3,}|\*{3,}|\.{3}|…|changeme|example|todo|tbd|none|null|true|false|\d{1,6})$/i;

function secretFlagBefore(args: readonly unknown[], i: number): string | undefined {
  const previous = i > 0 ? args[i - 1] : undefined;
  if (typeof previous === 'string' && SECRET_FLAG.test(previous)) return previous;
  const own = args[i];
  if (typeof own === 'string') {
    const m = /^(--?[A-Za-z-]+)=/.exec(own);
    if (m && SECRET_FLAG.test(m[1]!)) return m[1];
  }
  return undefined;
}

interface Expansion {
  readonly text: string;
  /** Variables referenced, in order (input:… for VS Code inputs). */
  readonly references: readonly string[];
  /** The text outside references. */
  readonly literal: string;
  readonly missing: readonly string[];
  readonly inputs: readonly string[];
  /** Environment variables used, with their values. */
  readonly used: ReadonlyMap<string, string>;
}

const REFERENCE =
  /\$\{(workspaceFolder|workspaceFolderBasename|userHome|pathSeparator)\}|\$\{input:([^}]+)\}|\$\{(?:env:)?([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}|\$([A-Za-z_][A-Za-z0-9_]*)/g;

/** `where`: the value expanded, as the budget's message names it (`server "x" args/3`). */
function expand(raw: string, context: ExpandContext, where: string): Expansion {
  const references: string[] = [];
  const missing: string[] = [];
  const inputs: string[] = [];
  const used = new Map<string, string>();
  let literal = '';
  let at = 0;
  // Counted before the text is built: String.replace joins the pieces only once every reference is expanded.
  const spend = (chars: number, variable: string): void => {
    context.budget.left -= chars;
    if (context.budget.left < 0) {
      throw new ConfigError(
        `--config-file ${context.file}: ${where} expands \${${variable}} past ${MAX_EXPANDED_CHARS / (1024 * 1024)} MiB of expanded text for the whole file (a large variable, or one referenced too often); no server was started`,
      );
    }
  };
  // The literal text is the file's own, bounded by the file cap: only variables can blow up.
  context.budget.left -= raw.length;
  const text = raw.replace(
    REFERENCE,
    (
      whole,
      builtin: string | undefined,
      input: string | undefined,
      name: string | undefined,
      fallback: string | undefined,
      bare: string | undefined,
      offset: number,
    ) => {
      literal += raw.slice(at, offset);
      at = offset + whole.length;
      if (input !== undefined) {
        references.push(`input:${input}`);
        inputs.push(input);
        return whole;
      }
      if (builtin !== undefined) {
        references.push(builtin);
        if (builtin === 'workspaceFolder') return context.workspaceFolder;
        if (builtin === 'workspaceFolderBasename') return basename(context.workspaceFolder);
        if (builtin === 'userHome') return homedir();
        return sep;
      }
      const variable = (name ?? bare)!;
      references.push(variable);
      const value = context.env[variable];
      if (value !== undefined) {
        spend(value.length, variable);
        used.set(variable, value);
        return value;
      }
      if (fallback !== undefined) return fallback;
      missing.push(variable);
      return whole;
    },
  );
  literal += raw.slice(at);
  return { text, references, literal, missing: [...new Set(missing)], inputs: [...new Set(inputs)], used };
}

/** The shape of a value, with the value itself only when it holds no literal secret. */
function classify(raw: string, expansion: Expansion, pointer: string, secretName: string | undefined): ConfigValue {
  const literal = expansion.literal;
  const trimmed = literal.trim();
  const isEnvOrHeader = pointer.startsWith('/env/') || pointer.startsWith('/headers/');
  let secret: string | undefined;
  const found = findSecrets(literal)[0];
  if (found) secret = found.kind.label;
  else if (secretName !== undefined && SECRET_FLAG.test(secretName) && trimmed.length >= 8 && !PLACEHOLDER.test(trimmed)) {
    secret = `literal value after ${secretName}`;
  } else if (
    secretName !== undefined &&
    SECRET_NAME.test(secretName) &&
    trimmed.length >= 8 &&
    !/\s/.test(trimmed) &&
    !PLACEHOLDER.test(trimmed) &&
    !looksLikeLocation(trimmed) &&
    !isSchemePrefix(trimmed)
  ) {
    secret = `literal value of ${secretName}`;
  } else if (isRandomLooking(trimmed)) secret = 'long random-looking string';
  // Env and header values are replaced unless they are references (plus at most an auth scheme like "Bearer ").
  const keep = isEnvOrHeader ? secret === undefined && (trimmed === '' || isSchemePrefix(trimmed)) : secret === undefined;
  return {
    text: keep ? raw : isEnvOrHeader || secret !== undefined ? redactLiteral(raw, expansion) : raw,
    references: expansion.references,
    literalLength: literal.length,
    ...(secret ? { secret } : {}),
  };
}

/** Keep the references, replace the literal text: "Bearer ${TOKEN}" stays, "sk-…" becomes "[redacted]". */
function redactLiteral(raw: string, expansion: Expansion): string {
  if (expansion.references.length === 0) return REDACTED;
  let out = '';
  let at = 0;
  for (const m of raw.matchAll(REFERENCE)) {
    if (m.index > at) out += isSchemePrefix(raw.slice(at, m.index).trim()) ? raw.slice(at, m.index) : REDACTED;
    out += m[0];
    at = m.index + m[0].length;
  }
  if (at < raw.length) out += REDACTED;
  return out;
}

const isSchemePrefix = (text: string): boolean => /^(?:bearer|basic|token|bot|apikey)$/i.test(text);
const looksLikeLocation = (text: string): boolean =>
  /^(?:[a-z][a-z0-9+.-]*:\/\/|[./~]|[A-Za-z]:\\)/i.test(text) && !/:[^/@\s]+@/.test(text);

/** A long token-like string: no spaces, mixed character classes, high entropy, not a path or URL. */
function isRandomLooking(text: string): boolean {
  if (text.length < 24 || /\s/.test(text) || looksLikeLocation(text) || PLACEHOLDER.test(text)) return false;
  if (/^[a-z]+(?:[-_.][a-z0-9]+)*$/.test(text)) return false; // words-and-dashes identifiers
  if (/^@?[\w.-]+\/[\w.-]+(?:@[\w.^~<>=-]+)?$/.test(text)) return false; // package names
  const classes = [/[a-z]/, /[A-Z]/, /[0-9]/].filter((r) => r.test(text)).length;
  if (classes < 2) return false;
  return entropy(text) >= 3.5;
}

function entropy(text: string): number {
  const counts = new Map<string, number>();
  for (const c of text) counts.set(c, (counts.get(c) ?? 0) + 1);
  let bits = 0;
  for (const n of counts.values()) {
    const p = n / text.length;
    bits -= p * Math.log2(p);
  }
  return bits;
}

function redactEntry(entry: Record<string, unknown>, values: Readonly<Record<string, ConfigValue>>): Record<string, unknown> {
  const copy = JSON.parse(replaceSecrets(JSON.stringify(entry))) as Record<string, unknown>;
  // Anything else under a credential-like key (e.g. Gemini "oauth": { "clientSecret": … }) goes too.
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (isObject(node)) {
      for (const [key, value] of Object.entries(node)) {
        if (typeof value === 'string' && SECRET_NAME.test(key) && value.length > 0 && !/^\$\{?[A-Za-z_]/.test(value)) node[key] = REDACTED;
        else walk(value);
      }
    }
  };
  walk(copy);
  for (const [pointer, value] of Object.entries(values)) setAt(copy, pointer, value.text);
  return copy;
}

function setAt(root: Record<string, unknown>, pointer: string, value: string): void {
  const parts = pointer
    .split('/')
    .slice(1)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  let node: unknown = root;
  for (const part of parts.slice(0, -1)) {
    if (typeof node !== 'object' || node === null) return;
    node = (node as Record<string, unknown>)[part];
  }
  // Defined, not assigned: an env variable named __proto__ would otherwise keep its value in the record.
  if (typeof node === 'object' && node !== null) setOwn(node as Record<string, unknown>, parts.at(-1)!, value);
}

const escapePointer = (key: string): string => key.replace(/~/g, '~0').replace(/\//g, '~1');

function stringList(value: unknown): string[] | undefined {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : undefined;
}

function minimalRecord(file: string, format: ClientFormat, serverName: string, line: number): ClientConfigRecord {
  return { file, format, serverName, line, keys: [], transport: 'stdio', entry: {}, values: {} };
}

/** KEY=VALUE lines (dotenv style: comments, optional quotes, optional `export`). */
function readEnvFile(path: string, problems: string[]): Record<string, string> {
  let text: string;
  try {
    text = readBoundedText(path, 'env file', `envFile ${path}`);
  } catch (error) {
    problems.push(error instanceof ConfigError ? error.message : `envFile ${path} cannot be read`);
    return {};
  }
  const out: Record<string, string> = {};
  for (const line of text.split(/\r?\n/)) {
    const m = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*?)\s*$/.exec(line);
    if (!m || line.trimStart().startsWith('#')) continue;
    setOwn(out, m[1]!, m[2]!.replace(/^(['"])(.*)\1$/, '$2'));
  }
  return out;
}

/** `${workspaceFolder}`: the folder holding .vscode/.cursor/.gemini, else the config's own folder. */
function workspaceFolderOf(path: string): string {
  const dir = dirname(path);
  return ['.vscode', '.cursor', '.gemini'].includes(basename(dir)) ? dirname(dir) : dir;
}

function displayPath(path: string, cwd: string): string {
  const rel = relative(cwd, path);
  return rel && !rel.startsWith('..') && !isAbsolute(rel) ? rel.split(sep).join('/') : path;
}

/**
 * The 1-based line of each key of the servers object that starts after `keyAt`, escaped names
 * decoded, in one pass over the text (a search per name is quadratic in a config of 10,000
 * servers, and a pattern of a 100 KB name does not compile). A name not found is on the line of
 * the servers key.
 */
function serverLines(json: string, keyAt: number): { readonly lineOf: (name: string) => number } {
  if (keyAt === -1) return { lineOf: () => 1 };
  const lines = new Map<string, number>();
  const start = json.indexOf('{', keyAt);
  let line = 1;
  for (let i = json.indexOf('\n'); i !== -1 && i < keyAt; i = json.indexOf('\n', i + 1)) line++;
  const keyLine = line;
  let depth = 0;
  for (let i = start; i !== -1 && i < json.length; i++) {
    const c = json[i];
    if (c === '\n') line++;
    else if (c === '{' || c === '[') depth++;
    else if (c === '}' || c === ']') {
      if (--depth === 0) break;
    } else if (c === '"') {
      const open = i;
      for (i++; i < json.length && json[i] !== '"'; i++) if (json[i] === '\\') i++;
      let next = i + 1;
      while (next < json.length && ' \t\r\n'.includes(json[next]!)) next++;
      if (depth !== 1 || json[next] !== ':') continue;
      try {
        const name = JSON.parse(json.slice(open, i + 1)) as string;
        if (!lines.has(name)) lines.set(name, line);
      } catch {
        // Not a string JSON.parse accepted: the file parsed, so this is not a key of the servers object.
      }
    }
  }
  return { lineOf: (name) => lines.get(name) ?? keyLine };
}

/** JSONC → JSON: blank out comments and trailing commas (every position stays put), leaving strings alone. */
export function stripJsonc(text: string): string {
  let out = '';
  let i = 0;
  let inString = false;
  while (i < text.length) {
    const c = text[i]!;
    if (inString) {
      out += c;
      if (c === '\\') {
        out += text[i + 1] ?? '';
        i += 2;
        continue;
      }
      if (c === '"') inString = false;
      i++;
      continue;
    }
    if (c === '"') {
      inString = true;
      out += c;
      i++;
      continue;
    }
    if (c === '/' && text[i + 1] === '/') {
      while (i < text.length && text[i] !== '\n') {
        out += ' ';
        i++;
      }
      continue;
    }
    if (c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      // Keep newlines so line numbers survive.
      const skipped = text.slice(i, end === -1 ? text.length : end + 2);
      out += skipped.replace(/[^\n]/g, ' ');
      i = end === -1 ? text.length : end + 2;
      continue;
    }
    if (c === ',') {
      let j = i + 1;
      while (j < text.length && /\s/.test(text[j]!)) j++;
      if (text[j] === '}' || text[j] === ']') {
        out += ' ';
        i++;
        continue;
      }
    }
    out += c;
    i++;
  }
  return out;
}

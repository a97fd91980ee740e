/**
 * `mcplint init`: find the MCP server of the project in the current directory and write
 * mcplint.config.json for it, with `$schema` so editors validate and complete the file.
 *
 * Where a server can be found, best first (the project's own server beats servers it merely uses):
 * package.json "bin", "main", "scripts.start"; a Python project's entry point (init-python.ts); server.json (the MCP registry manifest: the
 * published package, run with npx/uvx/docker); a client config in the project (.mcp.json,
 * .cursor/mcp.json, .vscode/mcp.json) — the entries there are often third-party servers, hence last.
 * A candidate whose command does not exist here (init-runner.ts) is listed, never written.
 * Detection reads files only; nothing is run.
 */
import { existsSync, lstatSync } from 'node:fs';
import { join } from 'node:path';
import type { Candidate, StdioTarget } from './init-candidate.js';
import { pythonCandidates } from './init-python.js';
import { missingRunner, type SearchPath } from './init-runner.js';
import { VERSION } from '../shared/version.js';
import { readTextIfPresent, type FileKind } from '../shared/read-bounded.js';
import { refusedTarget, writeOutputFile } from '../shared/output-file.js';
import { publishedManifest } from '../session/published-manifest.js';
import { isFile } from '../shared/file-kind.js';

export const CONFIG_FILE = 'mcplint.config.json';
/** The config JSON Schema as published in the npm package (version-pinned). */
export const PUBLISHED_SCHEMA_URL = `https://unpkg.com/mcplint@${VERSION}/schema/mcplint.config.schema.json`;
const LOCAL_SCHEMA = 'node_modules/mcplint/schema/mcplint.config.schema.json';

export type { Candidate, StdioTarget } from './init-candidate.js';

/** Config files mcplint would read before (or instead of) mcplint.config.json. */
const OTHER_CONFIGS = [
  '.mcplintrc',
  '.mcplintrc.json',
  '.mcplintrc.yaml',
  '.mcplintrc.yml',
  '.mcplintrc.js',
  '.mcplintrc.ts',
  '.mcplintrc.cjs',
  '.mcplintrc.mjs',
  '.mcplintrc.cts',
  '.mcplintrc.mts',
  '.config/mcplintrc',
  '.config/mcplintrc.json',
  '.config/mcplintrc.yaml',
  '.config/mcplintrc.yml',
  '.config/mcplintrc.js',
  '.config/mcplintrc.ts',
  '.config/mcplintrc.mjs',
  '.config/mcplintrc.cjs',
  'mcplint.config.js',
  'mcplint.config.ts',
  'mcplint.config.mjs',
  'mcplint.config.cjs',
  'mcplint.config.mts',
  'mcplint.config.cts',
  'mcplint.config.yaml',
  'mcplint.config.yml',
];

/** Every server found in the project, best first; one whose command does not exist here says so (`unavailable`). */
export function detectCandidates(cwd: string, searchPath: SearchPath = process.env.PATH): Candidate[] {
  const out: Candidate[] = [];
  const pkg = readJson(join(cwd, 'package.json'), 'package.json') as PackageJson | undefined;
  if (pkg) {
    const bin = binPath(pkg);
    if (bin) out.push(nodeCandidate(cwd, bin, 'package.json "bin"'));
    if (typeof pkg.main === 'string' && pkg.main.trim()) out.push(nodeCandidate(cwd, pkg.main.trim(), 'package.json "main"'));
    const start = pkg.scripts?.start;
    if (typeof start === 'string' && start.trim()) out.push(startCandidate(start.trim()));
  }
  out.push(...pythonCandidates(cwd, searchPath));
  const manifest = readJson(join(cwd, 'server.json'), 'server.json');
  if (manifest) out.push(...manifestCandidates(manifest));
  for (const [file, key] of [
    ['.mcp.json', 'mcpServers'],
    ['.cursor/mcp.json', 'mcpServers'],
    ['.vscode/mcp.json', 'servers'],
  ] as const) {
    const config = readJson(join(cwd, file), file) as Record<string, unknown> | undefined;
    const servers = config?.[key] ?? config?.mcpServers ?? config?.servers;
    if (!servers || typeof servers !== 'object') continue;
    for (const [name, raw] of Object.entries(servers as Record<string, unknown>)) {
      const entry = raw as { command?: unknown; args?: unknown; env?: unknown };
      if (typeof entry?.command !== 'string' || entry.command === '') continue; // remote (url) servers: give --url instead
      const args = Array.isArray(entry.args) ? entry.args.filter((a): a is string => typeof a === 'string') : [];
      const envNames = entry.env && typeof entry.env === 'object' ? Object.keys(entry.env) : [];
      out.push({
        target: { command: entry.command, args },
        from: `${file} server "${name}"`,
        ...(envNames.length > 0
          ? { note: `the client config sets ${envNames.join(', ')}; add them under "target.env" if the server needs them` }
          : {}),
      });
    }
  }
  // The same command found twice (e.g. bin and main): keep the first.
  const seen = new Set<string>();
  return out
    .filter((c) => {
      const key = JSON.stringify(c.target);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .map((c) => {
      const missing = c.unavailable ?? missingRunner(c.target, cwd, searchPath);
      return missing ? { ...c, unavailable: missing } : c;
    });
}

/** The config init writes: `$schema`, `extends`, `target` (when found) and empty `rules`/`ignore` to fill in. */
export function initialConfig(cwd: string, candidate: Candidate | undefined): Record<string, unknown> {
  return {
    $schema: existsSync(join(cwd, LOCAL_SCHEMA)) ? `./${LOCAL_SCHEMA}` : PUBLISHED_SCHEMA_URL,
    extends: 'recommended',
    ...(candidate ? { target: { ...candidate.target, args: [...candidate.target.args] } } : {}),
    rules: {},
    ignore: [],
  };
}

/** A config file mcplint would read instead of mcplint.config.json, if the project has one. */
export function competingConfig(cwd: string): string | undefined {
  const pkg = readJson(join(cwd, 'package.json'), 'package.json') as PackageJson | undefined;
  if (pkg && pkg.mcplint !== undefined) return 'package.json ("mcplint" key)';
  return OTHER_CONFIGS.find((f) => isFile(join(cwd, f)));
}

export function commandLine(target: StdioTarget): string {
  const env = Object.entries(target.env ?? {}).map(([name, value]) => `${name}=${value}`);
  return [...env, target.command, ...target.args].map((a) => (/^[\w@%+=:,./-]+$/.test(a) ? a : JSON.stringify(a))).join(' ');
}

interface PackageJson {
  name?: unknown;
  bin?: unknown;
  main?: unknown;
  scripts?: Record<string, unknown>;
  mcplint?: unknown;
}

function binPath(pkg: PackageJson): string | undefined {
  if (typeof pkg.bin === 'string') return pkg.bin;
  if (!pkg.bin || typeof pkg.bin !== 'object') return undefined;
  const entries = Object.entries(pkg.bin as Record<string, unknown>).filter((e): e is [string, string] => typeof e[1] === 'string');
  if (entries.length === 0) return undefined;
  const name = typeof pkg.name === 'string' ? pkg.name.replace(/^@[^/]+\//, '') : '';
  return (entries.find(([k]) => k === name) ?? entries.find(([k]) => /mcp/i.test(k)) ?? entries[0])![1];
}

function nodeCandidate(cwd: string, file: string, from: string): Candidate {
  const path = file.replace(/^\.\//, '');
  const exists = isFile(join(cwd, path));
  return {
    target: { command: 'node', args: [path] },
    from,
    ...(exists ? {} : { note: `${path} does not exist yet: build the project before running mcplint` }),
  };
}

/** `node dist/index.js` in scripts.start is used directly (npm would add its own output); anything else runs through npm. */
function startCandidate(script: string): Candidate {
  const from = 'package.json "scripts.start"';
  if (!/[|&;<>()$`'"\\*?]/.test(script)) {
    const [command, ...args] = script.split(/\s+/) as [string, ...string[]];
    if (/^(node|tsx|ts-node|bun|deno|python3?|uv|uvx)$/.test(command)) return { target: { command, args }, from };
  }
  return {
    target: { command: 'npm', args: ['run', '--silent', 'start'] },
    from,
    note: 'runs through npm; if the start script builds or prints anything first, point "target" at the server itself',
  };
}

/** server.json (MCP registry): how to run each published package. */
function manifestCandidates(manifest: unknown): Candidate[] {
  const packages = (manifest as { packages?: unknown }).packages;
  if (!Array.isArray(packages)) return [];
  const out: Candidate[] = [];
  for (const p of packages as {
    registryType?: unknown;
    registry_type?: unknown;
    identifier?: unknown;
    name?: unknown;
    version?: unknown;
    transport?: { type?: unknown };
  }[]) {
    const type = p.registryType ?? p.registry_type;
    const id = typeof p.identifier === 'string' ? p.identifier : typeof p.name === 'string' ? p.name : undefined;
    if (!id) continue;
    if (p.transport?.type !== undefined && p.transport.type !== 'stdio') continue;
    const version = typeof p.version === 'string' && p.version ? p.version : undefined;
    const note = 'lints the published package, not this checkout';
    if (type === 'npm')
      out.push({ target: { command: 'npx', args: ['-y', version ? `${id}@${version}` : id] }, from: 'server.json (npm package)', note });
    else if (type === 'pypi')
      out.push({ target: { command: 'uvx', args: [version ? `${id}==${version}` : id] }, from: 'server.json (PyPI package)', note });
    else if (type === 'oci')
      out.push({
        target: { command: 'docker', args: ['run', '-i', '--rm', version ? `${id}:${version}` : id] },
        from: 'server.json (OCI image)',
        note,
      });
  }
  return out;
}

/**
 * JSON, or JSON with comments and trailing commas (VS Code's mcp.json); undefined when absent or
 * not JSON. A FIFO, a device or a file over its cap is one ConfigError line (src/shared/read-bounded.ts).
 */
function readJson(path: string, file: string): unknown {
  const kind: FileKind = file === 'package.json' ? 'package.json' : 'project file';
  const text = readTextIfPresent(path, kind, file);
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    try {
      return JSON.parse(stripJsonComments(text));
    } catch {
      return undefined;
    }
  }
}

function stripJsonComments(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === '"') {
      const start = i;
      for (i++; i < text.length && text[i] !== '"'; i++) if (text[i] === '\\') i++;
      out += text.slice(start, i + 1);
    } else if (ch === '/' && text[i + 1] === '/') {
      while (i < text.length && text[i] !== '\n') i++;
      out += '\n';
    } else if (ch === '/' && text[i + 1] === '*') {
      i = text.indexOf('*/', i + 2);
      if (i === -1) break;
      i++;
    } else out += ch;
  }
  return out.replace(/,(\s*[}\]])/g, '$1');
}

export interface InitOutcome {
  readonly code: 0 | 2;
  /** For stdout (success) or stderr (refusal). */
  readonly message: string;
  readonly written?: string;
}

/** Detect, decide and write (src/shared/output-file.ts); the CLI prints the message. */
export function runInit(cwd: string, options: { force?: boolean }): InitOutcome {
  const path = join(cwd, CONFIG_FILE);
  const competing = competingConfig(cwd);
  if (competing) {
    return {
      code: 2,
      message: `mcplint: this project already has an mcplint config (${competing}), which mcplint reads before ${CONFIG_FILE}. Edit it instead.\n`,
    };
  }
  // lstat, not exists: a dangling link must not pass for "no config yet" and be written through.
  const refused = refusedTarget(path);
  if (refused) return { code: 2, message: `mcplint: ${CONFIG_FILE}: ${refused}.\n` };
  if (lstatSync(path, { throwIfNoEntry: false }) && !options.force) {
    return { code: 2, message: `mcplint: ${CONFIG_FILE} already exists; not overwriting it (use --force to replace it).\n` };
  }
  const candidates = detectCandidates(cwd);
  const chosen = candidates.find((c) => c.unavailable === undefined);
  const config = initialConfig(cwd, chosen);
  writeOutputFile(path, JSON.stringify(config, null, 2) + '\n', CONFIG_FILE);

  const lines = [`Wrote ${CONFIG_FILE}.`, ''];
  if (chosen) {
    lines.push(`  target   ${commandLine(chosen.target)}   (from ${chosen.from})`);
    if (chosen.note) lines.push(`           note: ${chosen.note}`);
    for (const other of candidates.filter((c) => c !== chosen && c.unavailable === undefined))
      lines.push(`  also found   ${commandLine(other.target)}   (${other.from})`);
  } else if (candidates.length === 0) {
    lines.push(
      '  No server found (looked at package.json bin/main/scripts.start, pyproject.toml, Python __main__.py and server scripts, server.json, .mcp.json, .cursor/mcp.json, .vscode/mcp.json).',
      '  Add one: "target": { "command": "node", "args": ["dist/index.js"] } — or run mcplint -- <command>.',
    );
  } else {
    lines.push('  No server found that can run here: install what the lines below miss, then run mcplint init --force.');
  }
  for (const missing of candidates.filter((c) => c.unavailable !== undefined))
    lines.push(`  not used   ${commandLine(missing.target)}   (${missing.from}): ${missing.unavailable}`);
  const published = publishedManifest(cwd);
  lines.push(
    '',
    'Next:',
    '  npx mcplint                  lint the server with this config (no flags needed)',
    ...(published
      ? [`  npx mcplint --manifest ${published}   before publishing: the manifest, the server it launches and the package npm would pack`]
      : []),
    '  "extends"                    recommended (default), strict (every guideline at warning) or spec (MCP spec only)',
    '  "rules"                      { "<rule-id>": "off" | "note" | "warning" | "error" | [level, { options }] }; mcplint rules lists them',
    '  "ignore"                     [{ "rule": "<rule-id>", "tool": "<name>", "reason": "why this is fine" }] — a reason is required',
    '  "target.env"                 environment variables the server needs (never written to reports)',
    "  npx mcplint --update-baseline   accept today's findings so CI fails only on new ones",
    '',
    `Editors validate and complete the file through its "$schema".`,
  );
  return { code: 0, message: lines.join('\n') + '\n', written: path };
}

/**
 * `--manifest <file>`: a server.json or an MCP Bundle manifest.json read the one bounded way
 * (src/shared/read-bounded.ts), parsed (a syntax error is one line with file:line:col), told
 * apart by the schema it names, validated against the vendored schema, and put beside the facts
 * of the project it sits in (package.json, pyproject.toml, README, the bundle's entry point).
 * Refusals are one ConfigError line (exit 2); what the schema rejects becomes findings.
 */
import { existsSync, realpathSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import type { ManifestProject, ManifestRecord } from '../../model/manifest.js';
import { ConfigError } from '../../shared/errors.js';
import { isObject, type JsonObject } from '../../shared/json.js';
import { nestsDeeperThan } from '../../shared/json-depth.js';
import { describeJsonSyntax } from '../../shared/json-position.js';
import { jsonPointerPositions } from '../../shared/json-pointers.js';
import { readInputText, readTextIfPresent, readTextIfReadable } from '../../shared/read-bounded.js';
import { manifestSchemaOf, validateManifest } from './manifest-schemas.js';

/** Deeper than any real manifest; keeps ajv and the rules off pathological nesting. */
const MAX_DEPTH = 32;

export interface ReadManifest {
  /** The record without its launch (manifest-launch.ts adds it). */
  readonly record: ManifestRecord;
  /** Absolute path of the manifest file, and of the folder it sits in. */
  readonly path: string;
  readonly dir: string;
}

/**
 * `file` as the user gave it (reports name it); `unpacked`: the folder a `.mcpb` archive was
 * unpacked into (unpack-bundle.ts), whose manifest.json is read instead.
 */
export function readManifest(file: string, cwd: string, unpacked?: string): ReadManifest {
  const label = unpacked ? `--manifest ${file} (its manifest.json)` : `--manifest ${file}`;
  const path = unpacked ? join(unpacked, 'manifest.json') : resolve(cwd, file);
  const text = readInputText(path, 'project file', label);
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch (error) {
    throw new ConfigError(describeJsonSyntax(label, text, error));
  }
  if (nestsDeeperThan(document, MAX_DEPTH)) throw new ConfigError(`${label}: nested more than ${MAX_DEPTH} levels deep`);
  const schema = manifestSchemaOf(document, file);
  if (unpacked && schema.kind !== 'mcpb')
    throw new ConfigError(`${label}: a .mcpb archive holds an MCP Bundle manifest, not a server.json`);
  const dir = dirname(path);
  const doc = document as JsonObject;
  const record: ManifestRecord = {
    file,
    kind: schema.kind,
    schemaVersion: schema.version,
    document: doc,
    schemaProblems: validateManifest(doc, schema),
    positions: jsonPointerPositions(text),
    project: schema.kind === 'mcpb' ? { ...projectFacts(dir), ...bundleFacts(doc, dir) } : projectFacts(dir),
    ...(unpacked ? { archive: true as const } : {}),
  };
  return { record, path, dir };
}

/** package.json, pyproject.toml and the README beside the manifest: what the registry's ownership checks read. */
function projectFacts(dir: string): ManifestProject {
  const facts: { -readonly [K in keyof ManifestProject]: ManifestProject[K] } = {};
  const pkgText = readTextIfPresent(join(dir, 'package.json'), 'package.json', 'package.json');
  if (pkgText !== undefined) {
    try {
      const pkg = JSON.parse(pkgText) as unknown;
      if (isObject(pkg)) facts.packageJson = pick(pkg, ['name', 'version', 'mcpName']);
    } catch {
      // Not JSON: as if absent (the version and ownership rules then say nothing about package.json).
    }
  }
  const toml = readTextIfPresent(join(dir, 'pyproject.toml'), 'pyproject.toml', 'pyproject.toml');
  if (toml !== undefined) facts.pyproject = projectTable(toml);
  const dockerfile = readTextIfReadable(join(dir, 'Dockerfile'), 'project file');
  if (dockerfile !== undefined) facts.dockerfileMcpNames = dockerLabels(dockerfile);
  for (const name of ['README.md', 'README.rst', 'README.txt', 'README']) {
    const readme = readTextIfReadable(join(dir, name), 'project file');
    if (readme === undefined) continue;
    facts.readmeMcpNames = [...readme.matchAll(/mcp-name:\s*([^\s<>`"')]+)/g)].map((m) => m[1]!).slice(0, 20);
    break;
  }
  return facts;
}

/**
 * The values of `LABEL io.modelcontextprotocol.server.name=…` in a Dockerfile (quoted or not, among
 * other labels of the same instruction; line continuations joined).
 */
function dockerLabels(text: string): string[] {
  const joined = text.replace(/\\\r?\n/g, ' ');
  const out: string[] = [];
  for (const line of joined.split('\n')) {
    if (!/^\s*LABEL\s/i.test(line)) continue;
    for (const m of line.matchAll(/io\.modelcontextprotocol\.server\.name\s*=\s*(?:"([^"]*)"|'([^']*)'|(\S+))/g))
      out.push(m[1] ?? m[2] ?? m[3]!);
    if (out.length >= 20) break;
  }
  return out;
}

function pick(object: JsonObject, keys: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of keys) if (typeof object[key] === 'string') out[key] = object[key] as string;
  return out;
}

/** `name` and `version` of pyproject.toml's `[project]` table (plain `key = "value"` lines: all the registry needs). */
function projectTable(toml: string): { name?: string; version?: string } {
  const out: { name?: string; version?: string } = {};
  for (const [key, value] of tomlStrings(toml, 'project')) if ((key === 'name' || key === 'version') && !(key in out)) out[key] = value;
  return out;
}

/** The `[project.scripts]` names of pyproject.toml (the console scripts an install puts in the environment's bin). */
export function projectScriptNames(toml: string): string[] {
  return tomlStrings(toml, 'project.scripts').map(([key]) => key.replace(/^["']|["']$/g, ''));
}

/** The `key = "value"` lines of one table of a TOML text, in order. */
function tomlStrings(toml: string, table: string): [string, string][] {
  const out: [string, string][] = [];
  let inTable = false;
  for (const line of toml.split('\n')) {
    const header = /^\s*\[([^\]]*)\]\s*(?:#.*)?$/.exec(line);
    if (header) {
      inTable = header[1]!.trim() === table;
      continue;
    }
    if (!inTable) continue;
    const entry = /^\s*("[^"]+"|'[^']+'|[A-Za-z0-9_.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/.exec(line);
    if (entry) out.push([entry[1]!, entry[2] ?? entry[3] ?? '']);
  }
  return out;
}

/** MCPB: where `server.entry_point` leads, and whether that is a file inside the bundle folder (links resolved). */
function bundleFacts(doc: JsonObject, dir: string): ManifestProject {
  const server = doc.server;
  const entry = isObject(server) && typeof server.entry_point === 'string' ? server.entry_point : undefined;
  if (entry === undefined) return {};
  const target = resolve(dir, entry);
  let exists = false;
  let inside = !isAbsolute(entry) && isInside(dir, target);
  try {
    exists = existsSync(target) && statSync(target).isFile();
    if (exists) inside = inside && isInside(realpathSync(dir), realpathSync(target));
  } catch {
    exists = false;
  }
  return { entryPoint: { path: entry, exists, inside } };
}

function isInside(dir: string, path: string): boolean {
  const rel = relative(dir, path);
  return rel !== '' && !rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel);
}

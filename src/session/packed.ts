/**
 * The packed-package check (docs/packed.md): npm is asked what it would publish
 * (src/connect/npm/npm-pack.ts), the launched entry's and every bin's files are walked through
 * their imports (src/source/runtime-files.ts), and what the package leaves out, or imports from a
 * devDependency only, goes into the capture for `packed-package-files`. With --packed=install the
 * package is also packed and installed into a temporary folder (src/connect/npm/npm-install.ts)
 * and its installed bin is what mcplint launches.
 */
import { dirname, join, relative, resolve, sep } from 'node:path';
import { isHttpTarget, type ResolvedStdioTarget, type ResolvedTarget } from '../connect/capture-target.js';
import { ConfigError } from '../config/config.js';
import { entryScript } from '../locate/anchors.js';
import type { PackedContents, PackedMode, PackedPackage } from '../model/packed.js';
import { isObject } from '../shared/json.js';
import { jsonPointerPositions } from '../shared/json-pointers.js';
import { readTextIfPresent } from '../shared/read-bounded.js';
import { isFile } from '../shared/file-kind.js';
import { describeForSource } from './source-index.js';

export interface PackedTarget {
  readonly target: ResolvedTarget;
  /** Removes the installed copy (--packed=install); call it once the run is over. */
  readonly cleanup?: () => void;
}

/** --manifest: a server.json launch of this project's npm package (its bin, in its folder), checked; any other launch as it is. */
export async function withManifestPacked(target: ResolvedTarget, mode: PackedMode, cwd: string): Promise<PackedTarget> {
  if (isHttpTarget(target)) return { target };
  const { manifest } = target;
  // Only an npm launch has a package npm would pack (a PyPI launch's args are its packageArguments).
  const bin = manifest?.launch?.npmBin;
  if (manifest?.kind !== 'server.json' || !target.cwd || !bin) return { target };
  return packedTarget(target, target.cwd, bin, mode, cwd);
}

/** --packed: the npm package the target's entry script belongs to, checked; a ConfigError when there is none. */
export async function withProjectPacked(target: ResolvedTarget, mode: PackedMode, cwd: string): Promise<PackedTarget> {
  if (isHttpTarget(target)) throw new ConfigError('--packed checks the npm package of a local server: a URL has none');
  const entry = entryScript(describeForSource(target), cwd);
  if (!entry) {
    throw new ConfigError(
      `--packed: cannot tell which script "${target.command}" runs, so which package to check: give the script (mcplint --packed -- node dist/index.js)`,
    );
  }
  const dir = packageFolder(dirname(entry));
  if (!dir) throw new ConfigError(`--packed: ${shown(cwd, entry)} is not inside an npm package (no package.json above it)`);
  return packedTarget(target, dir, entry, mode, cwd);
}

async function packedTarget(target: ResolvedStdioTarget, dir: string, entry: string, mode: PackedMode, cwd: string): Promise<PackedTarget> {
  const packageText = readTextIfPresent(join(dir, 'package.json'), 'package.json', 'package.json');
  const pkg = parsed(packageText);
  const bins = binFiles(pkg, dir);
  const entries = [...new Set([resolve(entry), ...bins])];
  const checked: PackedPackage = {
    packageJson: shown(cwd, join(dir, 'package.json')),
    positions: packageText !== undefined ? jsonPointerPositions(packageText) : {},
    ...(typeof pkg.name === 'string' ? { name: pkg.name } : {}),
    entries: entries.map((file) => relativeTo(dir, file)),
    contents: await packedContents(dir, entries, new Set(bins.map((file) => relativeTo(dir, file))), pkg),
  };
  if (mode === 'files') return { target: { ...target, packed: checked } };
  return installedTarget(target, dir, resolve(entry), checked, cwd);
}

/** --packed=install: the target relaunched from the installed copy, or as it was with the reason it could not be. */
async function installedTarget(
  target: ResolvedStdioTarget,
  dir: string,
  entry: string,
  checked: PackedPackage,
  cwd: string,
): Promise<PackedTarget> {
  const asIs = (problem: string): PackedTarget => ({ target: { ...target, packed: { ...checked, installed: { problem } } } });
  if (!checked.name) return asIs('package.json has no "name", so npm cannot pack it');
  const { installPacked } = await import('../connect/npm/npm-install.js');
  const copy = await installPacked(dir, checked.name);
  if ('problem' in copy) return asIs(copy.problem);
  const installedEntry = join(copy.packageDir, relative(dir, entry));
  if (!isFile(installedEntry)) {
    copy.remove();
    return asIs(`the installed package has no ${relativeTo(dir, entry)}`);
  }
  const base = target.cwd ? resolve(cwd, target.cwd) : cwd;
  const swap = (value: string) => (resolve(base, value) === entry ? installedEntry : value);
  const launched: ResolvedStdioTarget = {
    ...target,
    command: swap(target.command),
    args: target.args.map(swap),
    // As after `npx`: the installed package's folder is not the project.
    cwd: copy.dir,
    // The installed files are the project's, packed: findings are mapped to the project's code.
    sourceFrom: { command: target.command, args: target.args, ...(target.cwd ? { cwd: target.cwd } : {}) },
    packed: { ...checked, installed: { bin: relativeTo(copy.dir, installedEntry) } },
  };
  return { target: launched, cleanup: copy.remove };
}

async function packedContents(
  dir: string,
  entries: readonly string[],
  bins: ReadonlySet<string>,
  pkg: Record<string, unknown>,
): Promise<PackedContents> {
  const [{ npmPackFiles }, { runtimeFiles }] = await Promise.all([
    import('../connect/npm/npm-pack.js'),
    import('../source/runtime-files.js'),
  ]);
  const packed = await npmPackFiles(dir);
  if ('problem' in packed) return packed;
  const included = new Set(packed.files.map(normal));
  const runtime = runtimeFiles(entries, dir);
  const missing = runtime.files
    .filter((file) => !file.startsWith('../') && !included.has(normal(file)))
    .map((file) => ({ file, bin: bins.has(file) || file === relativeTo(dir, entries[0]!) }));
  const { dependencies, devDependencies } = dependencyNames(pkg);
  const devOnly = runtime.packages.filter((p) => devDependencies.has(p.name) && !dependencies.has(p.name));
  return { fileCount: packed.files.length, missing, devOnly };
}

const normal = (path: string) => path.replace(/^\.\//, '');
const relativeTo = (dir: string, file: string) => relative(dir, file).split(sep).join('/');
const shown = (cwd: string, file: string) => relativeTo(cwd, file) || file;

function parsed(text: string | undefined): Record<string, unknown> {
  try {
    const value = JSON.parse(text ?? '{}') as unknown;
    return isObject(value) ? value : {};
  } catch {
    // Not JSON: nothing known of it (npm itself says what is wrong with it).
    return {};
  }
}

/** package.json `bin` targets (a string, or an object of them) that are files inside the package. */
function binFiles(pkg: Record<string, unknown>, dir: string): string[] {
  const { bin } = pkg;
  const given = typeof bin === 'string' ? [bin] : isObject(bin) ? Object.values(bin).filter((v) => typeof v === 'string') : [];
  return given.map((file) => resolve(dir, file)).filter((file) => !relative(dir, file).startsWith('..') && isFile(file));
}

/** package.json's runtime dependency names (dependencies, optional and peer) and its devDependencies. */
function dependencyNames(pkg: Record<string, unknown>): { dependencies: Set<string>; devDependencies: Set<string> } {
  const out = { dependencies: new Set<string>(), devDependencies: new Set<string>() };
  for (const key of ['dependencies', 'optionalDependencies', 'peerDependencies'])
    if (isObject(pkg[key])) for (const name of Object.keys(pkg[key])) out.dependencies.add(name);
  if (isObject(pkg.devDependencies)) for (const name of Object.keys(pkg.devDependencies)) out.devDependencies.add(name);
  return out;
}

/**
 * The nearest folder at or above `from` whose package.json names a package: a build's own
 * `dist/package.json` of `{"type": "module"}` alone is not the package npm would publish.
 */
function packageFolder(from: string): string | undefined {
  for (let dir = from; ; dir = dirname(dir)) {
    const path = join(dir, 'package.json');
    if (isFile(path) && typeof parsed(readTextIfPresent(path, 'package.json', 'package.json')).name === 'string') return dir;
    if (dirname(dir) === dir) return undefined;
  }
}

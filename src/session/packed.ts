/**
 * The packed-package facts of a --manifest run (docs/manifests.md): npm is asked what it would
 * publish (src/connect/manifest/npm-pack.ts), the launched bin's files are walked through their
 * imports (src/source/runtime-files.ts), and what the package leaves out, or imports from a
 * devDependency only, goes into the manifest record for `manifest-packed-files`.
 */
import { join, relative, sep } from 'node:path';
import { isHttpTarget, type ResolvedTarget } from '../connect/capture-target.js';
import type { ManifestRecord, PackedFacts } from '../model/manifest.js';
import { isObject } from '../shared/json.js';
import { readTextIfPresent } from '../shared/read-bounded.js';

/** A server.json launch is an npm package of this project (its bin, in its folder): the target with what npm would publish of it. */
export async function withPacked(target: ResolvedTarget): Promise<ResolvedTarget> {
  if (isHttpTarget(target)) return target;
  const { manifest, cwd } = target;
  // Only an npm launch has a package npm would pack (a PyPI launch's args are its packageArguments).
  const bin = manifest?.launch?.npmBin;
  if (manifest?.kind !== 'server.json' || !cwd || !bin) return target;
  return { ...target, manifest: await withPackedFacts(manifest, cwd, bin) };
}

export async function withPackedFacts(record: ManifestRecord, dir: string, bin: string): Promise<ManifestRecord> {
  const [{ npmPackFiles }, { runtimeFiles }] = await Promise.all([
    import('../connect/manifest/npm-pack.js'),
    import('../source/runtime-files.js'),
  ]);
  const packed = await npmPackFiles(dir);
  if ('problem' in packed) return { ...record, project: { ...record.project, packed } };
  const included = new Set(packed.files.map(normal));
  const runtime = runtimeFiles([bin], dir);
  const binFile = relative(dir, bin).split(sep).join('/');
  const missing = runtime.files
    .filter((file) => !file.startsWith('../') && !included.has(normal(file)))
    .map((file) => ({ file, bin: file === binFile }));
  const { dependencies, devDependencies } = dependencyNames(dir);
  const devOnly = runtime.packages.filter((p) => devDependencies.has(p.name) && !dependencies.has(p.name));
  const facts: PackedFacts = { fileCount: packed.files.length, missing, devOnly };
  return { ...record, project: { ...record.project, packed: facts } };
}

const normal = (path: string) => path.replace(/^\.\//, '');

/** package.json's runtime dependency names (dependencies, optional and peer) and its devDependencies. */
function dependencyNames(dir: string): { dependencies: Set<string>; devDependencies: Set<string> } {
  const out = { dependencies: new Set<string>(), devDependencies: new Set<string>() };
  try {
    const pkg = JSON.parse(readTextIfPresent(join(dir, 'package.json'), 'package.json', 'package.json') ?? '{}') as Record<string, unknown>;
    for (const key of ['dependencies', 'optionalDependencies', 'peerDependencies'])
      if (isObject(pkg[key])) for (const name of Object.keys(pkg[key])) out.dependencies.add(name);
    if (isObject(pkg.devDependencies)) for (const name of Object.keys(pkg.devDependencies)) out.devDependencies.add(name);
  } catch {
    // Not JSON: no dependencies known, so nothing is reported as dev-only.
  }
  return out;
}

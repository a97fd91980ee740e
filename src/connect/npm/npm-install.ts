/**
 * --packed=install: the project packed as npm would publish it (`npm pack --ignore-scripts`, into a
 * fresh temporary folder) and the tarball installed there (`npm install --ignore-scripts`: its
 * dependencies come from the registry, none of their scripts or the project's run) — what a user
 * gets from `npx`. The folder is removed when the run ends (a run stopped by a signal may leave
 * `mcplint-installed-*` behind in the system's temporary directory).
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { runNpm } from './run-npm.js';

/** Packing reads every file of the package; installing may fetch every dependency. */
const PACK_DEADLINE_MS = 120_000;
const INSTALL_DEADLINE_MS = 300_000;

/** An npm package name: lower case, URL-safe, optionally scoped; never `.` or `..` as a part. */
const NPM_NAME = /^(?:@[a-z0-9][a-z0-9._~-]*\/)?[a-z0-9][a-z0-9._~-]*$/;

export type InstalledCopy =
  | {
      /** The install folder (the temporary folder). */
      readonly dir: string;
      /** The installed package: `<dir>/node_modules/<name>`. */
      readonly packageDir: string;
      /** Removes the temporary folder; call it once the run is over. */
      readonly remove: () => void;
    }
  | { readonly problem: string };

export async function installPacked(projectDir: string, name: string): Promise<InstalledCopy> {
  // package.json's name places the installed copy: only a valid npm name (`pkg`, `@scope/pkg`), never a path out of node_modules.
  if (!NPM_NAME.test(name)) return { problem: `package.json "name" ${JSON.stringify(name.slice(0, 100))} is not a valid npm package name` };
  const dir = mkdtempSync(join(tmpdir(), 'mcplint-installed-'));
  const remove = () => rmSync(dir, { recursive: true, force: true });
  try {
    const packed = await runNpm(
      ['pack', '--json', '--ignore-scripts', '--pack-destination', dir],
      projectDir,
      'npm pack',
      PACK_DEADLINE_MS,
    );
    if ('problem' in packed) return failed(remove, packed.problem);
    const tarball = tarballOf(packed.stdout);
    if (!tarball || !existsSync(join(dir, tarball))) return failed(remove, 'npm pack did not say which tarball it wrote');
    // An install folder of its own, so npm installs into it and not into a project above the temporary directory.
    writeFileSync(join(dir, 'package.json'), '{ "name": "mcplint-installed", "private": true }\n', { flag: 'wx' });
    const installed = await runNpm(
      ['install', '--ignore-scripts', '--no-package-lock', '--no-save', join(dir, tarball)],
      dir,
      'npm install of the packed tarball',
      INSTALL_DEADLINE_MS,
    );
    if ('problem' in installed) return failed(remove, installed.problem);
    const packageDir = join(dir, 'node_modules', ...name.split('/'));
    if (!existsSync(join(packageDir, 'package.json'))) return failed(remove, `the installed tarball has no node_modules/${name}`);
    return { dir, packageDir, remove };
  } catch (error) {
    return failed(remove, error instanceof Error ? error.message : String(error));
  }
}

function failed(remove: () => void, problem: string): InstalledCopy {
  remove();
  return { problem };
}

/** The tarball's file name from `npm pack --json` (a bare file name: never a path out of the folder). */
function tarballOf(stdout: string): string | undefined {
  try {
    const parsed = JSON.parse(stdout) as { filename?: unknown }[];
    const name = parsed[0]?.filename;
    return typeof name === 'string' && name === basename(name) && name.endsWith('.tgz') ? name : undefined;
  } catch {
    return undefined;
  }
}

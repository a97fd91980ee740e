/** How the Python fixtures are launched: the standard-library SDK stand-in on PYTHONPATH, or installed through a .pth file. */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { fixturePath } from './capture.js';

export const PY = fixturePath('python');
const STUBS = join(PY, 'stubs');

export const LAUNCH = {
  weather: ['env', `PYTHONPATH=${STUBS}:${join(PY, 'weather-app', 'src')}`, 'python3', '-m', 'weather_mcp'],
  standalone: ['env', `PYTHONPATH=${STUBS}`, 'python3', join(PY, 'standalone-app', 'server.py')],
  lowlevel: ['env', `PYTHONPATH=${STUBS}`, 'python3', join(PY, 'lowlevel-app', 'server.py')],
} as const;

/**
 * The SDK installed for python3, as `pip install --user` would: a HOME whose user site-packages
 * holds a .pth naming the stand-in. Returns the HOME to give the commands.
 */
export function homeWithSdk(searchPath: string): string {
  const home = mkdtempSync(join(tmpdir(), 'mcplint-py-home-'));
  const env = { ...process.env, HOME: home, PATH: searchPath };
  const site = execFileSync('python3', ['-c', 'import site; print(site.getusersitepackages())'], { env, encoding: 'utf8' }).trim();
  mkdirSync(site, { recursive: true });
  writeFileSync(join(site, 'mcplint-sdk-stand-in.pth'), `${STUBS}\n`);
  return home;
}

/**
 * `python3 -m venv .venv` in the project, with the SDK and the project itself installed the way
 * `pip install -e .` installs a src/ layout: a .pth naming the folders.
 */
export function virtualEnvironmentWithSdk(project: string, searchPath: string, projectSource: string): void {
  const env = { ...process.env, PATH: searchPath };
  execFileSync('python3', ['-m', 'venv', '--without-pip', join(project, '.venv')], { env });
  const python = join(project, '.venv', 'bin', 'python');
  const site = execFileSync(python, ['-c', "import sysconfig; print(sysconfig.get_path('purelib'))"], { env, encoding: 'utf8' }).trim();
  writeFileSync(join(site, 'mcplint-sdk-stand-in.pth'), `${STUBS}\n${projectSource}\n`);
}

/** PATH without the folders that hold uv or uvx. */
export function pathWithoutUv(searchPath = process.env.PATH ?? ''): string {
  return searchPath
    .split(delimiter)
    .filter((dir) => dir !== '' && !existsSync(join(dir, 'uv')) && !existsSync(join(dir, 'uvx')))
    .join(delimiter);
}

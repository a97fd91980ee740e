import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TargetDescription } from '../../src/model/capture.js';
import { collectPythonFiles } from '../../src/source/python/files.js';
import { projectScripts, pythonLaunch } from '../../src/source/python/launch.js';
import { PY } from '../helpers/python.js';

const stdio = (command: string, args: string[], cwd?: string): TargetDescription => ({
  kind: 'stdio',
  command,
  args,
  envNames: [],
  ...(cwd ? { cwd } : {}),
});
const launched = (target: TargetDescription) => {
  const found = pythonLaunch(target, PY);
  return found && { entry: found.entry.slice(PY.length + 1), root: found.root.slice(PY.length + 1) };
};
const WEATHER = { entry: 'weather-app/src/weather_mcp/server.py', root: 'weather-app' };

describe('which Python module a target launches', () => {
  it('python path/to/server.py, a venv python, uv run, uv run --directory', () => {
    const standalone = { entry: 'standalone-app/server.py', root: 'standalone-app' };
    expect(launched(stdio('python3', ['standalone-app/server.py']))).toEqual(standalone);
    expect(launched(stdio('.venv/bin/python', ['-u', 'standalone-app/server.py']))).toEqual(standalone);
    expect(launched(stdio('uv', ['run', '--with', 'mcp', 'standalone-app/server.py']))).toEqual(standalone);
    expect(launched(stdio('uv', ['run', '--directory', 'standalone-app', 'python', 'server.py']))).toEqual(standalone);
  });

  it('python -m pkg.module on the working directory, its src/ and PYTHONPATH', () => {
    expect(launched(stdio('python3', ['-m', 'weather_mcp.server'], 'weather-app'))).toEqual(WEATHER);
    expect(launched(stdio('env', ['PYTHONPATH=weather-app/src', 'python3', '-m', 'weather_mcp']))).toEqual({
      ...WEATHER,
      entry: 'weather-app/src/weather_mcp/__main__.py',
    });
  });

  it('a [project.scripts] entry point, directly or through uv run', () => {
    expect(launched(stdio('weather-mcp', [], 'weather-app'))).toEqual(WEATHER);
    expect(launched(stdio('uv', ['run', 'weather-mcp'], 'weather-app'))).toEqual(WEATHER);
    expect(
      projectScripts('[project]\nname = "x"\n[project.scripts]\n"my-server" = "pkg.cli:main"\nother = \'pkg.b\'\n[tool.uv]\n'),
    ).toEqual(
      new Map([
        ['my-server', 'pkg.cli'],
        ['other', 'pkg.b'],
      ]),
    );
  });

  it('nothing for node, python -c, an unknown script name, an HTTP target', () => {
    expect(launched(stdio('node', ['server.mjs']))).toBeUndefined();
    expect(launched(stdio('python3', ['-c', 'print(1)']))).toBeUndefined();
    expect(launched(stdio('no-such-server', [], 'weather-app'))).toBeUndefined();
    expect(pythonLaunch({ kind: 'http', url: 'http://127.0.0.1:1/mcp', headerNames: [] }, PY)).toBeUndefined();
  });
});

describe('which files make up the server', () => {
  it('the entry and what it imports: relative, absolute on src/, packages on the way', () => {
    const root = join(PY, 'weather-app');
    const { texts } = collectPythonFiles(root, join(root, 'src', 'weather_mcp', '__main__.py'));
    expect([...texts.keys()].map((p) => p.slice(root.length + 1)).sort()).toEqual([
      'src/weather_mcp/__init__.py',
      'src/weather_mcp/__main__.py',
      'src/weather_mcp/app.py',
      'src/weather_mcp/prompts.py',
      'src/weather_mcp/server.py',
      'src/weather_mcp/tools.py',
    ]);
  });
});

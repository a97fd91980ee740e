import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { detectCandidates } from '../../src/commands/init.js';
import { fixturePath } from '../helpers/capture.js';

const found = (dir: string) => detectCandidates(dir).map((c) => `${c.target.command} ${c.target.args.join(' ')} ← ${c.from}`);

describe('mcplint init for Python projects', () => {
  it('finds the [project.scripts] entry point and the package with __main__.py (src layout)', () => {
    expect(found(fixturePath('python/weather-app'))).toEqual([
      'uv run weather-mcp ← pyproject.toml [project.scripts]',
      'python3 -m weather_mcp ← src/weather_mcp/__main__.py',
    ]);
  });

  it('finds a server script that imports FastMCP; with uv.lock it runs through uv', () => {
    expect(found(fixturePath('python/standalone-app'))).toEqual(['python3 server.py ← server.py (imports the MCP SDK)']);
    const dir = mkdtempSync(join(tmpdir(), 'mcplint-init-py-'));
    writeFileSync(join(dir, 'uv.lock'), '');
    writeFileSync(join(dir, 'server.py'), 'from mcp.server.fastmcp import FastMCP\n');
    mkdirSync(join(dir, 'tools'));
    writeFileSync(join(dir, 'tools', '__main__.py'), '');
    expect(found(dir)).toEqual(['uv run python -m tools ← tools/__main__.py', 'uv run server.py ← server.py (imports the MCP SDK)']);
  });
});

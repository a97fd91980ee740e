/**
 * How long the Python source index takes on a generated 200-file FastMCP project (tools
 * registered across 198 modules imported by one entry, with Pydantic Fields, constants and
 * helpers) — the figures to hold against bench-source.ts's TypeScript ones.
 * Run: npm run build && node dist/scripts/bench-source-python.js [files]
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';

const FILES = Number(process.argv[2] ?? 200);

function toolModule(i: number): string {
  const lines = [
    `from typing import Annotated`,
    ``,
    `from pydantic import Field`,
    ``,
    `from bench_mcp.app import mcp`,
    `from bench_mcp.constants import CHARACTER_LIMIT, SERVICE`,
    ``,
    `ITEMS_${i} = [{"id": f"item_${i}_{n}", "name": f"Item {n}", "price": n * ${i}} for n in range(50)]`,
    ``,
    ``,
    `def render_${i}(items: list[dict]) -> str:`,
    `    text = "\\n".join(f"- {item['name']} ({item['id']}): {item['price']}" for item in items)`,
    `    return text[:CHARACTER_LIMIT]`,
  ];
  for (const verb of ['list', 'get']) {
    lines.push(
      ``,
      ``,
      `@mcp.tool(name="bench_${verb}_things_${i}", title="${verb} things ${i}")`,
      `async def ${verb}_things_${i}(`,
      `    query: Annotated[str, Field(min_length=1, max_length=200, description="Words to match.")],`,
      `    limit: int = Field(20, ge=1, le=100, description="Maximum results."),`,
      `    offset: int = Field(0, ge=0, description="Results to skip."),`,
      `) -> str:`,
      `    """Tool number ${i}: ${verb} things from collection ${i}. Returns a page of things with total and has_more."""`,
      `    matches = [item for item in ITEMS_${i} if query in item["name"]]`,
      `    if not matches:`,
      `        return "Nothing matches; try a shorter query."`,
      `    return render_${i}(matches[offset : offset + limit])`,
    );
  }
  lines.push(``);
  return lines.join('\n');
}

function generate(dir: string, files: number): string {
  const pkg = join(dir, 'src', 'bench_mcp');
  mkdirSync(join(pkg, 'tools'), { recursive: true });
  writeFileSync(join(dir, 'pyproject.toml'), '[project]\nname = "bench-mcp"\nversion = "1.0.0"\n');
  writeFileSync(join(pkg, '__init__.py'), '');
  writeFileSync(join(pkg, 'tools', '__init__.py'), '');
  writeFileSync(join(pkg, 'constants.py'), `SERVICE = "bench"\nCHARACTER_LIMIT = 25_000\n`);
  writeFileSync(join(pkg, 'app.py'), `from mcp.server.fastmcp import FastMCP\n\nmcp = FastMCP("bench-mcp-server")\n`);
  const modules = files - 5; // the two __init__.py, constants, app and server
  const server = [`from bench_mcp.app import mcp`];
  for (let i = 0; i < modules; i++) {
    writeFileSync(join(pkg, 'tools', `tool${i}.py`), toolModule(i));
    server.push(`from bench_mcp.tools import tool${i}  # noqa: F401`);
  }
  server.push(``, `if __name__ == "__main__":`, `    mcp.run()`, ``);
  writeFileSync(join(pkg, 'server.py'), server.join('\n'));
  return join(pkg, 'server.py');
}

const dir = mkdtempSync(join(tmpdir(), 'mcplint-bench-python-'));
try {
  const entry = generate(dir, FILES);
  const clock = () => ({ wall: performance.now(), cpu: process.cpuUsage() });
  const since = (start: ReturnType<typeof clock>) => {
    const cpu = process.cpuUsage(start.cpu);
    return `${Math.round(performance.now() - start.wall)} ms wall, ${Math.round((cpu.user + cpu.system) / 1000)} ms CPU`;
  };
  let start = clock();
  const { pythonParser } = await import('../src/source/python/parser.js');
  await pythonParser();
  const load = since(start);
  const { buildPythonSourceIndex } = await import('../src/source/python/index.js');
  start = clock();
  const first = await buildPythonSourceIndex(dir, { entry });
  const firstTime = since(start);
  start = clock();
  const fromEntry = await buildPythonSourceIndex(dir, { entry });
  const entryTime = since(start);
  process.env.MCPLINT_CACHE_DIR = join(dir, '.cache');
  await buildPythonSourceIndex(dir, { entry, cache: true });
  start = clock();
  const cached = await buildPythonSourceIndex(dir, { entry, cache: true });
  const cachedTime = since(start);
  start = clock();
  const whole = await buildPythonSourceIndex(dir);
  const wholeTime = since(start);
  process.stdout.write(
    [
      `python source index, generated project of ${FILES} files (${fromEntry.registrations.length} tool registrations):`,
      `  load web-tree-sitter + Python grammar: ${load}`,
      `  index from the entry, first run:       ${firstTime}  (${first.filesIndexed} files; what one mcplint run pays)`,
      `  index from the entry, warm:            ${entryTime}`,
      `  index from the entry, from the cache:  ${cachedTime}  (${cached.registrations.length} registrations)`,
      `  index the whole project, warm:         ${wholeTime}  (${whole.filesIndexed} files)`,
      '',
    ].join('\n'),
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}

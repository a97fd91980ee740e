/**
 * How long the source index takes on a generated 200-file TypeScript project (tools registered
 * across 199 modules imported by one entry, with zod schemas, constants and helpers).
 * Run: npm run build && node dist/scripts/bench-source.js [files]
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';

const FILES = Number(process.argv[2] ?? 200);

function toolModule(i: number): string {
  const lines = [
    `import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';`,
    `import { z } from 'zod';`,
    `import { SERVICE, CHARACTER_LIMIT } from '../constants.js';`,
    ``,
    `const ITEMS_${i} = Array.from({ length: 50 }, (_, n) => ({ id: 'item_${i}_' + n, name: 'Item ' + n, price: n * ${i} }));`,
    ``,
    `function render${i}(items: { id: string; name: string; price: number }[]): string {`,
    `  const text = items.map((item) => \`- \${item.name} (\${item.id}): \${item.price}\`).join('\\n');`,
    `  return text.length > CHARACTER_LIMIT ? text.slice(0, CHARACTER_LIMIT) : text;`,
    `}`,
    ``,
    `export function register${i}(server: McpServer): void {`,
  ];
  for (const verb of ['list', 'get']) {
    lines.push(
      `  server.registerTool(`,
      `    \`\${SERVICE}_${verb}_things_${i}\`,`,
      `    {`,
      `      title: '${verb} things ${i}',`,
      `      description: 'Tool number ${i}: ${verb} things from collection ${i}. Returns a page of things with total and has_more.',`,
      `      inputSchema: z`,
      `        .object({`,
      `          query: z.string().min(1).max(200).describe('Words to match.'),`,
      `          limit: z.number().int().min(1).max(100).default(20).describe('Maximum results.'),`,
      `          offset: z.number().int().min(0).default(0).describe('Results to skip.'),`,
      `          response_format: z.enum(['markdown', 'json']).default('markdown').describe('Output format.'),`,
      `        })`,
      `        .strict(),`,
      `      annotations: { title: '${verb} things ${i}', readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },`,
      `    },`,
      `    async ({ query, limit, offset }) => {`,
      `      const matches = ITEMS_${i}.filter((item) => item.name.includes(query));`,
      `      if (matches.length === 0) return { isError: true, content: [{ type: 'text', text: 'Nothing matches; try a shorter query.' }] };`,
      `      return { content: [{ type: 'text', text: render${i}(matches.slice(offset, offset + limit)) }] };`,
      `    },`,
      `  );`,
    );
  }
  lines.push(`}`, ``);
  return lines.join('\n');
}

function generate(dir: string, files: number): string {
  mkdirSync(join(dir, 'src', 'tools'), { recursive: true });
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'bench-mcp-server', type: 'module' }));
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify({ compilerOptions: { module: 'NodeNext', strict: true, outDir: 'dist' }, include: ['src/**/*.ts'] }),
  );
  writeFileSync(join(dir, 'src', 'constants.ts'), `export const SERVICE = 'bench';\nexport const CHARACTER_LIMIT = 25_000;\n`);
  const modules = files - 2; // constants.ts and index.ts
  const index = [
    `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';`,
    `import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';`,
  ];
  for (let i = 0; i < modules; i++) {
    writeFileSync(join(dir, 'src', 'tools', `tool${i}.ts`), toolModule(i));
    index.push(`import { register${i} } from './tools/tool${i}.js';`);
  }
  index.push(`const server = new McpServer({ name: 'bench-mcp-server', version: '1.0.0' });`);
  for (let i = 0; i < modules; i++) index.push(`register${i}(server);`);
  index.push(`await server.connect(new StdioServerTransport());`, ``);
  writeFileSync(join(dir, 'src', 'index.ts'), index.join('\n'));
  return join(dir, 'src', 'index.ts');
}

const dir = mkdtempSync(join(tmpdir(), 'mcplint-bench-source-'));
try {
  const entry = generate(dir, FILES);
  // Wall-clock and CPU time (CPU time is steadier on a busy machine).
  const clock = () => ({ wall: performance.now(), cpu: process.cpuUsage() });
  const since = (start: ReturnType<typeof clock>) => {
    const cpu = process.cpuUsage(start.cpu);
    return `${Math.round(performance.now() - start.wall)} ms wall, ${Math.round((cpu.user + cpu.system) / 1000)} ms CPU`;
  };
  let start = clock();
  await import('ts-morph');
  const load = since(start);
  const { buildSourceIndex } = await import('../src/source/index.js');
  start = clock();
  const first = await buildSourceIndex(dir, { entry });
  const firstTime = since(start);
  start = clock();
  const fromEntry = await buildSourceIndex(dir, { entry });
  const entryTime = since(start);
  start = clock();
  const whole = await buildSourceIndex(dir);
  const wholeTime = since(start);
  process.stdout.write(
    [
      `source index, generated project of ${FILES} files (${fromEntry.registrations.length} tool registrations):`,
      `  load ts-morph + TypeScript:          ${load}`,
      `  index from the entry, first run:     ${firstTime}  (${first.filesIndexed} files; what one mcplint run pays)`,
      `  index from the entry, warm:          ${entryTime}`,
      `  index the whole project, warm:       ${wholeTime}  (${whole.filesIndexed} files)`,
      '',
    ].join('\n'),
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}

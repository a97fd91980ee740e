/**
 * One server with server-wide and per-tool findings of every level, judged by the real rules: 26
 * tools, 24 named in kebab-case (server-wide tool-name-snake-case), 25 with open input schemas
 * (server-wide input-schema-strict), one without a description (a per-tool warning); its source
 * writes to stdout (a source-stdout-write error on the transport, which caps nothing, so every
 * fix shows in Top fixes) and sets no response limit (a note that fails every tool). The source
 * index knows where 20 of the tools are registered, so server-wide findings have places to relate to.
 */
import { cleanTools } from '../../fixtures/lib/raw-server.mjs';
import type { Anchors } from '../../src/locate/locate.js';
import type { SourceIndex } from '../../src/model/source-index.js';
import { runRules } from '../../src/engine/run.js';
import { buildServerReport, type ServerReport } from '../../src/report/report.js';
import { rules } from '../../rules/index.js';
import { makeCapture } from './capture.js';

export const KEBAB_TOOLS = 24;
export const REGISTERED_TOOLS = 20;

function tools() {
  const base = cleanTools()[1]!;
  const open = { ...base.inputSchema, additionalProperties: undefined };
  const kebab = Array.from({ length: KEBAB_TOOLS }, (_, i) => ({
    ...base,
    name: `bookstore-get-book-${String(i + 1).padStart(2, '0')}`,
    title: `Get Book ${i + 1}`,
    description: `${base.description} Variant ${i + 1} of the lookup, for shelf ${i + 1}.`,
    inputSchema: open,
  }));
  return [
    ...kebab,
    { ...base, name: 'bookstore_get_shelf', title: 'Get Shelf', description: '', inputSchema: open },
    { ...base, name: 'bookstore_get_stock', title: 'Get Stock', description: `${base.description} Also says how many are in stock.` },
  ];
}

/** The source index: registrations of the first REGISTERED_TOOLS tools in src/tools.ts, one per line from line 10. */
export function mixedSource(): SourceIndex {
  return {
    root: '/repo',
    registrations: tools()
      .slice(0, REGISTERED_TOOLS)
      .map((t, i) => ({ kind: 'tool' as const, name: t.name, file: 'src/tools.ts', line: 10 + i, column: 5, style: 'registerTool' })),
    unresolved: [],
    stdoutWrites: [{ file: 'src/server.ts', line: 5, column: 3, call: 'console.log', text: 'console.log("ready")' }],
    throwingHandlers: [],
    looseZodObjects: [],
    filesIndexed: 1,
  };
}

export function mixedServerReport(anchors: Partial<Anchors> = {}): ServerReport {
  const capture = makeCapture({ tools: tools() });
  const source = mixedSource();
  const result = runRules(capture, { rules, settings: new Map(), source });
  return buildServerReport(capture, result, { fallback: 'node', manifest: { uri: 'package.json', line: 3 }, source, ...anchors }, rules);
}

/**
 * zod input objects that strip unknown keys instead of rejecting them: a tool's input schema
 * (a `z.object(…)` without `.strict()`, or a raw shape the SDK wraps in one), and in a low-level
 * CallTool handler the loose z.object a tool's branch parses its arguments with.
 */
import { Node, SyntaxKind } from 'ts-morph';
import type { SourceIndex } from '../../model/source-index.js';
import { position, snippet } from './positions.js';
import type { ToolCode } from './registration-findings.js';
import { resolveObject, unwrap } from './resolve.js';
import type { Scope } from './scope.js';
import { toolOfBranch } from './tool-branches.js';
import { zodObject } from './zod.js';

type LooseZodObject = SourceIndex['looseZodObjects'][number];

const PARSE_METHODS = new Set(['parse', 'safeParse', 'parseAsync', 'safeParseAsync']);

/** The loose zod objects of the tools' code, in the order of `tools`, each once per tool. */
export function looseZodObjects(tools: readonly ToolCode[], scope: Scope): LooseZodObject[] {
  const found: LooseZodObject[] = [];
  const seen = new Set<string>();
  const record = (inputSchema: Node, tool: string | undefined, form?: 'parse'): void => {
    const zod = zodObject(inputSchema, scope);
    if (!zod) {
      // An empty `{}` raw shape (no parameters) is wrapped the same way by the SDK.
      const object = resolveObject(inputSchema, scope);
      if (object && object.getProperties().length === 0 && form === undefined) push(object, 'rawShape');
      return;
    }
    if (zod.mode !== 'strip') return;
    push(zod.at, form ?? zod.form);

    function push(at: Node, kind: LooseZodObject['form']): void {
      const where = position(at, scope);
      const key = `${tool ?? ''}\u0000${where.file}:${where.line}:${where.column}`;
      if (seen.has(key)) return;
      seen.add(key);
      found.push({ ...where, ...(tool !== undefined ? { tool } : {}), form: kind, text: snippet(at) });
    }
  };
  for (const code of tools) {
    if (code.style !== 'CallToolRequestSchema') {
      if (code.inputSchema) record(code.inputSchema, code.tool);
      continue;
    }
    for (const parse of code.handler.getDescendantsOfKind(SyntaxKind.CallExpression)) {
      const callee = unwrap(parse.getExpression());
      if (!Node.isPropertyAccessExpression(callee) || !PARSE_METHODS.has(callee.getName())) continue;
      const tool = toolOfBranch(parse, code.handler, scope);
      if (!tool) continue;
      const zod = zodObject(callee.getExpression(), scope);
      if (zod && zod.form === 'object') record(callee.getExpression(), tool, 'parse');
    }
  }
  return found;
}

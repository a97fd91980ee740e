/**
 * Where a Python server registers its tools, prompts and resources, with the positions of their
 * parts. FastMCP (`mcp.server.fastmcp` and the standalone `fastmcp` package, the same API):
 * `@mcp.tool()`, `@mcp.tool(name=…)`, `@mcp.tool("name")`, bare `@mcp.tool`, `mcp.add_tool(fn, name=…)`,
 * `mcp.tool(fn)`, `@mcp.prompt…`, `@mcp.resource("uri")`. The name is the explicit one, else the
 * function's; the description is the `description=` argument, else the docstring (what FastMCP
 * advertises). The low-level `Server`: `@server.list_tools()` (and list_prompts/list_resources)
 * returning `types.Tool(name=…)` literals, with the tools' code in `@server.call_tool()`'s
 * `if name == "…"` branches.
 */
import type { Node } from 'web-tree-sitter';
import type { HandlerStyle, Registration, SourceIndex, SourcePosition } from '../../model/source-index.js';
import { escapePointer } from '../extract/positions.js';
import { callArguments, descendants, docstring, dottedName, parameters, position, stringValue, type PythonModule } from './syntax.js';

type Kind = Registration['kind'];
type Properties = Record<string, SourcePosition>;

/** The code of one tool: a FastMCP function, or a branch of the low-level call_tool handler. */
export interface ToolCode {
  /** '' when the code cannot be tied to one tool (call_tool outside any `name ==` branch). */
  readonly tool: string;
  readonly style: HandlerStyle;
  readonly module: PythonModule;
  readonly node: Node;
  /** The function the code runs in (for `async def`). */
  readonly fn: Node;
  /** For call_tool: the branches of other tools inside `node`, whose code is theirs. */
  readonly exclude?: readonly Node[];
}

export interface FoundRegistrations {
  readonly registrations: Registration[];
  readonly unresolved: SourceIndex['unresolved'][number][];
  readonly toolCode: ToolCode[];
}

const DECORATOR_KINDS: Readonly<Record<string, Kind>> = { tool: 'tool', prompt: 'prompt', resource: 'resource' };
const LIST_HANDLERS: Readonly<Record<string, { kind: Kind; literal: string }>> = {
  list_tools: { kind: 'tool', literal: 'Tool' },
  list_prompts: { kind: 'prompt', literal: 'Prompt' },
  list_resources: { kind: 'resource', literal: 'Resource' },
  list_resource_templates: { kind: 'resource', literal: 'ResourceTemplate' },
};
/** Server classes whose instances register things (FastMCP and the low-level Server). */
const SERVER_CLASS = /^(?:(?:mcp\.server\.(?:fastmcp\.|lowlevel\.)?|fastmcp\.|mcp\.)?(?:FastMCP|Server|MCPServer))$/;
/** Receivers taken for servers when no assignment from a server class is seen (a factory made it). */
const USUAL_SERVER_NAMES = new Set(['mcp', 'server', 'app']);
/** Parameters FastMCP fills itself, not advertised in the schema. */
const INJECTED_TYPE = /\bContext\b/;

export function collectRegistrations(modules: readonly PythonModule[]): FoundRegistrations {
  const found: FoundRegistrations = { registrations: [], unresolved: [], toolCode: [] };
  const servers = serverNames(modules);
  const isServer = (receiver: string | undefined) =>
    receiver !== undefined && (servers.size > 0 ? servers.has(receiver.split('.').pop()!) : USUAL_SERVER_NAMES.has(receiver));
  const functions = topLevelFunctions(modules);
  for (const module of modules) {
    for (const node of descendants(module.root, new Set(['decorated_definition', 'call']))) {
      if (node.type === 'decorated_definition') decorated(node, module, isServer, found);
      else registeringCall(node, module, isServer, functions, found);
    }
  }
  return found;
}

/** Names bound to a FastMCP or Server instance anywhere in the project (`mcp = FastMCP("…")`). */
function serverNames(modules: readonly PythonModule[]): Set<string> {
  const names = new Set<string>();
  for (const module of modules) {
    for (const assignment of descendants(module.root, new Set(['assignment']))) {
      const right = assignment.childForFieldName('right');
      const left = assignment.childForFieldName('left');
      if (right?.type !== 'call' || !left) continue;
      const callee = dottedName(right.childForFieldName('function'));
      if (callee && SERVER_CLASS.test(callee)) names.add(left.text.split('.').pop()!);
    }
  }
  return names;
}

/** Module-level functions by name, for `mcp.add_tool(fn)`. */
function topLevelFunctions(modules: readonly PythonModule[]): Map<string, { fn: Node; module: PythonModule }> {
  const out = new Map<string, { fn: Node; module: PythonModule }>();
  for (const module of modules) {
    for (const statement of module.root.namedChildren) {
      const fn = statement?.type === 'decorated_definition' ? statement.childForFieldName('definition') : statement;
      if (fn?.type !== 'function_definition') continue;
      const name = fn.childForFieldName('name')?.text;
      if (name && !out.has(name)) out.set(name, { fn, module });
    }
  }
  return out;
}

function decorated(node: Node, module: PythonModule, isServer: (r: string | undefined) => boolean, found: FoundRegistrations): void {
  const fn = node.childForFieldName('definition');
  if (fn?.type !== 'function_definition') return;
  for (const decorator of node.namedChildren.filter((c): c is Node => c?.type === 'decorator')) {
    const expression = decorator.namedChildren[0];
    if (!expression) continue;
    const call = expression.type === 'call' ? expression : undefined;
    const callee = dottedName(call ? call.childForFieldName('function') : expression);
    if (!callee?.includes('.')) continue;
    const receiver = callee.slice(0, callee.lastIndexOf('.'));
    const method = callee.slice(callee.lastIndexOf('.') + 1);
    if (!isServer(receiver)) continue;
    const kind = DECORATOR_KINDS[method];
    if (kind) {
      const args = call ? callArguments(call) : { positional: [], keywords: new Map<string, Node>() };
      register(kind, `@${receiver}.${method}`, decorator, fn, args, module, found);
      continue;
    }
    const list = LIST_HANDLERS[method];
    if (list) lowLevelList(list.kind, list.literal, `@${receiver}.${method}`, fn, module, found);
    else if (method === 'call_tool') lowLevelCallTool(fn, module, found);
  }
}

/** `mcp.add_tool(fn, name=…)`, `mcp.add_prompt(…)`, and FastMCP's `mcp.tool(fn, name=…)` call form. */
function registeringCall(
  call: Node,
  module: PythonModule,
  isServer: (r: string | undefined) => boolean,
  functions: ReadonlyMap<string, { fn: Node; module: PythonModule }>,
  found: FoundRegistrations,
): void {
  if (call.parent?.type === 'decorator') return;
  const callee = dottedName(call.childForFieldName('function'));
  const match = callee ? /^(.+)\.(add_tool|tool|add_prompt|prompt)$/.exec(callee) : null;
  if (!match || !isServer(match[1])) return;
  const args = callArguments(call);
  const target = args.positional[0];
  if (target?.type !== 'identifier') return; // `mcp.tool(name=…)` used as a decorator factory, or a Tool object
  const defined = functions.get(target.text);
  const kind: Kind = match[2]!.endsWith('tool') ? 'tool' : 'prompt';
  const style = `${match[1]}.${match[2]}`;
  if (!defined) {
    found.unresolved.push({
      ...position(call, module),
      kind,
      reason: `${style} is given ${target.text}, which is not a function in the project`,
    });
    return;
  }
  const at = args.keywords.get('name') ?? call;
  register(kind, style, at, defined.fn, { positional: args.positional.slice(1), keywords: args.keywords }, module, found, defined.module);
}

function register(
  kind: Kind,
  style: string,
  at: Node,
  fn: Node,
  args: { positional: Node[]; keywords: Map<string, Node> },
  module: PythonModule,
  found: FoundRegistrations,
  fnModule: PythonModule = module,
): void {
  const fnName = fn.childForFieldName('name')?.text ?? '';
  const props: Properties = {};
  const description = args.keywords.get('description');
  const doc = docstring(fn);
  if (description) props['/description'] = position(description, module);
  else if (doc) props['/description'] = position(doc, fnModule);
  for (const key of ['title', 'mimeType', 'mime_type']) {
    const value = args.keywords.get(key);
    if (value) props[key === 'mime_type' ? '/mimeType' : `/${key}`] = position(value, module);
  }
  if (kind === 'resource') {
    const uriNode = args.keywords.get('uri') ?? args.positional[0];
    const uri = stringValue(uriNode);
    if (uri === undefined) {
      found.unresolved.push({ ...position(uriNode ?? at, module), kind, reason: `${style} has no literal URI` });
      return;
    }
    const registeredName = stringValue(args.keywords.get('name')) ?? fnName;
    found.registrations.push({ ...position(at, module), kind, name: uri, registeredName, style, properties: props });
    return;
  }
  const nameNode = args.keywords.get('name') ?? (args.positional[0]?.type === 'string' ? args.positional[0] : undefined);
  const name = nameNode ? stringValue(nameNode) : fnName;
  if (name === undefined || name === '') {
    found.unresolved.push({ ...position(nameNode ?? at, module), kind, reason: `${style} name is not a string literal` });
    return;
  }
  const params = parameters(fn).filter((p) => !(p.type && INJECTED_TYPE.test(p.type.text)) && p.name !== 'self' && p.name !== 'cls');
  if (kind === 'tool') {
    const list = fn.childForFieldName('parameters');
    if (list) props['/inputSchema'] = position(list, fnModule);
    for (const param of params)
      props[`/inputSchema/properties/${escapePointer(param.name)}`] = position(fieldOf(param) ?? param.node, fnModule);
    const annotations = args.keywords.get('annotations');
    if (annotations) annotationProperties(annotations, module, props);
    found.toolCode.push({ tool: name, style: 'fastmcp', module: fnModule, node: fn, fn });
  } else {
    params.forEach((param, i) => {
      props[`/arguments/${i}`] = position(fieldOf(param) ?? param.node, fnModule);
    });
  }
  found.registrations.push({ ...position(at, module), kind, name, style, properties: props });
}

/** A parameter's Pydantic `Field(…)`: its default (`q: str = Field(…)`) or in `Annotated[str, Field(…)]`. */
function fieldOf(param: { type?: Node; value?: Node }): Node | undefined {
  const isField = (n: Node | null | undefined) =>
    n?.type === 'call' && /(?:^|\.)Field$/.test(dottedName(n.childForFieldName('function')) ?? '');
  if (isField(param.value)) return param.value;
  return param.type ? descendants(param.type, new Set(['call'])).find(isField) : undefined;
}

/** `annotations=ToolAnnotations(readOnlyHint=True, …)` or a dict literal: the argument and each hint. */
function annotationProperties(node: Node, module: PythonModule, props: Properties): void {
  props['/annotations'] = position(node, module);
  if (node.type === 'call') {
    for (const [key, value] of callArguments(node).keywords) props[`/annotations/${escapePointer(key)}`] = position(value, module);
  } else if (node.type === 'dictionary') {
    for (const pair of node.namedChildren) {
      const key = stringValue(pair?.childForFieldName('key'));
      if (pair && key !== undefined) props[`/annotations/${escapePointer(key)}`] = position(pair, module);
    }
  }
}

/** `@server.list_tools()`: every `Tool(name="…", …)` literal the function builds. */
function lowLevelList(kind: Kind, literal: string, style: string, fn: Node, module: PythonModule, found: FoundRegistrations): void {
  const literals = descendants(fn, new Set(['call'])).filter((call) => {
    const callee = dottedName(call.childForFieldName('function'));
    return callee !== undefined && (callee === literal || callee.endsWith(`.${literal}`));
  });
  if (literals.length === 0) {
    found.unresolved.push({ ...position(fn, module), kind, reason: `${style} builds no ${literal}(…) literal the index can read` });
  }
  for (const call of literals) {
    const { keywords } = callArguments(call);
    const nameKey = kind === 'resource' ? (literal === 'ResourceTemplate' ? 'uriTemplate' : 'uri') : 'name';
    const nameNode = keywords.get(nameKey);
    const name = stringValue(nameNode);
    if (name === undefined) {
      found.unresolved.push({
        ...position(nameNode ?? call, module),
        kind,
        reason: `${style} ${literal} ${nameKey} is not a string literal`,
      });
      continue;
    }
    const props: Properties = {};
    for (const key of ['description', 'title', 'mimeType']) {
      const value = keywords.get(key);
      if (value) props[`/${key}`] = position(value, module);
    }
    const schema = keywords.get('inputSchema');
    if (schema) {
      props['/inputSchema'] = position(schema, module);
      schemaProperties(schema, '/inputSchema', module, props, 0);
    }
    const annotations = keywords.get('annotations');
    if (annotations) annotationProperties(annotations, module, props);
    const registeredName = kind === 'resource' ? stringValue(keywords.get('name')) : undefined;
    found.registrations.push({
      ...position(nameNode!, module),
      kind,
      name,
      ...(registeredName !== undefined ? { registeredName } : {}),
      style,
      properties: props,
    });
  }
}

/** Positions of `"properties": {"q": {…}}` entries in a JSON Schema dict literal. */
function schemaProperties(node: Node, pointer: string, module: PythonModule, props: Properties, depth: number): void {
  if (node.type !== 'dictionary' || depth > 4) return;
  for (const pair of node.namedChildren) {
    if (pair?.type !== 'pair' || stringValue(pair.childForFieldName('key')) !== 'properties') continue;
    const value = pair.childForFieldName('value');
    for (const entry of value?.type === 'dictionary' ? value.namedChildren : []) {
      const key = stringValue(entry?.childForFieldName('key'));
      if (!entry || key === undefined) continue;
      const at = `${pointer}/properties/${escapePointer(key)}`;
      props[at] = position(entry, module);
      const inner = entry.childForFieldName('value');
      if (inner) schemaProperties(inner, at, module, props, depth + 1);
    }
  }
}

/**
 * `@server.call_tool()`: each `if name == "x":` (or `match name: case "x":`) branch is tool x's
 * code; the rest of the function is code no single tool owns.
 */
function lowLevelCallTool(fn: Node, module: PythonModule, found: FoundRegistrations): void {
  const nameParam = parameters(fn)[0]?.name ?? 'name';
  const branches: { tool: string; node: Node }[] = [];
  for (const branch of descendants(fn, new Set(['if_statement', 'elif_clause', 'case_clause']))) {
    const tool = branchTool(branch, nameParam);
    const body = branch.childForFieldName('consequence') ?? branch.namedChildren.find((c) => c?.type === 'block');
    if (tool !== undefined && body) branches.push({ tool, node: body });
  }
  for (const branch of branches) found.toolCode.push({ tool: branch.tool, style: 'call_tool', module, node: branch.node, fn });
  found.toolCode.push({ tool: '', style: 'call_tool', module, node: fn, fn, exclude: branches.map((b) => b.node) });
}

function branchTool(branch: Node, nameParam: string): string | undefined {
  if (branch.type === 'case_clause') {
    const match = branch.parent?.parent;
    if (match?.type !== 'match_statement' || match.childForFieldName('subject')?.text !== nameParam) return undefined;
    const pattern = branch.namedChildren.find((c) => c?.type === 'case_pattern');
    return stringValue(pattern?.namedChildren[0]);
  }
  const condition = branch.childForFieldName('condition');
  if (condition?.type !== 'comparison_operator' || !condition.children.some((c) => c?.text === '==')) return undefined;
  const [left, right] = condition.namedChildren;
  if (left?.text === nameParam) return stringValue(right);
  if (right?.text === nameParam) return stringValue(left);
  return undefined;
}

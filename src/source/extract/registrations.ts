/**
 * Registrations through McpServer (registerTool/tool, registerPrompt/prompt,
 * registerResource/resource), and the collector of every registration: the visitor that
 * dispatches these calls and `setRequestHandler` (request-handlers.ts), and owns what they find.
 */
import { Node, type CallExpression, type PropertyAccessExpression } from 'ts-morph';
import type { Registration } from '../../model/source-index.js';
import { handlerFunction } from './functions.js';
import { position } from './positions.js';
import { serverPromptProperties, serverResourceProperties, serverToolProperties, type Properties } from './property-positions.js';
import type { RegistrationFindings } from './registration-findings.js';
import { requestHandler } from './request-handlers.js';
import { arrayElements, declarationOf, isStringish, propertyPath, resolveString, resolveValue, unwrap, type Resolved } from './resolve.js';
import type { Scope } from './scope.js';
import type { CallVisitor } from './visitor.js';

/** What an McpServer method registers, and the style findings name it by. */
interface ServerMethod {
  readonly kind: Registration['kind'];
  readonly style: string;
}

const SERVER_METHODS: Record<string, ServerMethod> = {
  registerTool: { kind: 'tool', style: 'registerTool' },
  tool: { kind: 'tool', style: 'tool' },
  registerPrompt: { kind: 'prompt', style: 'registerPrompt' },
  prompt: { kind: 'prompt', style: 'prompt' },
  registerResource: { kind: 'resource', style: 'registerResource' },
  resource: { kind: 'resource', style: 'resource' },
};

/** Collects the registrations (and what could not be resolved, and each tool's code) call by call. */
export class RegistrationCollector implements CallVisitor {
  readonly found: RegistrationFindings = { registrations: [], unresolved: [], toolCode: [] };

  constructor(private readonly scope: Scope) {}

  visitCall(call: CallExpression, callee: PropertyAccessExpression): void {
    const method = callee.getName();
    // Own keys only: a call of `x.constructor(…)` or `x.toString(…)` is no registration.
    const server = Object.hasOwn(SERVER_METHODS, method) ? SERVER_METHODS[method] : undefined;
    if (server) serverRegistration(call, server, this.scope, this.found);
    else if (method === 'setRequestHandler') requestHandler(call, this.scope, this.found);
  }
}

function looksLikeHandler(node: Node | undefined): boolean {
  if (!node) return false;
  const expr = unwrap(node);
  return (
    Node.isArrowFunction(expr) ||
    Node.isFunctionExpression(expr) ||
    Node.isIdentifier(expr) ||
    Node.isPropertyAccessExpression(expr) ||
    Node.isCallExpression(expr)
  );
}

/** McpServer registerTool/tool/registerPrompt/prompt/registerResource/resource. */
function serverRegistration(call: CallExpression, method: ServerMethod, scope: Scope, found: RegistrationFindings): void {
  const args = call.getArguments();
  if (args.length < 2 || !looksLikeHandler(args[args.length - 1])) return;
  // `registerTool(…)` is unambiguous; the short `tool(…)`/`prompt(…)`/`resource(…)` must look like one.
  if (!method.style.startsWith('register') && !isStringish(args[0]!)) return;
  // Registered in a loop over a literal array (`for (const t of TOOLS) server.registerTool(t.name,
  // t.config, t.handler)`): one registration per element, with the loop variable read from it.
  const loop = loopOf(args[0]!, scope);
  if (loop) {
    for (const element of loop.elements) {
      registerOne(
        args.map((arg) => substitute(arg, loop.iterated, element, scope) ?? arg),
        method,
        scope,
        found,
      );
    }
    return;
  }
  registerOne(args, method, scope, found);
}

/** `t`, `t.name` or a destructured `name` of a loop over `iterated`, read from one element. */
function substitute(node: Node, iterated: Node, element: Node, scope: Scope): Node | undefined {
  let expr = unwrap(node);
  const names: string[] = [];
  while (Node.isPropertyAccessExpression(expr)) {
    names.unshift(expr.getName());
    expr = unwrap(expr.getExpression());
  }
  if (!Node.isIdentifier(expr)) return undefined;
  const declared = declarationOf(expr, scope);
  if (declared.kind !== 'loop' || declared.iterated !== iterated) return undefined;
  const path = [...declared.path, ...names];
  return path.length === 0 ? element : propertyPath(element, path, scope, 0);
}

function registerOne(args: readonly Node[], method: ServerMethod, scope: Scope, found: RegistrationFindings): void {
  const { kind, style } = method;
  const nameArg = args[0]!;
  const name = resolveString(nameArg, scope);
  const registered: string | undefined = 'value' in name ? name.value : undefined;
  let subjectName = registered;
  if (kind === 'resource') {
    const uriArg = args[1];
    const uri = uriArg ? resourceUri(uriArg, scope) : { reason: 'has no URI argument' };
    subjectName = 'value' in uri ? uri.value : undefined;
    if (!('value' in uri)) {
      found.unresolved.push({ ...position(uriArg ?? nameArg, scope), kind, reason: `${style} URI ${uri.reason}` });
      return;
    }
  } else if (!registered) {
    found.unresolved.push({ ...position(nameArg, scope), kind, reason: `${style} name ${(name as { reason: string }).reason}` });
  }

  const props: Properties = {};
  if (kind === 'tool') {
    const inputSchema = serverToolProperties(args, style, props, scope);
    const handler = handlerFunction(args[args.length - 1], scope);
    // SERVER_METHODS registers tools only with registerTool or tool.
    if (inputSchema || handler) found.toolCode.push({ style: style as 'registerTool' | 'tool', tool: registered, inputSchema, handler });
  } else if (kind === 'prompt') {
    serverPromptProperties(args, style, props, scope);
  } else {
    serverResourceProperties(args, props, scope);
  }

  if (!subjectName) return;
  found.registrations.push({
    ...position(nameArg, scope),
    kind,
    name: subjectName,
    ...(kind === 'resource' && registered !== undefined ? { registeredName: registered } : {}),
    style,
    ...(Object.keys(props).length > 0 ? { properties: props } : {}),
  });
}

function resourceUri(node: Node, scope: Scope): Resolved {
  const expr = unwrap(node);
  if (Node.isNewExpression(expr) && /ResourceTemplate$/.test(expr.getExpression().getText())) {
    const first = expr.getArguments()[0];
    return first ? resolveString(first, scope) : { reason: 'has a ResourceTemplate without a URI template' };
  }
  const value = resolveValue(expr, scope);
  if (value && value !== expr && Node.isNewExpression(value)) return resourceUri(value, scope);
  return resolveString(expr, scope);
}

/** A name argument like `t.name` where `t` walks a literal array: the array's elements. */
function loopOf(nameArg: Node, scope: Scope): { elements: Node[]; iterated: Node } | undefined {
  let expr = unwrap(nameArg);
  while (Node.isPropertyAccessExpression(expr)) expr = unwrap(expr.getExpression());
  if (!Node.isIdentifier(expr)) return undefined;
  const declared = declarationOf(expr, scope);
  if (declared.kind !== 'loop') return undefined;
  const elements = arrayElements(declared.iterated, scope);
  return elements ? { elements, iterated: declared.iterated } : undefined;
}

/**
 * Registrations through the low-level `Server`: `setRequestHandler(ListToolsRequestSchema, …)`
 * (and prompts, resources, templates) returning literal arrays, whose entries are the
 * registrations; and the CallTool handler, the code of every tool.
 */
import { Node, type CallExpression } from 'ts-morph';
import type { Registration } from '../../model/source-index.js';
import { handlerFunction, returnedExpressions } from './functions.js';
import { position } from './positions.js';
import { toolObjectProperties, type Properties } from './property-positions.js';
import type { RegistrationFindings } from './registration-findings.js';
import { arrayElements, findProperty, properties, propertyValue, resolveObject, resolveString, unwrap } from './resolve.js';
import type { Scope } from './scope.js';

/** A list request: what it registers, the result key holding the entries, and each entry's name key. */
interface ListSchema {
  readonly kind: Registration['kind'];
  readonly key: string;
  readonly nameKey: string;
}

const LIST_SCHEMAS: Record<string, ListSchema> = {
  ListToolsRequestSchema: { kind: 'tool', key: 'tools', nameKey: 'name' },
  ListPromptsRequestSchema: { kind: 'prompt', key: 'prompts', nameKey: 'name' },
  ListResourcesRequestSchema: { kind: 'resource', key: 'resources', nameKey: 'uri' },
  ListResourceTemplatesRequestSchema: { kind: 'resource', key: 'resourceTemplates', nameKey: 'uriTemplate' },
};

function schemaName(node: Node): string {
  const expr = unwrap(node);
  return Node.isPropertyAccessExpression(expr) ? expr.getName() : expr.getText();
}

/** `server.setRequestHandler(Schema, handler)`: list handlers' literal entries, and the CallTool handler. */
export function requestHandler(call: CallExpression, scope: Scope, found: RegistrationFindings): void {
  const [schemaArg, handlerArg] = call.getArguments();
  if (!schemaArg || !handlerArg) return;
  const schema = schemaName(schemaArg);
  const handler = handlerFunction(handlerArg, scope);
  if (!handler) return;
  const list = LIST_SCHEMAS[schema];
  if (list) {
    listHandler(handler, list, schema, scope, found);
    return;
  }
  if (schema === 'CallToolRequestSchema') found.toolCode.push({ style: 'CallToolRequestSchema', handler });
}

/** The entries a list handler returns (`return { tools: [...] }`), each a registration. */
function listHandler(handler: Node, list: ListSchema, style: string, scope: Scope, found: RegistrationFindings): void {
  for (const returned of returnedExpressions(handler)) {
    let expr = unwrap(returned);
    if (Node.isAwaitExpression(expr)) expr = unwrap(expr.getExpression());
    const object = resolveObject(expr, scope);
    if (!object) continue;
    const prop = findProperty(object, list.key, scope);
    if (!prop) continue;
    const value = propertyValue(prop);
    const elements = value ? arrayElements(value, scope) : undefined;
    if (!elements) {
      found.unresolved.push({
        ...position(prop, scope),
        kind: list.kind,
        reason: `${style} returns ${list.key} that are not a literal array in the project`,
      });
      continue;
    }
    for (const element of elements) {
      const entry = resolveObject(element, scope);
      if (!entry) {
        found.unresolved.push({
          ...position(element, scope),
          kind: list.kind,
          reason: `${style} entry is not an object literal (${unwrap(element).getKindName()})`,
        });
        continue;
      }
      const nameProp = findProperty(entry, list.nameKey, scope);
      const nameValue = nameProp ? propertyValue(nameProp) : undefined;
      if (!nameProp || !nameValue) {
        found.unresolved.push({ ...position(entry, scope), kind: list.kind, reason: `${style} entry has no literal "${list.nameKey}"` });
        continue;
      }
      const name = resolveString(nameValue, scope);
      if ('reason' in name) {
        found.unresolved.push({ ...position(nameValue, scope), kind: list.kind, reason: `${style} ${list.nameKey} ${name.reason}` });
        continue;
      }
      const props: Properties = {};
      if (list.kind === 'tool') toolObjectProperties(entry, props, scope, 'object');
      else {
        for (const [key, p] of properties(entry, scope)) {
          if (key === 'title' || key === 'description' || key === 'mimeType') props[`/${key}`] = position(p, scope);
          if (key === 'arguments') {
            const args = arrayElements(propertyValue(p) ?? p, scope);
            props['/arguments'] = position(p, scope);
            args?.forEach((a, i) => (props[`/arguments/${i}`] = position(a, scope)));
          }
        }
      }
      const nameAt = Node.isShorthandPropertyAssignment(nameProp) ? nameProp : nameValue;
      found.registrations.push({
        ...position(nameAt, scope),
        kind: list.kind,
        name: name.value,
        style,
        ...(Object.keys(props).length ? { properties: props } : {}),
      });
    }
  }
}

/**
 * Checks a tool call's arguments against the tool's own input schema (the one it lists), so a bad
 * call gets an isError result that names each problem and the fix, never a protocol error the
 * model cannot see. Defaults of the schema are filled in.
 */
import { createRequire } from 'node:module';
import type { Ajv as AjvType, ErrorObject, ValidateFunction } from 'ajv';
import type { ToolDefinition } from './tool-definitions.js';

const require = createRequire(import.meta.url);
type AjvClass = new (options: Record<string, unknown>) => AjvType;

let ajv: AjvType | undefined;
const compiled = new Map<string, ValidateFunction>();

export type Checked = { readonly ok: true; readonly args: Record<string, unknown> } | { readonly ok: false; readonly problems: string[] };

export function checkArguments(tool: ToolDefinition, given: unknown): Checked {
  let validate = compiled.get(tool.name);
  if (!validate) {
    const Ajv = require('ajv') as AjvClass | { default: AjvClass };
    ajv ??= new ('default' in Ajv ? Ajv.default : Ajv)({ allErrors: true, useDefaults: true, strict: false });
    validate = ajv.compile(tool.inputSchema);
    compiled.set(tool.name, validate);
  }
  // A copy: defaults are written into what is validated.
  const args: Record<string, unknown> = given === undefined ? {} : structuredClone(given as Record<string, unknown>);
  if (validate(args)) return { ok: true, args };
  return { ok: false, problems: (validate.errors ?? []).map(problemText) };
}

function problemText(error: ErrorObject): string {
  const at = error.instancePath ? error.instancePath.slice(1).replace(/\//g, '.') : 'the arguments';
  switch (error.keyword) {
    case 'additionalProperties':
      return `${at} has no parameter "${String(error.params.additionalProperty)}"`;
    case 'required':
      return `${at} lack the required "${String(error.params.missingProperty)}"`;
    case 'enum':
      return `${at} must be one of ${(error.params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
    default:
      return `${at} ${error.message ?? 'is invalid'}`;
  }
}

/**
 * What the read-side probes plan from: the prompts, resources and templates the server listed,
 * reduced to the few fields a request needs. Malformed entries are left to the list rules.
 */
import { isObject } from '../shared/json.js';
import type { PlanInput } from '../model/probe-types.js';

export interface ListedPrompt {
  readonly name: string;
  readonly arguments: readonly { readonly name: string; readonly required: boolean }[];
}

/** Distinct, well-formed prompts of prompts/list, in list order. */
export function listedPrompts(input: PlanInput): ListedPrompt[] {
  const seen = new Set<string>();
  const out: ListedPrompt[] = [];
  for (const raw of input.lists.prompts.items) {
    if (!isObject(raw) || typeof raw.name !== 'string' || seen.has(raw.name)) continue;
    seen.add(raw.name);
    const args = Array.isArray(raw.arguments) ? raw.arguments : [];
    out.push({
      name: raw.name,
      arguments: args
        .filter(isObject)
        .flatMap((a) => (typeof a.name === 'string' ? [{ name: a.name, required: a.required === true }] : [])),
    });
  }
  return out;
}

/** Distinct resource URIs of resources/list, in list order. */
export function listedResourceUris(input: PlanInput): string[] {
  const uris = input.lists.resources.items.flatMap((raw) => (isObject(raw) && typeof raw.uri === 'string' ? [raw.uri] : []));
  return [...new Set(uris)];
}

/** URI templates of resources/templates/list with their variable names, in list order. */
export function listedTemplates(input: PlanInput): { readonly uriTemplate: string; readonly variables: readonly string[] }[] {
  return input.lists.resourceTemplates.items.flatMap((raw) => {
    if (!isObject(raw) || typeof raw.uriTemplate !== 'string') return [];
    const variables = [...raw.uriTemplate.matchAll(/\{[+#./;?&]?([^}]+)\}/g)].flatMap((m) =>
      m[1]!.split(',').map((v) => v.replace(/[*]|:\d+$/g, '')),
    );
    return [{ uriTemplate: raw.uriTemplate, variables }];
  });
}

/** Whether a list was fetched (wholly or in part), so its entries can be used. */
export function listUsable(status: string): boolean {
  return status === 'ok' || status === 'partial';
}

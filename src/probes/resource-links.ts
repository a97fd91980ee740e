/**
 * Read-side probe `resource-links`: resources/read of the `resource_link` targets that the calls
 * before it (tools/call, prompts/get) returned and that resources/list does not list, at most
 * MAX_LINK_READS (resource-link-target). The plan has one step; which URIs it reads is only known
 * once those calls have answered, so the runner (run.ts) turns it into one read per target and
 * records exactly what it sent. Reading changes nothing on the server. http(s) links are not read:
 * the spec lets a client fetch those from the web itself, which mcplint never does.
 */
import { isObject } from '../shared/json.js';
import type { ProbeModule } from './probe.js';
import { listedPrompts } from './surface-lists.js';
import { validCallsProbe } from './valid-calls.js';

export const MAX_LINK_READS = 5;
/** `purpose` of the planned step that the runner expands into the reads. */
export const READ_LINK_TARGETS = 'read-link-targets';
/** The probes whose answers' links are read: calls with valid arguments, and prompts. */
export const LINK_SOURCES: readonly string[] = ['prompts-get', 'valid-calls', 'pagination'];
/** A URI longer than this is not read (nor judged). */
export const MAX_LINK_URI_CHARS = 2048;

export const resourceLinksProbe: ProbeModule = {
  id: 'resource-links',
  kind: 'surface',
  plan(ctx) {
    if (!isObject(ctx.capabilities.resources))
      return { skip: 'the server does not declare resources, so a link target cannot be read with resources/read', notApplicable: true };
    // Pagination calls only tools valid-calls calls too.
    const callsTools = 'steps' in validCallsProbe.plan(ctx);
    if (!callsTools && listedPrompts(ctx.input).length === 0)
      return { skip: 'no tool is called and no prompt is got, so no answer can carry a resource_link', notApplicable: true };
    return {
      steps: [
        {
          method: 'resources/read',
          params: { uri: '<each resource_link target, filled in at run time>' },
          purpose: READ_LINK_TARGETS,
          reason: `reads up to ${MAX_LINK_READS} resource_link targets returned by the calls above that resources/list does not list (not http(s) ones); reading changes nothing, and a link must point at a resource the server can read`,
          detail: { maxReads: MAX_LINK_READS },
        },
      ],
    };
  },
};

/** A resource_link an answer carried, and where it came from. */
export interface FoundLink {
  readonly uri: string;
  readonly step: number;
  readonly method: string;
  readonly tool?: string;
  readonly prompt?: string;
}

/** The resource_link blocks of a tools/call or prompts/get result. */
export function linksIn(method: string, result: unknown): string[] {
  if (!isObject(result)) return [];
  const blocks =
    method === 'tools/call' && Array.isArray(result.content)
      ? result.content
      : method === 'prompts/get' && Array.isArray(result.messages)
        ? result.messages.map((m) => (isObject(m) ? m.content : undefined))
        : [];
  return blocks.flatMap((b) => (isObject(b) && b.type === 'resource_link' && typeof b.uri === 'string' ? [b.uri] : []));
}

/** Whether mcplint reads this link target: not listed, not on the web, not absurdly long. */
export function readableLinkTarget(uri: string, listed: ReadonlySet<string>): boolean {
  return uri.length > 0 && uri.length <= MAX_LINK_URI_CHARS && !listed.has(uri) && !/^https?:/i.test(uri);
}

/**
 * A bare tools/list result as --from input: `{"tools": [...]}` (optionally with prompts,
 * resources, resourceTemplates and the server's `initialize` result), a JSON-RPC response carrying
 * one, or the server-building guide's assets/tools.json (`{"<server>": [tools]}`, one server per
 * key). Each becomes a capture of no live session: the listed data and nothing else, so only the
 * rules that need nothing more run (src/engine/run.ts skips the others, saying why).
 */
import {
  CAPTURE_VERSION,
  REQUESTED_PROTOCOL_VERSION,
  type Capture,
  type Handshake,
  type ListCapture,
  type ListName,
  type Lists,
} from '../model/capture.js';
import { ConfigError } from '../config/config.js';
import { isObject, type JsonObject } from '../shared/json.js';
import { shortName } from '../shared/text.js';
import { VERSION } from '../shared/version.js';

const LIST_KEYS: readonly ListName[] = ['tools', 'prompts', 'resources', 'resourceTemplates'];

/** The captures a listing file holds (one per server), or undefined when the value is not a listing at all. */
export function listingCaptures(value: unknown, given: string): Capture[] | undefined {
  if (!isObject(value)) return undefined;
  const result = isObject(value.result) && value.jsonrpc !== undefined ? value.result : value;
  if (result.tools !== undefined) {
    if (!Array.isArray(result.tools)) throw new ConfigError(`--from ${given}: "tools" must be an array of tools (a tools/list result)`);
    return [listingCapture(result, given, undefined)];
  }
  const servers = Object.entries(value);
  if (servers.length === 0 || !servers.every(([, v]) => Array.isArray(v) || (isObject(v) && Array.isArray(v.tools)))) return undefined;
  // A 100 KB key is shown shortened, like a client config's (src/shared/text.ts).
  return servers.map(([server, v]) => listingCapture(Array.isArray(v) ? { tools: v } : (v as JsonObject), given, shortName(server)));
}

function listingCapture(result: JsonObject, given: string, server: string | undefined): Capture {
  const where = `--from ${given}${server !== undefined ? ` (server "${server}")` : ''}`;
  const notes: string[] = [];
  const lists = {} as Record<ListName, ListCapture>;
  for (const name of LIST_KEYS) {
    const items = result[name];
    if (items === undefined) {
      lists[name] = { status: 'skipped', pages: [], items: [] };
      continue;
    }
    if (!Array.isArray(items)) throw new ConfigError(`${where}: "${name}" must be an array of ${name}`);
    // tools/list's other keys (nextCursor, _meta…) belong to the tools page only.
    const rest = name === 'tools' ? restOf(result) : {};
    const more = typeof rest.nextCursor === 'string' && rest.nextCursor !== '';
    if (more) notes.push(`The tools/list result in the file has a nextCursor: only the page the file holds was judged.`);
    lists[name] = {
      status: more ? 'partial' : 'ok',
      pages: [{ cursor: null, itemCount: items.length, rest, ...(rest.nextCursor !== undefined ? { nextCursor: rest.nextCursor } : {}) }],
      items,
    };
  }
  const handshake = handshakeOf(result.initialize, lists, where);
  if (result.initialize === undefined)
    notes.push(
      `No initialize result in the file: judged as protocol ${REQUESTED_PROTOCOL_VERSION}; the rules that need the initialize result were not run.`,
    );
  return {
    captureVersion: CAPTURE_VERSION,
    producer: { name: 'mcplint', version: VERSION },
    target: {
      kind: 'listing',
      file: given,
      initialize: result.initialize !== undefined,
      ...(server !== undefined ? { server, declaredIn: { file: given, line: 1, serverName: server } } : {}),
    },
    transport: 'none',
    handshake,
    lists: lists as Lists,
    frames: [],
    stderr: { text: '', totalBytes: 0, truncated: false },
    probes: {},
    timing: { totalMs: 0 },
    notes,
  };
}

/** The page's keys besides the lists and the initialize result. */
function restOf(result: JsonObject): Record<string, unknown> {
  const rest: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(result)) if (!LIST_KEYS.includes(key as ListName) && key !== 'initialize') rest[key] = value;
  return rest;
}

/** The initialize result as a handshake; without one, a handshake assumed at the newest initialize-era version. */
function handshakeOf(initialize: unknown, lists: Record<ListName, ListCapture>, where: string): Handshake {
  if (initialize === undefined) {
    const capabilities: Record<string, unknown> = {};
    if (lists.tools.status !== 'skipped') capabilities.tools = {};
    if (lists.prompts.status !== 'skipped') capabilities.prompts = {};
    if (lists.resources.status !== 'skipped' || lists.resourceTemplates.status !== 'skipped') capabilities.resources = {};
    return {
      ok: true,
      requestedVersion: REQUESTED_PROTOCOL_VERSION,
      protocolVersion: REQUESTED_PROTOCOL_VERSION,
      serverInfo: {},
      capabilities,
      raw: undefined,
      durationMs: 0,
    };
  }
  if (!isObject(initialize) || typeof initialize.protocolVersion !== 'string' || !isObject(initialize.capabilities))
    throw new ConfigError(
      `${where}: "initialize" must be the server's initialize result (with a protocolVersion string and a capabilities object)`,
    );
  return {
    ok: true,
    requestedVersion: initialize.protocolVersion,
    protocolVersion: initialize.protocolVersion,
    serverInfo: isObject(initialize.serverInfo) ? initialize.serverInfo : {},
    capabilities: initialize.capabilities,
    ...(typeof initialize.instructions === 'string' ? { instructions: initialize.instructions } : {}),
    raw: initialize,
    durationMs: 0,
  };
}

/**
 * Views over a capture that many rules need, computed once per capture (never once per rule).
 */
import type { Capture, Frame, MessageFrame, NoiseFrame } from '../model/capture.js';
import { isObject, type JsonObject } from '../shared/json.js';

// Rules have always taken these from here; they live in the shared layer so connect/ and probes/ need not reach up.
export { isObject, type JsonObject };

/** A list entry that is at least an object with a string name (uri for resources). */
export interface Entry {
  /** Position in the captured list (across pages). */
  readonly index: number;
  readonly name: string;
  readonly raw: JsonObject;
}

export interface ToolEntry extends Entry {
  readonly description?: string;
  readonly title?: string;
  readonly inputSchema: unknown;
  readonly outputSchema: unknown;
  readonly annotations?: JsonObject;
}

/** The index's views of the handshake and the lists: complete once listing is done, so every rule sees them. */
export interface ListedIndex {
  readonly protocolVersion?: string;
  readonly serverName?: string;
  readonly tools: readonly ToolEntry[];
  /** Tools by name; the first entry wins for duplicates. */
  readonly toolsByName: ReadonlyMap<string, ToolEntry>;
  readonly prompts: readonly Entry[];
  readonly resources: readonly Entry[];
  readonly resourceTemplates: readonly Entry[];
}

/** The index's views of the session's transcript: only rules that require 'session' (or 'exit') see them. */
export interface SessionIndex {
  readonly noise: readonly (NoiseFrame & { readonly frameIndex: number })[];
  /** Messages received from the server. */
  readonly received: readonly (MessageFrame & { readonly frameIndex: number })[];
  /** Messages mcplint sent, in order (requests carry the ids and progress tokens answers refer to). */
  readonly sent: readonly (MessageFrame & { readonly frameIndex: number })[];
  /** Requests the server sent to mcplint (sampling, roots, elicitation, ping…). */
  readonly serverRequests: readonly (MessageFrame & { readonly frameIndex: number })[];
  readonly serverNotifications: readonly (MessageFrame & { readonly frameIndex: number })[];
}

export interface CaptureIndex extends ListedIndex, SessionIndex {}

const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

function entries(items: readonly unknown[], nameKey: string): Entry[] {
  const out: Entry[] = [];
  items.forEach((raw, index) => {
    if (isObject(raw) && typeof raw[nameKey] === 'string') out.push({ index, name: raw[nameKey] as string, raw });
  });
  return out;
}

const cache = new WeakMap<Capture, CaptureIndex>();

export function indexCapture(capture: Capture): CaptureIndex {
  const cached = cache.get(capture);
  if (cached) return cached;

  const tools: ToolEntry[] = entries(capture.lists.tools.items, 'name').map((e) => ({
    ...e,
    description: str(e.raw.description),
    title: str(e.raw.title),
    inputSchema: e.raw.inputSchema,
    outputSchema: e.raw.outputSchema,
    annotations: isObject(e.raw.annotations) ? e.raw.annotations : undefined,
  }));
  const toolsByName = new Map<string, ToolEntry>();
  for (const tool of tools) if (!toolsByName.has(tool.name)) toolsByName.set(tool.name, tool);

  const noise: (NoiseFrame & { frameIndex: number })[] = [];
  const received: (MessageFrame & { frameIndex: number })[] = [];
  const sent: (MessageFrame & { frameIndex: number })[] = [];
  capture.frames.forEach((frame: Frame, frameIndex) => {
    if (frame.kind === 'noise') noise.push({ ...frame, frameIndex });
    else if (frame.dir === 'recv') received.push({ ...frame, frameIndex });
    else sent.push({ ...frame, frameIndex });
  });
  const hasMethod = (f: MessageFrame) => isObject(f.message) && typeof f.message.method === 'string';
  const hasId = (f: MessageFrame) => isObject(f.message) && 'id' in f.message;

  const handshake = capture.handshake;
  const index: CaptureIndex = {
    protocolVersion: handshake.ok ? handshake.protocolVersion : undefined,
    serverName: handshake.ok ? str(handshake.serverInfo.name) : undefined,
    tools,
    toolsByName,
    prompts: entries(capture.lists.prompts.items, 'name'),
    resources: entries(capture.lists.resources.items, 'uri'),
    resourceTemplates: entries(capture.lists.resourceTemplates.items, 'uriTemplate'),
    noise,
    received,
    sent,
    serverRequests: received.filter((f) => hasMethod(f) && hasId(f)),
    serverNotifications: received.filter((f) => hasMethod(f) && !hasId(f)),
  };
  cache.set(capture, index);
  return index;
}

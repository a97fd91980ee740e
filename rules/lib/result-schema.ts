/**
 * Validating a result against the official schema of the negotiated version, one problem per
 * distinct defect. Content blocks are judged by the definition their `type` names (the schema's
 * anyOf would otherwise report every other branch too), and problems are put in plain words:
 * "/content/0/mimeType is required (ImageContent)".
 */
import { completionProblems } from './completion-limits.js';
import { officialDefines, validateOfficial, type SchemaProblem } from '../../src/schema/json-schema.js';
import { isObject } from '../../src/shared/json.js';
import type { ProtocolVersion } from '../../src/shared/protocol-version.js';
import { jsonText } from '../../src/shared/json-text.js';
import { nestsDeeperThan } from '../../src/shared/json-depth.js';

/** Deeper results are not judged (structuredClone and the validators recurse). */
const MAX_RESULT_DEPTH = 1000;

/** The definition of a content block, by its `type`. */
const CONTENT_DEFINITIONS: Readonly<Record<string, string>> = {
  text: 'TextContent',
  image: 'ImageContent',
  audio: 'AudioContent',
  resource: 'EmbeddedResource',
  resource_link: 'ResourceLink',
};

/** A block that satisfies every schema's ContentBlock, put where a block was taken out. */
const NEUTRAL_BLOCK = { type: 'text', text: '' };
/** Resource contents that satisfy every schema, likewise. */
const NEUTRAL_CONTENTS = { uri: 'mcplint:neutral', text: '' };

const ANY_OF = /^must match (a schema in anyOf|exactly one schema in oneOf)$/;

/** Where the blocks of each result are: arrays of content blocks, single blocks, resource contents. */
type Slot = { readonly kind: 'block' | 'contents'; readonly pointer: string; readonly value: unknown; readonly set: (v: unknown) => void };

/** Problems of a result, with plain-word messages (`definition`: CallToolResult, GetPromptResult, …). */
export function resultProblems(version: ProtocolVersion, definition: string, result: unknown): SchemaProblem[] {
  if (!isObject(result)) return [{ pointer: '', message: `is not an object (${definition})` }];
  // Copying and validating recurse: a result nested this deep (JSON.parse takes 100,000 levels) is
  // not judged rather than crash the run; no official result schema is near this depth.
  if (nestsDeeperThan(result, MAX_RESULT_DEPTH)) return [];
  const copy = structuredClone(result) as Record<string, unknown>;
  const slots = slotsOf(definition, copy);
  const problems: SchemaProblem[] = [];
  for (const slot of slots) {
    slot.set(slot.kind === 'block' ? NEUTRAL_BLOCK : NEUTRAL_CONTENTS);
    problems.push(...blockProblems(version, slot));
  }
  problems.unshift(...plain(validateOfficial(version, definition, copy), definition));
  if (definition === 'CompleteResult') problems.push(...completionProblems(result));
  return dedupe(problems);
}

function slotsOf(definition: string, result: Record<string, unknown>): Slot[] {
  const slots: Slot[] = [];
  const each = (array: unknown, pointer: string, kind: Slot['kind']) => {
    if (!Array.isArray(array)) return;
    array.forEach((value, i) => {
      slots.push({ kind, pointer: `${pointer}/${i}`, value, set: (v) => (array[i] = v) });
    });
  };
  if (definition === 'CallToolResult') each(result.content, '/content', 'block');
  if (definition === 'ReadResourceResult') each(result.contents, '/contents', 'contents');
  if (definition === 'GetPromptResult' && Array.isArray(result.messages)) {
    result.messages.forEach((message, i) => {
      if (isObject(message) && isObject(message.content)) {
        slots.push({ kind: 'block', pointer: `/messages/${i}/content`, value: message.content, set: (v) => (message.content = v) });
      }
    });
  }
  return slots;
}

function blockProblems(version: ProtocolVersion, slot: Slot): SchemaProblem[] {
  const value = slot.value;
  const at = (p: SchemaProblem): SchemaProblem => ({ pointer: `${slot.pointer}${p.pointer}`, message: p.message });
  if (slot.kind === 'contents') {
    const definition = isObject(value) && 'blob' in value ? 'BlobResourceContents' : 'TextResourceContents';
    return plain(validateOfficial(version, definition, value), definition).map(at);
  }
  if (!isObject(value)) return [{ pointer: slot.pointer, message: 'is not a content block object' }];
  const type = value.type;
  const definition = typeof type === 'string' ? CONTENT_DEFINITIONS[type] : undefined;
  if (!definition || !officialDefines(version, definition)) {
    return [{ pointer: `${slot.pointer}/type`, message: `${jsonText(type) ?? 'undefined'} is not a content type of protocol ${version}` }];
  }
  if (definition === 'EmbeddedResource' && isObject(value.resource)) {
    // The resource is text or blob contents: judged against the one it is closest to (a text
    // resource is not told that `blob` is required), the block around it with neutral contents.
    const block = plain(validateOfficial(version, definition, { ...value, resource: NEUTRAL_CONTENTS }), definition).map(at);
    const contents = blockProblems(version, {
      kind: 'contents',
      pointer: `${slot.pointer}/resource`,
      value: value.resource,
      set: () => {},
    });
    return [...block, ...contents];
  }
  return plain(validateOfficial(version, definition, value), definition).map(at);
}

/** Problems of any other value against one official definition (a notification…), in the same plain words. */
export function definitionProblems(version: ProtocolVersion, definition: string, value: unknown): SchemaProblem[] {
  return dedupe(plain(validateOfficial(version, definition, value), definition));
}

/** Ajv's words made plain; the bare anyOf summary is dropped when a more precise problem is there. */
function plain(problems: readonly SchemaProblem[], definition: string): SchemaProblem[] {
  const precise = problems.filter((p) => !ANY_OF.test(p.message));
  const kept = precise.length > 0 ? precise : problems;
  return kept.map((p) => {
    const required = /^must have required property '(.+)'$/.exec(p.message);
    if (required) return { pointer: `${p.pointer}/${required[1]}`, message: `is required (${definition})` };
    return { pointer: p.pointer, message: `${p.message} (${definition})` };
  });
}

function dedupe(problems: SchemaProblem[]): SchemaProblem[] {
  const seen = new Set<string>();
  return problems.filter((p) => {
    const key = `${p.pointer}\u0000${p.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

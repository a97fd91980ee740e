/**
 * Reading and writing probe records: how a tools/call result is measured when it arrives (the
 * ResultView), and the accessors the probe rules use to read Capture.probes. Pure functions.
 */
import type { Capture } from './capture.js';
import { isObject } from '../shared/json.js';
import { clip } from '../shared/text.js';
import type { ProbeAnswer, ProbeCall, ProbeData, ResultView } from './probe-types.js';
import { jsonText } from '../shared/json-text.js';

/** Text kept per result view: head and tail of this many characters each. */
export const VIEW_TEXT_EDGE = 8000;
/** structuredContent kept verbatim up to this many characters of JSON. */
export const VIEW_STRUCTURED_CAP = 1024 * 1024;
/** Raw results of protocol probes are kept up to this many characters of JSON. */
export const RAW_RESULT_CAP = 4096;
/** JSON-RPC error `data` kept up to this many characters of JSON. */
export const ERROR_DATA_CAP = 8192;

/** Measure a tools/call result. */
export function viewOf(result: unknown): ResultView {
  const r = isObject(result) ? result : {};
  const content = Array.isArray(r.content) ? r.content : undefined;
  const texts: string[] = [];
  const types: string[] = [];
  for (const block of content ?? []) {
    if (!isObject(block)) continue;
    if (typeof block.type === 'string') types.push(block.type);
    if (typeof block.text === 'string') texts.push(block.text);
    else if (isObject(block.resource) && typeof block.resource.text === 'string') texts.push(block.resource.text);
  }
  const full = texts.join('\n');
  const cut = full.length > 2 * VIEW_TEXT_EDGE;
  const text = cut
    ? `${full.slice(0, VIEW_TEXT_EDGE)}\n[… ${full.length - 2 * VIEW_TEXT_EDGE} characters not kept by mcplint …]\n${full.slice(-VIEW_TEXT_EDGE)}`
    : full;
  const hasStructured = 'structuredContent' in r && r.structuredContent !== undefined;
  const structuredJson = hasStructured ? (jsonText(r.structuredContent) ?? '') : undefined;
  return {
    isError: r.isError === true,
    hasContent: content !== undefined,
    contentTypes: [...new Set(types)],
    textChars: full.length,
    text,
    ...(cut ? { textCut: true } : {}),
    hasStructuredContent: hasStructured,
    ...(structuredJson !== undefined ? { structuredChars: structuredJson.length } : {}),
    ...(structuredJson !== undefined && structuredJson.length <= VIEW_STRUCTURED_CAP ? { structuredContent: r.structuredContent } : {}),
  };
}

/** The data of a probe that ran, or undefined. */
export function probeData(capture: Pick<Capture, 'probes'>, id: string): ProbeData | undefined {
  const record = capture.probes[id];
  if (record?.status !== 'ran' || !isObject(record.data) || !Array.isArray(record.data.calls)) return undefined;
  return record.data as unknown as ProbeData;
}

/** The calls of a probe that ran ([] when it did not). */
export function probeCalls(capture: Pick<Capture, 'probes'>, id: string): readonly ProbeCall[] {
  return probeData(capture, id)?.calls ?? [];
}

/** The error text a call's answer carries: an isError result's text, or a JSON-RPC error's message and data. */
export function errorTextOf(answer: ProbeAnswer): string | undefined {
  if (answer.kind === 'result' && answer.view?.isError) return answer.view.text;
  if (answer.kind === 'error') {
    const parts: string[] = [];
    if (answer.error.message !== undefined)
      parts.push(typeof answer.error.message === 'string' ? answer.error.message : (jsonText(answer.error.message) ?? ''));
    if (answer.error.data !== undefined)
      parts.push(typeof answer.error.data === 'string' ? answer.error.data : (jsonText(answer.error.data) ?? ''));
    return parts.join('\n');
  }
  return undefined;
}

/** `code "message"` of a JSON-RPC error, for messages. */
export function describeError(error: { readonly code?: unknown; readonly message?: unknown }): string {
  const parts = [
    error.code !== undefined ? String(error.code) : undefined,
    error.message !== undefined ? `"${shorten(String(error.message), 120)}"` : undefined,
  ].filter((p): p is string => p !== undefined);
  return parts.join(' ') || 'no code or message';
}

export function shorten(text: string, max: number): string {
  const one = text.replace(/\s+/g, ' ').trim();
  return clip(one, max);
}

/** The structured payload of a result: structuredContent, else its text parsed as JSON. */
export function payloadOf(view: ResultView): { found: true; value: unknown; from: 'structuredContent' | 'text' } | { found: false } {
  if (view.structuredContent !== undefined) return { found: true, value: view.structuredContent, from: 'structuredContent' };
  if (view.textCut) return { found: false };
  const text = view.text.trim();
  if (!text.startsWith('{') && !text.startsWith('[')) return { found: false };
  try {
    return { found: true, value: JSON.parse(text), from: 'text' };
  } catch {
    return { found: false };
  }
}

/** A readable account of a call that got no answer. */
export function noAnswerWords(answer: ProbeAnswer): string | undefined {
  if (answer.kind === 'timeout')
    return answer.overCap ? `got an answer mcplint could not read: ${answer.overCap}` : `got no answer within ${answer.ms} ms`;
  if (answer.kind === 'closed') {
    if (answer.connectionFailed) return "got no answer: the server's HTTP connection failed";
    const exit = answer.exit;
    const how = exit ? (exit.code !== null ? ` with exit code ${exit.code}` : exit.signal ? ` on signal ${exit.signal}` : '') : '';
    return `made the server exit${how}${answer.restarted ? ' (mcplint started it again for the remaining probes)' : ''}`;
  }
  return undefined;
}

/** The raw result of a call: kept in the record, else read from its response frame (the transcript: a rule reading it requires 'session'). */
export function rawResultOf(capture: Pick<Capture, 'probes' | 'frames'>, probe: string, call: ProbeCall): unknown {
  const answer = call.answer;
  if (answer.kind !== 'result') return undefined;
  if (answer.result !== undefined) return answer.result;
  const frames = call.connection === 'fresh' ? (probeData(capture, probe)?.transcript ?? []) : capture.frames;
  const frame = frames[answer.frame];
  if (frame?.kind !== 'message' || frame.truncated || !isObject(frame.message)) return undefined;
  return frame.message.result;
}

/** Calls with valid arguments (valid-calls and pagination), with the probe each belongs to. */
export function validToolCalls(capture: Pick<Capture, 'probes'>): { probe: string; call: ProbeCall }[] {
  return ['valid-calls', 'pagination'].flatMap((probe) => probeCalls(capture, probe).map((call) => ({ probe, call })));
}

/** The response frame of an answer in capture.frames (for evidence links), if it is there. */
export function frameOf(call: ProbeCall): { frame: number } | Record<string, never> {
  return call.connection === 'main' && (call.answer.kind === 'result' || call.answer.kind === 'error') && call.answer.frame >= 0
    ? { frame: call.answer.frame }
    : {};
}

/** The JSON-RPC error code of an answer, if it is an error with an integer code. */
export function errorCode(answer: ProbeAnswer): number | undefined {
  return answer.kind === 'error' && typeof answer.error.code === 'number' ? answer.error.code : undefined;
}

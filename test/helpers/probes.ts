/** Builders for probe records in unit tests of the probe rules (in-memory captures, no server). */
import type { ProbeRecord } from '../../src/model/capture.js';
import { viewOf } from '../../src/model/probe-records.js';
import type { ProbeAnswer, ProbeCall } from '../../src/model/probe-types.js';

let step = 0;

/** A JSON-RPC result of a protocol probe (kept raw). */
export const result = (value: unknown): ProbeAnswer => ({
  kind: 'result',
  ms: 1,
  frame: -1,
  resultChars: (JSON.stringify(value) ?? '').length,
  result: value,
});
/** A tools/call result, measured as the runner measures it. */
export const toolResult = (value: unknown): ProbeAnswer => ({
  kind: 'result',
  ms: 1,
  frame: -1,
  resultChars: (JSON.stringify(value) ?? '').length,
  view: viewOf(value),
});
export const text = (t: string, isError = false) =>
  toolResult({ content: [{ type: 'text', text: t }], ...(isError ? { isError: true } : {}) });
export const error = (code: number, message: string, data?: unknown): ProbeAnswer => ({
  kind: 'error',
  ms: 1,
  frame: -1,
  error: { code, message, ...(data !== undefined ? { data } : {}) },
});
export const timeout = (ms = 5000): ProbeAnswer => ({ kind: 'timeout', ms });
export const closed = (restarted = true, code: number | null = 1): ProbeAnswer => ({
  kind: 'closed',
  ms: 3,
  exit: { code, signal: null },
  restarted,
});

/** One recorded probe call. */
export function call(method: string, params: unknown, answer: ProbeAnswer, extra: Partial<ProbeCall> = {}): ProbeCall {
  step++;
  return { step, method, params, id: step, purpose: 'test', reason: 'test', connection: 'main', answer, ...extra };
}

/** A tools/call probe call. */
export function toolCall(tool: string, args: Record<string, unknown>, answer: ProbeAnswer, extra: Partial<ProbeCall> = {}): ProbeCall {
  return call('tools/call', { name: tool, arguments: args }, answer, { tool, ...extra });
}

/** `{ [id]: ProbeRecord }` of a probe that ran with these calls. */
export function ran(id: string, calls: ProbeCall[], data: Record<string, unknown> = {}): Record<string, ProbeRecord> {
  return { [id]: { id, status: 'ran', data: { ...data, calls } } };
}

/** Run one rule module at its default level ("off" rules at warning). */
export { runRule } from './rule-tester.js';

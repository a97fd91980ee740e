/**
 * Reading HTTP probe records and exchanges for the http-* rules (pure functions over the capture).
 */
import type { Capture, HttpExchange } from '../../src/model/capture.js';
import type { HttpProbeData } from '../../src/model/http-probe-types.js';
import { isObject } from '../../src/engine/capture-index.js';

/** What an HTTP probe that ran recorded about the exchange that decided it (written by the HTTP probes, src/probes/http-*.ts), or undefined. */
export function httpProbe(capture: Pick<Capture, 'probes'>, id: string): HttpProbeData | undefined {
  const record = capture.probes[id];
  if (record?.status !== 'ran' || !isObject(record.data) || typeof record.data.exchange !== 'number') return undefined;
  return record.data as unknown as HttpProbeData;
}

/** The frame index of the first message the exchange's body carried, for the finding's `frame`. */
export function exchangeFrame(capture: Pick<Capture, 'exchanges'>, index: number): { frame?: number } {
  const frame = capture.exchanges?.[index]?.body?.frames?.[0];
  return frame !== undefined ? { frame } : {};
}

/** "POST /mcp → 200 application/json" plus the start of the body: a short, secret-free evidence line. */
export function exchangeEvidence(capture: Pick<Capture, 'exchanges'>, index: number): string | undefined {
  const e: HttpExchange | undefined = capture.exchanges?.[index];
  if (!e) return undefined;
  let path = e.url;
  try {
    path = new URL(e.url).pathname;
  } catch {
    // keep as is
  }
  const sent = Object.entries(e.requestHeaders)
    .filter(([name]) => ['origin', 'mcp-protocol-version', 'mcp-session-id'].includes(name))
    .map(([name, value]) => `${name}: ${value}`)
    .join(', ');
  const status = e.status !== undefined ? `${e.status}${e.contentType ? ` ${e.contentType}` : ''}` : (e.error ?? 'no response');
  const body = e.body?.text
    ? ` ${e.body.text.replace(/\s+/g, ' ').slice(0, 160)}`
    : e.body && e.body.bytes > 0
      ? ` (${e.body.bytes}-byte ${e.body.kind} body)`
      : '';
  return `${e.method} ${path}${e.rpcMethod ? ` (${e.rpcMethod})` : ''}${sent ? ` [${sent}]` : ''} → ${status}${body}`;
}

export const isSuccess = (status: number | undefined): boolean => status !== undefined && status >= 200 && status < 300;

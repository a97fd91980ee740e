/** How `mcplint plan` shows one HTTP probe step: the HTTP method, the message, the headers that matter. */
import type { PlanStep } from '../model/probe-types.js';

export function httpStepLine(step: PlanStep): string {
  const http = step.http!;
  if (http.observes !== undefined) return `(nothing sent) POST ${step.method}: the handshake's exchange ${http.observes}`;
  const message = http.method === 'POST' ? ` ${step.method}${step.params !== undefined ? ` ${JSON.stringify(step.params)}` : ''}` : '';
  const headers = Object.entries(http.headers ?? {}).map(([name, value]) => `${name}: ${value}`);
  if (http.session === 'throw-away') headers.unshift('mcp-session-id: <the throw-away session>');
  if (http.session === 'ended') headers.unshift('mcp-session-id: <the ended session>');
  const notes = [http.bare ? 'without the linted session' : '', http.headersOnly ? 'headers only' : ''].filter(Boolean);
  return `${http.method}${message}${headers.length ? ` [${headers.join(', ')}]` : ''}${notes.length ? ` (${notes.join(', ')})` : ''}`;
}

/** `mcplint plan` / `--dry-run` output: every request the probes would send, and every skip, with why. */
import { inertLine } from '../shared/inert.js';
import { httpStepLine } from './http-format.js';
import type { ProbePlan } from '../model/probe-types.js';

export interface PlanHeader {
  /** e.g. "bookstore-mcp-server 1.0.0" or the command line. */
  readonly label: string;
  readonly protocolVersion?: string;
  readonly tools?: number;
  /** Why there is no plan (the handshake failed…). */
  readonly problem?: string;
  /** What a step on a connection of its own opens: a server process (stdio) or a session (HTTP). */
  readonly target?: 'stdio' | 'http';
}

export function formatPlan(plan: ProbePlan, header: PlanHeader, format: 'text' | 'json'): string {
  if (format === 'json') {
    return (
      JSON.stringify(
        {
          server: header.label,
          ...(header.protocolVersion ? { protocolVersion: header.protocolVersion } : {}),
          ...(header.problem ? { problem: header.problem } : {}),
          calls: plan.steps.map((s) => ({
            step: s.index,
            probe: s.probe,
            connection: s.connection,
            method: s.method,
            ...(s.params !== undefined ? { params: s.params } : {}),
            ...(s.id !== undefined ? { id: s.id } : {}),
            ...(s.tool !== undefined ? { tool: s.tool } : {}),
            purpose: s.purpose,
            reason: s.reason,
            ...(s.http ? { http: s.http } : {}),
          })),
          skippedTools: plan.skippedTools,
          skippedProbes: plan.skippedProbes,
        },
        null,
        2,
      ) + '\n'
    );
  }

  // Text is for a terminal: tool names, arguments from schemas, the server's name and its
  // handshake error are the server's words (JSON keeps them exact).
  const show = inertLine;
  const out: string[] = [];
  const facts = [
    header.protocolVersion ? `protocol ${header.protocolVersion}` : undefined,
    header.tools !== undefined ? `${header.tools} tool${header.tools === 1 ? '' : 's'}` : undefined,
  ].filter(Boolean);
  out.push(`Probe plan for ${show(header.label)}${facts.length > 0 ? ` (${show(facts.join(', '))})` : ''}`);
  if (header.problem) out.push('', `No probes: ${show(header.problem)}`);

  const http = plan.steps.filter((s) => s.http);
  const protocol = plan.steps.filter((s) => !s.tool && !s.http);
  const tools = plan.steps.filter((s) => s.tool);
  const width = String(plan.steps.length).length;
  const line = (s: (typeof plan.steps)[number]): string[] => {
    const what = s.http
      ? httpStepLine(s)
      : s.method === 'tools/call' && s.tool
        ? `tools/call ${s.tool} ${JSON.stringify((s.params as { arguments?: unknown }).arguments ?? {})}`
        : `${s.method}${s.params !== undefined ? ` ${JSON.stringify(s.params)}` : ''}`;
    const id = s.id !== undefined ? ` (request id ${JSON.stringify(s.id)})` : '';
    const fresh = s.connection === 'fresh' ? (header.target === 'http' ? ' [new HTTP session]' : ' [new server process]') : '';
    return [
      `  ${String(s.index).padStart(width)}. ${show(what)}${show(id)}${fresh}`,
      `  ${' '.repeat(width)}  why: ${show(s.reason)} [probe ${s.probe}]`,
    ];
  };
  if (http.length > 0) {
    out.push('', `HTTP requests (${http.length}; protocol messages with odd headers, no tool of the server runs):`);
    for (const s of http) out.push(...line(s));
  }
  out.push('', `Protocol requests (${protocol.length}; no tool of the server runs):`);
  if (protocol.length === 0) out.push('  none');
  for (const s of protocol) out.push(...line(s));
  out.push('', `Tool calls (${tools.length}):`);
  if (tools.length === 0) out.push('  none');
  for (const s of tools) out.push(...line(s));

  out.push('', `Skipped tools (${plan.skippedTools.length}):`);
  if (plan.skippedTools.length === 0) out.push('  none');
  for (const t of plan.skippedTools) out.push(`  ${show(t.tool)}${t.probe ? ` (${t.probe})` : ''}: ${show(t.reason)}`);
  if (plan.skippedProbes.length > 0) {
    out.push('', `Skipped probes (${plan.skippedProbes.length}):`);
    for (const p of plan.skippedProbes) out.push(`  ${p.probe}: ${show(p.reason)}`);
  }
  out.push(
    '',
    'Each call has its own timeout. A call that gets no answer is cancelled (notifications/cancelled) and followed by a ping; if the server does not answer that either, or exits, mcplint starts it again and goes on.',
  );
  return out.join('\n') + '\n';
}

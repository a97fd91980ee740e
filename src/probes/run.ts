/**
 * Carries out a probe plan on the live session, step by step and in order, and records every
 * request and its answer. Each call has its own timeout. A server that dies during a probe is
 * started again (stdio) and the remaining probes go on; one that stops answering is pinged, and
 * restarted when it does not answer that either (a timed-out request is cancelled with
 * notifications/cancelled first). Nothing here decides *what* to send: plan.ts does.
 */
import type { Frame, Phase, ProbeRecord } from '../model/capture.js';
import type { LiveSession } from '../connect/capture-session.js';
import type { Connection, RpcOutcome } from '../connect/connection.js';
import { isObject } from '../shared/json.js';
import { jsonText } from '../shared/json-text.js';
import { clip } from '../shared/text.js';
import type { ProbeSession } from './http-probe.js';
import { capNote } from './call-cap.js';
import { executeHttpSteps } from './http-run.js';
import { PROBES, TOOL_PROBE_IDS } from './plan.js';
import { COMPLETE_ARGUMENT } from './prompts-get.js';
import { ERROR_DATA_CAP, RAW_RESULT_CAP, viewOf } from '../model/probe-records.js';
import { type FoundLink, LINK_SOURCES, linksIn, MAX_LINK_READS, READ_LINK_TARGETS, readableLinkTarget } from './resource-links.js';
import { listedResourceUris } from './surface-lists.js';
import type { PlanStep, ProbeAnswer, ProbeCall, ProbePlan, ResolvedProbeConfig } from '../model/probe-types.js';

/** How long the liveness ping after a timed-out call may take. */
const LIVENESS_PING_MS = 2000;

export async function executePlan(
  session: ProbeSession,
  plan: ProbePlan,
  config: ResolvedProbeConfig,
): Promise<Record<string, ProbeRecord>> {
  const records: Record<string, ProbeRecord> = {};
  if (plan.notCalled) session.connection.notes.push(capNote(plan.notCalled));
  // Tools never called at all are listed with every tool probe.
  const skippedToolsFor = (probe: string) =>
    plan.skippedTools.filter((t) => t.probe === probe || (t.probe === undefined && TOOL_PROBE_IDS.includes(probe)));
  for (const s of plan.skippedProbes) {
    const skippedTools = skippedToolsFor(s.probe);
    records[s.probe] = {
      id: s.probe,
      status: 'skipped',
      reason: s.reason,
      ...(s.notApplicable ? { applicable: false as const } : {}),
      ...(skippedTools.length > 0 ? { data: { skippedTools } } : {}),
    };
  }

  // HTTP probes first, on the HTTP connection itself.
  const httpSteps = plan.steps.filter((s) => s.http);
  if (httpSteps.length > 0) Object.assign(records, await executeHttpSteps(session.http, httpSteps));

  let live: LiveSession | undefined = session;
  let gone = '';
  /** resource_link targets the answers so far returned (read by the resource-links probe). */
  const links: FoundLink[] = [];
  const listed = new Set(listedResourceUris(session));
  /**
   * Whether requests on the main connection remain after this step (else a dead server is left
   * dead). The link-target step counts only once an answer has returned a link it would read.
   */
  const moreAfterStep = (step: PlanStep): boolean =>
    plan.steps.some((s) => s.connection === 'main' && s.index > step.index && (s.purpose !== READ_LINK_TARGETS || links.length > 0));
  // A probe that needs a server process (or session) of its own gets it started now, and its first
  // request, fixed by the plan, is sent at once: start-up and answer overlap the other probes, and
  // the answer is in when the probe's turn comes.
  const freshFirst = plan.steps.find((s) => s.connection === 'fresh');
  let fresh: Connection | undefined = freshFirst ? session.openFresh?.() : undefined;
  if (fresh) fresh.phase = `probe:${freshFirst!.probe}`;
  const freshAnswer = fresh && freshFirst ? send(fresh, freshFirst, config.startupTimeoutMs, plan.steps.length) : undefined;
  for (const [probe, steps] of groupByProbe(plan.steps.filter((s) => !s.http))) {
    // A probe with a connection of its own does not need the main one.
    if (!live && steps[0]!.connection !== 'fresh') {
      records[probe] = { id: probe, status: 'skipped', reason: gone };
      continue;
    }
    const phase: Phase = `probe:${probe}`;
    const calls: ProbeCall[] = [];
    let transcript: Frame[] | undefined;
    let extra: Record<string, unknown> = {};

    if (steps[0]!.connection === 'fresh') {
      if (!fresh) {
        records[probe] = { id: probe, status: 'skipped', reason: 'this transport cannot open a second connection to the server' };
        continue;
      }
      const own = fresh;
      fresh = undefined;
      for (const step of steps)
        calls.push(
          step === freshFirst && freshAnswer ? await freshAnswer : await send(own, step, config.startupTimeoutMs, plan.steps.length),
        );
      // A throw-away server: its answer is in, its shutdown is not judged, so it gets no grace period.
      const exit = await (own.discard ?? own.close).call(own);
      transcript = [...own.frames];
      if (exit) extra = { exit: { how: exit.how, code: exit.code, signal: exit.signal } };
    } else {
      /** First values completion/complete offered for prompt arguments, by prompt and argument. */
      const offered = new Map<string, string>();
      const concrete = steps.flatMap((s) => (s.purpose === READ_LINK_TARGETS ? linkReads(s, links) : [s]));
      if (concrete.length === 0) {
        records[probe] = {
          id: probe,
          status: 'skipped',
          reason: 'the calls above returned no resource_link to a resource that resources/list does not list',
          applicable: false,
        };
        continue;
      }
      for (const [n, step] of concrete.entries()) {
        if (!live) break;
        const moreAfter = (s: PlanStep): boolean => n < concrete.length - 1 || moreAfterStep(s);
        let conn: Connection = live.connection;
        if (conn.isClosed) {
          // The server died after answering the previous call (or on its own): blame that call, start it again.
          const previous = calls.at(-1);
          if (previous) calls[calls.length - 1] = { ...previous, exitedAfter: true };
          const restarted: { session?: LiveSession; reason?: string } = await restart(
            live,
            phase,
            `${ended(conn)} after step ${previous?.step ?? step.index - 1}`,
          );
          live = restarted.session;
          if (!live) {
            gone = restarted.reason ?? `${ended(conn)} and could not be started again`;
            break;
          }
          conn = live.connection;
        }
        conn.phase = phase;
        let call = await send(conn, withCompletedArguments(step, offered), config.timeoutMs, plan.steps.length);
        noteOffered(offered, call, conn);
        if (LINK_SOURCES.includes(probe)) noteLinks(links, call, conn, listed);
        if (call.answer.kind === 'closed') {
          if (!moreAfter(step)) {
            // Nothing left to send: leave it dead, but say how it ended.
            const exit = await conn.close();
            if (exit && call.answer.kind === 'closed')
              call = { ...call, answer: { ...call.answer, exit: { code: exit.code, signal: exit.signal } } };
            calls.push(call);
            live = undefined;
            gone = `${ended(conn)} during step ${step.index}`;
            break;
          }
          const restarted = await restart(live, phase, `${ended(conn)} during step ${step.index} (${describeStep(step)})`);
          call = {
            ...call,
            answer: { ...call.answer, ...(restarted.exit ? { exit: restarted.exit } : {}), restarted: restarted.session !== undefined },
          };
          live = restarted.session;
          if (!live) gone = restarted.reason ?? `${ended(conn)} during step ${step.index} and could not be started again`;
        } else if (call.answer.kind === 'timeout') {
          // As the spec asks of a client that stops waiting: tell the server.
          if (call.id !== undefined)
            conn.notify('notifications/cancelled', {
              requestId: call.id,
              reason: `mcplint probe: no answer within ${config.timeoutMs} ms`,
            });
          const alive = moreAfter(step) ? await conn.request('ping', undefined, { timeoutMs: LIVENESS_PING_MS }) : undefined;
          if (alive && alive.kind !== 'result' && alive.kind !== 'error') {
            const restarted = await restart(
              live,
              phase,
              `step ${step.index} (${describeStep(step)}) got no answer within ${config.timeoutMs} ms and the server did not answer ping either`,
            );
            call = { ...call, answer: { ...call.answer, restarted: restarted.session !== undefined } };
            live = restarted.session;
            if (!live) gone = restarted.reason ?? `the server stopped answering at step ${step.index} and could not be started again`;
          }
        }
        calls.push(call);
      }
    }

    const skippedTools = skippedToolsFor(probe);
    if (calls.length === 0) {
      records[probe] = { id: probe, status: 'skipped', reason: gone || 'no request could be sent' };
      continue;
    }
    records[probe] = {
      id: probe,
      status: 'ran',
      data: {
        ...(plan.probeData[probe] ?? {}),
        ...extra,
        calls,
        ...(skippedTools.length > 0 ? { skippedTools } : {}),
        ...(transcript ? { transcript } : {}),
      },
    };
  }
  if (fresh) {
    // Its probe never got its turn: let the request sent early settle, then close.
    await freshAnswer;
    await fresh.close();
  }
  // In the order the probes run, whatever was skipped.
  const ordered: Record<string, ProbeRecord> = {};
  for (const probe of PROBES) if (records[probe.id]) ordered[probe.id] = records[probe.id]!;
  return ordered;
}

/** Longest offered completion value put into a prompt argument (longer ones keep the placeholder). */
const MAX_OFFERED_CHARS = 200;
const offerKey = (prompt: unknown, argument: unknown): string => JSON.stringify([prompt, argument]);

/** Remember the first value a `complete-argument` step's answer offers. */
function noteOffered(offered: Map<string, string>, call: ProbeCall, conn: Connection): void {
  if (call.purpose !== COMPLETE_ARGUMENT || call.answer.kind !== 'result') return;
  const frame = conn.frames[call.answer.frame];
  const result = frame?.kind === 'message' && isObject(frame.message) ? frame.message.result : undefined;
  const values = isObject(result) && isObject(result.completion) ? result.completion.values : undefined;
  const first = Array.isArray(values) ? values[0] : undefined;
  if (typeof first === 'string' && first.length > 0 && first.length <= MAX_OFFERED_CHARS)
    offered.set(offerKey(call.detail?.prompt, call.detail?.argument), first);
}

/** Remember the distinct resource_link targets to read (unlisted, at most MAX_LINK_READS) a tools/call or prompts/get answer returned. */
function noteLinks(links: FoundLink[], call: ProbeCall, conn: Connection, listed: ReadonlySet<string>): void {
  if ((call.method !== 'tools/call' && call.method !== 'prompts/get') || call.answer.kind !== 'result') return;
  const frame = conn.frames[call.answer.frame];
  if (frame?.kind !== 'message' || frame.truncated || !isObject(frame.message)) return;
  for (const uri of linksIn(call.method, frame.message.result)) {
    if (links.length >= MAX_LINK_READS) return;
    if (!readableLinkTarget(uri, listed) || links.some((l) => l.uri === uri)) continue;
    const prompt = call.method === 'prompts/get' ? call.detail?.prompt : undefined;
    links.push({
      uri,
      step: call.step,
      method: call.method,
      ...(call.tool !== undefined ? { tool: call.tool } : {}),
      ...(typeof prompt === 'string' ? { prompt } : {}),
    });
  }
}

/** The planned link-target step as one read per remembered target, each saying where its link came from. */
function linkReads(step: PlanStep, links: readonly FoundLink[]): PlanStep[] {
  return links.map((link) => {
    const source = link.tool !== undefined ? `tool "${link.tool}"` : link.prompt !== undefined ? `prompt "${link.prompt}"` : link.method;
    return {
      ...step,
      params: { uri: link.uri },
      reason: `${source} returned a resource_link to ${link.uri} (step ${link.step}), which resources/list does not list; reading it changes nothing`,
      detail: {
        uri: link.uri,
        linkStep: link.step,
        linkMethod: link.method,
        ...(link.tool !== undefined ? { linkTool: link.tool } : {}),
        ...(link.prompt !== undefined ? { linkPrompt: link.prompt } : {}),
      },
    };
  });
}

/** A prompts/get step with the values the server offered in place of its placeholders (as its plan said). */
function withCompletedArguments(step: PlanStep, offered: ReadonlyMap<string, string>): PlanStep {
  const names = step.detail?.completedArguments;
  if (typeof names !== 'string' || !isObject(step.params) || !isObject(step.params.arguments)) return step;
  const args: Record<string, unknown> = { ...step.params.arguments };
  for (const name of JSON.parse(names) as string[]) {
    const value = offered.get(offerKey(step.detail?.prompt, name));
    if (value !== undefined) args[name] = value;
  }
  return { ...step, params: { ...step.params, arguments: args } };
}

function groupByProbe(steps: readonly PlanStep[]): Map<string, PlanStep[]> {
  const groups = new Map<string, PlanStep[]>();
  for (const step of steps) groups.set(step.probe, [...(groups.get(step.probe) ?? []), step]);
  return groups;
}

function describeStep(step: PlanStep): string {
  return step.tool ? `${step.method} ${step.tool}` : step.method;
}

async function restart(
  live: LiveSession,
  phase: Phase,
  why: string,
): Promise<{ session?: LiveSession; exit?: { code: number | null; signal: string | null }; reason?: string }> {
  if (!live.restart) {
    live.connection.notes.push(`Probes stopped: ${why}, and this transport cannot start the server again.`);
    return { reason: `${why}; this transport cannot start the server again` };
  }
  const outcome = await live.restart(phase, why);
  const exit = outcome.exit ? { code: outcome.exit.code, signal: outcome.exit.signal } : undefined;
  return {
    ...(outcome.session ? { session: outcome.session } : {}),
    ...(exit ? { exit } : {}),
    ...(outcome.reason ? { reason: outcome.reason } : {}),
  };
}

/** How a server that stopped answering is described: a stdio process exits, an HTTP connection fails. */
function ended(conn: Connection): string {
  return conn.transport === 'stdio' ? 'the server exited' : "the server's HTTP connection failed";
}

/** Send one planned request and record what came back. */
async function send(conn: Connection, step: PlanStep, timeoutMs: number, total: number): Promise<ProbeCall> {
  conn.step = { index: step.index, total, ...(step.tool !== undefined ? { tool: step.tool } : {}) };
  const before = conn.frames.length;
  const outcome = await conn.request(step.method, step.params, { timeoutMs, ...(step.id !== undefined ? { id: step.id } : {}) });
  const sent = conn.frames[before];
  const requestFrame = sent?.kind === 'message' && sent.dir === 'send' ? before : undefined;
  const sentId = sent?.kind === 'message' && isObject(sent.message) ? sent.message.id : undefined;
  const id = step.id ?? (typeof sentId === 'string' || typeof sentId === 'number' ? sentId : undefined);
  return {
    step: step.index,
    method: step.method,
    ...(step.params !== undefined ? { params: step.params } : {}),
    ...(id !== undefined ? { id } : {}),
    ...(step.tool !== undefined ? { tool: step.tool } : {}),
    purpose: step.purpose,
    reason: step.reason,
    ...(step.detail ? { detail: step.detail } : {}),
    connection: step.connection,
    ...(requestFrame !== undefined ? { requestFrame } : {}),
    answer: answerOf(outcome, step.method, conn.transport !== 'stdio'),
  };
}

function answerOf(outcome: RpcOutcome, method: string, overHttp: boolean): ProbeAnswer {
  switch (outcome.kind) {
    case 'result': {
      const json = jsonText(outcome.result) ?? '';
      return {
        kind: 'result',
        ms: outcome.ms,
        frame: outcome.frame,
        resultChars: json.length,
        ...(method === 'tools/call' ? { view: viewOf(outcome.result) } : json.length <= RAW_RESULT_CAP ? { result: outcome.result } : {}),
      };
    }
    case 'error': {
      // Cut at a cap: mcplint read no answer, so it is no error of the server's either.
      if (outcome.overCap !== undefined) return { kind: 'timeout', ms: outcome.ms, overCap: outcome.overCap };
      const { code, message, data } = outcome.error;
      const dataJson = data === undefined ? '' : (jsonText(data) ?? '');
      const keptData = data === undefined ? {} : dataJson.length <= ERROR_DATA_CAP ? { data } : { data: clip(dataJson, ERROR_DATA_CAP) };
      return {
        kind: 'error',
        ms: outcome.ms,
        frame: outcome.frame,
        error: { ...(code !== undefined ? { code } : {}), ...(message !== undefined ? { message } : {}), ...keptData },
      };
    }
    case 'timeout':
      return { kind: 'timeout', ms: outcome.ms };
    case 'closed':
      return { kind: 'closed', ms: outcome.ms, restarted: false, ...(overHttp ? { connectionFailed: true as const } : {}) };
  }
}

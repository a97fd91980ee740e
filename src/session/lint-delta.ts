/**
 * What changed between two lints of the same servers: the findings that are new, the ones that
 * are gone (fixed), and each server's score before and after. Findings are matched by
 * fingerprint (src/engine/fingerprint.ts: rule, subject, message, never the line), so an edit
 * that only moves code changes nothing. Pure: --watch and `mcplint mcp` print it
 * their own way.
 */
import type { LocatedFinding, LintReport, ServerReport } from '../report/report.js';
import type { Score } from '../score/score.js';

export interface ServerDelta {
  /** The server's label in the newer report (in the older one when it is gone). */
  readonly label: string;
  /** Absent: the server was not in the earlier report. */
  readonly before?: Score;
  /** Absent: the server is not in the later report. */
  readonly after?: Score;
  /** Why the server did not start in the later report (then nothing is counted as fixed). */
  readonly failed?: string;
  readonly added: readonly LocatedFinding[];
  readonly fixed: readonly LocatedFinding[];
  /** Findings in both reports. */
  readonly unchanged: number;
}

export interface LintDelta {
  readonly servers: readonly ServerDelta[];
  readonly added: number;
  readonly fixed: number;
  /** True when no finding came or went and no score moved. */
  readonly same: boolean;
}

/** `before` absent: the first lint, every finding is new. */
export function lintDelta(before: LintReport | undefined, after: LintReport): LintDelta {
  const earlier = new Map<string, ServerReport>();
  for (const [i, server] of (before?.servers ?? []).entries()) earlier.set(serverKey(server, i), server);
  const servers: ServerDelta[] = [];
  for (const [i, server] of after.servers.entries()) {
    const key = serverKey(server, i);
    const old = earlier.get(key);
    earlier.delete(key);
    servers.push(serverDelta(server.label, old, server));
  }
  // Servers linted before and not now (a client config lost one): all their findings are gone.
  for (const old of earlier.values()) servers.push(serverDelta(old.label, old, undefined));
  const added = servers.reduce((n, s) => n + s.added.length, 0);
  const fixed = servers.reduce((n, s) => n + s.fixed.length, 0);
  const same = added === 0 && fixed === 0 && servers.every((s) => s.before?.score === s.after?.score);
  return { servers, added, fixed, same };
}

function serverDelta(label: string, before: ServerReport | undefined, after: ServerReport | undefined): ServerDelta {
  const was = new Set((before?.findings ?? []).map((f) => f.fingerprint));
  const is = new Set((after?.findings ?? []).map((f) => f.fingerprint));
  // A server that did not start was not judged: its earlier findings are not fixed, only unseen.
  const failed = after && !after.handshake.ok ? (after.handshake.message ?? 'the handshake failed') : undefined;
  return {
    label,
    ...(before ? { before: before.score } : {}),
    ...(after ? { after: after.score } : {}),
    ...(failed !== undefined ? { failed } : {}),
    added: (after?.findings ?? []).filter((f) => !was.has(f.fingerprint)),
    fixed: failed !== undefined ? [] : (before?.findings ?? []).filter((f) => !is.has(f.fingerprint)),
    unchanged: (after?.findings ?? []).filter((f) => was.has(f.fingerprint)).length,
  };
}

/**
 * Which server of a report is which: its place in its client config when it has one, else its
 * order and label (a server's own name may change when it is edited; one target stays first).
 */
function serverKey(server: ServerReport, index: number): string {
  return server.position !== undefined ? `position:${server.position}` : `index:${index}`;
}

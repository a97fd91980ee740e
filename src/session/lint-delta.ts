/**
 * What changed between two lints of the same servers: the findings that are new, the ones that
 * are gone (fixed), the ones set aside (ignored or baselined since), and each server's score
 * before and after. Findings are matched by fingerprint (src/engine/fingerprint.ts: rule,
 * subject, message, never the line), so an edit that only moves code changes nothing. Pure:
 * --watch and `mcplint mcp` print it their own way.
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
  /** Findings gone from the findings because they are ignored or baselined now, not fixed. */
  readonly setAside: readonly (LocatedFinding & { readonly as: 'ignored' | 'baselined' })[];
  /** Findings in both reports. */
  readonly unchanged: number;
}

export interface LintDelta {
  readonly servers: readonly ServerDelta[];
  readonly added: number;
  readonly fixed: number;
  readonly setAside: number;
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
  const setAside = servers.reduce((n, s) => n + s.setAside.length, 0);
  const same = added === 0 && fixed === 0 && setAside === 0 && servers.every((s) => s.before?.score === s.after?.score);
  return { servers, added, fixed, setAside, same };
}

function serverDelta(label: string, before: ServerReport | undefined, after: ServerReport | undefined): ServerDelta {
  const was = new Set((before?.findings ?? []).map((f) => f.fingerprint));
  const is = new Set((after?.findings ?? []).map((f) => f.fingerprint));
  // A server that did not start was not judged: its earlier findings are not fixed, only unseen.
  const failed = after && !after.handshake.ok ? (after.handshake.message ?? 'the handshake failed') : undefined;
  // A finding the config now ignores, or a baseline now lists, is still there: not fixed.
  const asideNow = new Map<string, 'ignored' | 'baselined'>([
    ...(after?.ignored ?? []).map((f) => [f.fingerprint, 'ignored'] as const),
    ...(after?.baselined ?? []).map((f) => [f.fingerprint, 'baselined'] as const),
  ]);
  const gone = failed !== undefined ? [] : (before?.findings ?? []).filter((f) => !is.has(f.fingerprint));
  return {
    label,
    ...(before ? { before: before.score } : {}),
    ...(after ? { after: after.score } : {}),
    ...(failed !== undefined ? { failed } : {}),
    added: (after?.findings ?? []).filter((f) => !was.has(f.fingerprint)),
    fixed: gone.filter((f) => !asideNow.has(f.fingerprint)),
    setAside: gone.flatMap((f) => {
      const as = asideNow.get(f.fingerprint);
      return as ? [{ ...f, as }] : [];
    }),
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

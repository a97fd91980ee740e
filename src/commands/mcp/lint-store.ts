/**
 * What `mcplint mcp` keeps between calls: a lint session (src/session/lint-session.ts) per target,
 * so a second lint of the same server says what changed, and the last lints' reports, so a cursor
 * pages through one without linting again. Both bounded: the oldest go first.
 */
import type { ServerReport } from '../../report/report.js';
import type { ServerDelta } from '../../session/lint-delta.js';
import type { LintSession } from '../../session/lint-session.js';

export interface KeptLint {
  readonly id: string;
  readonly server: ServerReport;
  /** Against the previous lint of the same target (absent on its first). */
  readonly delta?: ServerDelta;
  readonly notes: readonly string[];
}

/** Lints whose pages a cursor may still ask for. */
export const KEPT_LINTS = 20;
/** Targets whose last lint is kept to compare with. */
const KEPT_SESSIONS = 20;

export class LintStore {
  private readonly lints = new Map<string, KeptLint>();
  private readonly sessions = new Map<string, LintSession>();
  private counter = 0;

  /** The session of a target (by its key), made with `create` the first time. */
  session(key: string, create: () => LintSession): LintSession {
    let session = this.sessions.get(key);
    if (session) this.sessions.delete(key);
    else session = create();
    this.sessions.set(key, session); // most recently used last
    if (this.sessions.size > KEPT_SESSIONS) this.sessions.delete(this.sessions.keys().next().value!);
    return session;
  }

  keep(lint: Omit<KeptLint, 'id'>): KeptLint {
    const kept = { id: `l${++this.counter}`, ...lint };
    this.lints.set(kept.id, kept);
    if (this.lints.size > KEPT_LINTS) this.lints.delete(this.lints.keys().next().value!);
    return kept;
  }

  lint(id: string): KeptLint | undefined {
    return this.lints.get(id);
  }
}

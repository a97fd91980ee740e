/**
 * The rule contract. A rule is metadata plus a pure generator over the capture: no I/O, no clock.
 * Modelled on ESLint's meta + create and typescript-eslint's typed RuleCreator.
 */
import type { ProtocolVersion } from '../model/capture.js';
import type { SourcePosition } from '../model/source-index.js';
import type { ChecklistItemId } from '../model/checklist-items.js';
import type { FixSafety } from '../model/fix.js';
import type { Requirement, RuleContext } from './requirements.js';

// The rule contract names what a rule requires and sees; src/engine/requirements.ts defines both.
export type { PeerServer, Requirement, RuleContext } from './requirements.js';

/** The level of a finding: never 'off' (a rule that is off reports nothing). */
export type Severity = 'error' | 'warning' | 'note';
/** A configured level: a finding's severity, or 'off'. */
export type Level = Severity | 'off';
/**
 * A rule's level in the recommended preset. Unlike a finding's Severity it may be 'off' (the rule
 * runs only when enabled); the metadata field keeps its historical name, `severity`.
 */
export type DefaultLevel = Level;
export const LEVELS: readonly Level[] = ['error', 'warning', 'note', 'off'];

export type Category =
  | 'lifecycle'
  | 'stdio'
  | 'http'
  | 'naming'
  | 'annotations'
  | 'descriptions'
  | 'schema'
  | 'ergonomics'
  | 'probes'
  | 'source'
  | 'security'
  | 'config'
  | 'manifest';

/** The subjects a rule's score is a share of: the server itself, its tools, their parameters, prompts or resources. */
export type ScoreScope = 'server' | 'tools' | 'parameters' | 'prompts' | 'resources';

/** spec: an MCP specification requirement; guideline: the server-building guide's best practice. */
export type Basis = 'spec' | 'guideline';

export type Precision = 'very-high' | 'high' | 'medium' | 'low';

/** Lifecycle: preview rules may still change their findings; deprecated ones will be removed. */
export type RuleStatus = 'stable' | 'preview' | 'deprecated';

export interface Reference {
  /** e.g. "MCP spec 2025-11-25, server/tools § Tool Names" or "Server-building guide, Tool Naming". */
  readonly title: string;
  readonly url?: string;
}

/** What a finding is about. Rules never name files; locate() turns subjects into places. */
export type Subject =
  | { readonly kind: 'server' }
  | { readonly kind: 'transport' }
  | { readonly kind: 'tool'; readonly name: string; readonly pointer?: string }
  | { readonly kind: 'prompt'; readonly name: string; readonly pointer?: string }
  | { readonly kind: 'resource'; readonly name: string; readonly pointer?: string }
  | { readonly kind: 'resourceTemplate'; readonly name: string; readonly pointer?: string };

/** What a rule yields. */
export interface Report<M extends string = string> {
  readonly messageId: M;
  /** Values for the message placeholders (undefined entries are treated as absent). */
  readonly data?: Readonly<Record<string, string | number | undefined>>;
  readonly subject: Subject;
  /** A short verbatim quote of what was observed (a stdout line, an error text). */
  readonly evidence?: string;
  /** Index into capture.frames of the frame that shows it. */
  readonly frame?: number;
  /**
   * A finding about the server that a set of its tools shows (a convention most of them break):
   * every one of those tools, so each view fails exactly these; absent, it fails every tool.
   */
  readonly tools?: readonly string[];
  /** Distinguishes several reports of one rule, subject and message (e.g. two polluting lines). */
  readonly key?: string;
  /** A place in the server's own code (source index coordinates) that locates the finding instead of the subject. */
  readonly at?: SourcePosition;
  /** A JSON pointer into the linted manifest (capture.manifest) that locates the finding at its line of the manifest file. */
  readonly manifestAt?: string;
  /** A JSON pointer into the checked package's package.json (capture.packed) that locates the finding at its line there. */
  readonly packageAt?: string;
  /**
   * Report one level below the rule's configured level (error → warning, warning → note; a note
   * stays a note): for the lesser form of a rule's defect, e.g. one protocol version behind
   * rather than several. Relative, so a user who raises or lowers the rule moves both forms.
   */
  readonly milder?: boolean;
}

/**
 * A rule's fix (src/fix/ computes the edits; test/fix-registry.test.ts keeps the two in step).
 * `messages`: the messages whose findings the fix edits; absent: all of them.
 */
export interface RuleFix<M extends string = string> {
  readonly safety: FixSafety;
  /** What the fix writes, one sentence: `mcplint rules`, rule docs. */
  readonly summary: string;
  readonly messages?: readonly M[];
  /** The languages of server code the fix edits; absent: TypeScript/JavaScript and Python. */
  readonly languages?: readonly FixLanguage[];
}

/** The source languages a fix edits, as the source index tells them apart. */
export type FixLanguage = 'javascript' | 'python';

export interface RuleOptionsSpec<O> {
  /** JSON Schema of the options object; validated at config load. */
  readonly schema: Readonly<Record<string, unknown>>;
  readonly defaults: O;
}

/**
 * A rule whose `requires` is R. Its `check` sees only what R declares (RuleContext); the default R,
 * every requirement, is the form the runner holds any rule in.
 */
export interface RuleDefinition<M extends string, O, R extends readonly Requirement[] = readonly Requirement[]> {
  readonly id: string;
  readonly category: Category;
  readonly basis: Basis;
  /** Default level in the recommended preset; may be 'off' (see DefaultLevel). */
  readonly severity: DefaultLevel;
  readonly precision: Precision;
  /** Lifecycle status; absent means 'stable'. */
  readonly status?: RuleStatus;
  /** The rule that replaces a deprecated one. */
  readonly replacedBy?: string;
  /**
   * The server-building guide's Quality Checklist items whose failure this rule's findings show,
   * or 'none'. The checklist formatter reads this; the registry test requires it of built-in rules.
   */
  readonly checklist?: readonly ChecklistItemId[] | 'none';
  /** One sentence, imperative or declarative; SARIF shortDescription and the rules table. */
  readonly summary: string;
  /**
   * Protocol version that introduced the requirement; a spec rule is skipped for older servers.
   * Guideline rules have none (test/version-gating.test.ts holds them to it): a guideline applies whatever
   * version the server negotiated.
   */
  readonly since?: ProtocolVersion;
  /**
   * Last protocol version the requirement exists in (it was removed after it, e.g. initialize and
   * ping are gone from 2026-07-28); a spec rule is skipped for servers on a newer version.
   */
  readonly until?: ProtocolVersion;
  readonly references: readonly Reference[];
  readonly messages: Readonly<Record<M, string>>;
  readonly options?: RuleOptionsSpec<O>;
  readonly requires?: R;
  /**
   * Parts of the check that each need probes of their own, by what they judge ("the valid calls"),
   * each met when one of its probes ran: the rule runs when `requires` and at least one part are met, and the report notes each part
   * it could not judge and why (src/engine/rule-parts.ts). `check` sees the probes through
   * `requires` ('session'), and judges only what was recorded.
   */
  readonly parts?: Readonly<Record<string, readonly `probe:${string}`[]>>;
  /**
   * What the rule's score is a share of (src/score/score.ts); absent: what `requires` implies
   * (tools, prompts or resources), else the server itself.
   */
  readonly scoreScope?: ScoreScope;
  /** The messages (or true: all) whose error findings say a list never completed: the score caps at D (src/score/score.ts). */
  readonly incompleteList?: true | readonly M[];
  /** The rule's fix, when it has one (`mcplint --fix`, docs/fix.md). */
  readonly fix?: RuleFix<M>;
  check(ctx: RuleContext<O, R[number]>): Iterable<Report<M>>;
}

export type Rule = RuleDefinition<string, any>;

/** A rule's lifecycle status, 'stable' unless it says otherwise. */
export function ruleStatus(rule: Pick<Rule, 'status'>): RuleStatus {
  return rule.status ?? 'stable';
}

/** The fix of a rule that applies to a finding of `messageId`, or undefined. */
export function fixOf(rule: Pick<Rule, 'fix'>, messageId: string): RuleFix | undefined {
  const fix = rule.fix;
  return fix && (fix.messages === undefined || fix.messages.includes(messageId)) ? fix : undefined;
}

/**
 * Identity with types: infers the message-id union so a typo in `messageId` fails to compile, and
 * the `requires` tuple so `check` sees only what it declares (reading `capture.exit` without
 * requiring 'exit' fails to compile).
 */
export function defineRule<M extends string, O = Record<string, never>, const R extends readonly Requirement[] = []>(
  rule: RuleDefinition<M, O, R>,
): RuleDefinition<M, O, R> {
  return rule;
}

/** Fill `{{name}}` placeholders from data; unknown placeholders stay visible rather than vanish. */
export function interpolate(template: string, data: Readonly<Record<string, string | number | undefined>> | undefined): string {
  if (!data) return template;
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, key: string) => (data[key] !== undefined ? String(data[key]) : whole));
}

/** A stable textual key for a subject (used in fingerprints, ignores and sorting). */
export function subjectKey(subject: Subject): string {
  switch (subject.kind) {
    case 'server':
    case 'transport':
      return subject.kind;
    default:
      return `${subject.kind}:${subject.name}${subject.pointer ? `#${subject.pointer}` : ''}`;
  }
}

/** Human label for a subject: `tool "x"`, `server`, …; with `capital`, to start a message: `Tool "x"`. */
export function subjectLabel(subject: Subject, options: { readonly capital?: boolean } = {}): string {
  const label = labelOf(subject);
  return options.capital ? label[0]!.toUpperCase() + label.slice(1) : label;
}

function labelOf(subject: Subject): string {
  switch (subject.kind) {
    case 'server':
      return 'server';
    case 'transport':
      return 'transport';
    case 'resourceTemplate':
      return `resource template "${subject.name}"`;
    default:
      return `${subject.kind} "${subject.name}"`;
  }
}

/**
 * The probe safety policy (README, "Probes › Safety policy"), as pure functions: may mcplint call
 * this tool, and how?
 *
 * - The spec's defaults decide: without annotations a tool is presumed destructive and open-world.
 * - By default only tools annotated `readOnlyHint: true` whose `destructiveHint` is not true are
 *   called, and only if their name reads as a read (probe-name.ts: plain ASCII, a reading verb first,
 *   no mutating word anywhere). Annotations are hints; a wrong hint must not cost anyone data.
 *   The name rule gates invalid-argument probes too: a lenient server may run them.
 * - Valid-argument calls reach whatever the tool reaches, so they additionally need
 *   `openWorldHint: false`; open-world tools get invalid-argument probes only.
 * - `probes.allowTools` enables any other tool (valid calls then need the user's own arguments in
 *   `probes.args.<tool>` unless the tool is read-only by the rules above); `probes.denyTools` always wins.
 * - Tools that require task-augmented calls are never called (mcplint makes none).
 * - A name listed more than once gets the most restrictive decision of its entries, wherever they are.
 */
import { isObject } from '../shared/json.js';
import { nestsDeeperThan, SCHEMA_DEPTH_LIMIT } from '../shared/json-depth.js';
import { describeNameProblem, probeNameProblem } from './probe-name.js';

/** What the policy needs to know about a tool: its name and its raw list entry. */
export interface PolicyTool {
  readonly name: string;
  readonly raw: Readonly<Record<string, unknown>>;
}

export interface PolicyConfig {
  readonly allowTools: readonly string[];
  readonly denyTools: readonly string[];
  readonly args: Readonly<Record<string, unknown>>;
}

export type Permission = { readonly allowed: true; readonly why: string } | { readonly allowed: false; readonly why: string };

export interface ToolPermissions {
  readonly tool: string;
  /** Calls that violate the input schema in one obvious way (a required property left out, a wrong type). */
  readonly invalidCalls: Permission;
  /** Calls with valid arguments, which let the tool do its work. */
  readonly validCalls: Permission;
  /**
   * Valid calls may only use the arguments the user gave in `probes.args.<tool>` (true for tools
   * that are called only because they are allow-listed), never arguments made up from the schema.
   */
  readonly userArgsOnly: boolean;
}

const no = (why: string): Permission => ({ allowed: false, why });
const yes = (why: string): Permission => ({ allowed: true, why });

/** Decide, for one tool, which probe calls mcplint may make. Pure. */
export function toolPermissions(tool: PolicyTool, config: PolicyConfig): ToolPermissions {
  const name = tool.name;
  const deny = (why: string): ToolPermissions => ({ tool: name, invalidCalls: no(why), validCalls: no(why), userArgsOnly: false });

  if (config.denyTools.includes(name)) return deny('listed in probes.denyTools');

  const execution = isObject(tool.raw.execution) ? tool.raw.execution : undefined;
  if (execution?.taskSupport === 'required')
    return deny('it requires task-augmented calls (execution.taskSupport "required"), which mcplint does not make');
  // Arguments are made from the schema by recursive walks: a schema too deep to judge is too deep to call with.
  if (nestsDeeperThan(tool.raw.inputSchema, SCHEMA_DEPTH_LIMIT))
    return deny(`its inputSchema nests deeper than ${SCHEMA_DEPTH_LIMIT} levels, which mcplint does not judge`);

  const annotations = isObject(tool.raw.annotations) ? tool.raw.annotations : undefined;
  const readOnly = annotations?.readOnlyHint === true;
  const destructive = annotations?.destructiveHint === true;
  const closedWorld = annotations?.openWorldHint === false;
  const nameProblem = probeNameProblem(name);
  const safeByPolicy = readOnly && !destructive && nameProblem === undefined;

  if (config.allowTools.includes(name)) {
    const hasArgs = isObject(config.args[name]);
    if (safeByPolicy) {
      return {
        tool: name,
        invalidCalls: yes('listed in probes.allowTools'),
        validCalls: yes('listed in probes.allowTools'),
        userArgsOnly: false,
      };
    }
    return {
      tool: name,
      invalidCalls: yes('listed in probes.allowTools'),
      validCalls: hasArgs
        ? yes('listed in probes.allowTools, with arguments in probes.args')
        : no(`it is allow-listed but not read-only by the policy, so valid calls need its arguments in probes.args.${name}`),
      userArgsOnly: true,
    };
  }

  const allowHint = 'allow-list it in probes.allowTools to probe it';
  if (!annotations) return deny(`it has no annotations, so it is presumed destructive and open-world (the spec's defaults); ${allowHint}`);
  if (!readOnly) return deny(`it is not annotated readOnlyHint: true; ${allowHint}`);
  if (destructive) return deny(`it is annotated destructiveHint: true; ${allowHint}`);
  if (nameProblem !== undefined) return deny(`${describeNameProblem(nameProblem)}, even though it is annotated read-only; ${allowHint}`);

  const invalidWhy = 'annotated read-only and not destructive';
  if (!closedWorld) {
    return {
      tool: name,
      invalidCalls: yes(invalidWhy),
      validCalls: no(
        `it may reach the outside world (openWorldHint is ${annotations.openWorldHint === true ? 'true' : 'absent'}), so it gets invalid-argument probes only; ${allowHint} with real calls`,
      ),
      userArgsOnly: false,
    };
  }
  return { tool: name, invalidCalls: yes(invalidWhy), validCalls: yes(`${invalidWhy}, closed-world`), userArgsOnly: false };
}

/** The word of a tool name that says it changes or starts something, if any (the name rule's finding). */
export function changingWord(toolName: string): string | undefined {
  const problem = probeNameProblem(toolName);
  return problem?.kind === 'changing-word' || problem?.kind === 'acting-verb' ? problem.word : undefined;
}

/**
 * One decision per tool name over every entry of a tools/list (all pages) that carries it. A server
 * may list a name twice, and a later entry may call it destructive: the most restrictive entry wins,
 * wherever it stands, so a harmless-looking first entry cannot vouch for the tool.
 */
export function toolListPermissions(items: readonly unknown[], config: PolicyConfig): Map<string, ToolPermissions> {
  const entries = new Map<string, ToolPermissions[]>();
  for (const raw of items) {
    if (!isObject(raw) || typeof raw.name !== 'string') continue;
    const decided = toolPermissions({ name: raw.name, raw }, config);
    const list = entries.get(raw.name);
    if (list) list.push(decided);
    else entries.set(raw.name, [decided]);
  }
  return new Map([...entries].map(([name, list]) => [name, mostRestrictive(list)]));
}

/** The strictest of several decisions about one name (each kind of call refused if any entry refuses it). */
function mostRestrictive(decisions: readonly ToolPermissions[]): ToolPermissions {
  const first = decisions[0]!; // never empty: one list per name seen
  if (decisions.length === 1) return first;
  const strictest = (kind: 'invalidCalls' | 'validCalls'): Permission => {
    const index = decisions.findIndex((d) => !d[kind].allowed);
    if (index === -1) return first[kind];
    const entry = `entry ${index + 1} of the ${decisions.length} tools/list entries with this name`;
    return no(`${decisions[index]![kind].why} (${entry}; the most restrictive decides)`);
  };
  return {
    tool: first.tool,
    invalidCalls: strictest('invalidCalls'),
    validCalls: strictest('validCalls'),
    userArgsOnly: decisions.some((d) => d.userArgsOnly),
  };
}

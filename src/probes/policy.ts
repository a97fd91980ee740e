/**
 * The probe safety policy (DESIGN §4), as one pure function: may mcplint call this tool, and how?
 *
 * - The spec's defaults decide: without annotations a tool is presumed destructive and open-world.
 * - By default only tools annotated `readOnlyHint: true` whose `destructiveHint` is not true are
 *   called, and only if their name does not say they change or start things (annotations are hints;
 *   a wrong hint must not cost anyone data).
 * - Valid-argument calls reach whatever the tool reaches, so they additionally need
 *   `openWorldHint: false`; open-world tools get invalid-argument probes only.
 * - `probes.allowTools` enables any other tool (valid calls then need the user's own arguments in
 *   `probes.args.<tool>` unless the tool is read-only by the rules above); `probes.denyTools` always wins.
 * - Tools that require task-augmented calls are never called (mcplint makes none).
 */
import { isVerb, words } from '../../rules/lib/naming.js';
import { MUTATING_VERBS } from '../../rules/lib/verbs.js';
import { isObject } from '../engine/capture-index.js';

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

/**
 * Verbs that start or trigger something (jobs, messages, long operations): not "changing" in the
 * annotation rules' sense, but nothing a linter should set off uninvited. Checked on the action verb.
 */
const ACTING_VERBS: ReadonlySet<string> = new Set([
  'run', 'start', 'toggle', 'trigger', 'execute', 'exec', 'invoke', 'launch', 'spawn', 'schedule', 'call',
  'notify', 'email', 'mail', 'message', 'sms', 'tweet', 'dial', 'reboot', 'shutdown', 'restart', 'kill', 'stop',
  'broadcast', 'dispatch', 'emit', 'enqueue', 'book', 'reserve', 'order', 'buy', 'purchase', 'sell', 'sync',
  'import', 'migrate', 'provision', 'seed', 'lock', 'unlock', 'claim', 'release', 'checkout', 'fork', 'clone',
  'subscribe', 'unsubscribe', 'register', 'unregister', 'login', 'logout', 'grant', 'share', 'unshare', 'tag',
  'untag', 'label', 'flag', 'pin', 'unpin', 'star', 'like', 'follow', 'unfollow', 'block', 'unblock', 'vote',
  'reply', 'comment', 'react', 'record', 'gzip', 'zip', 'compress', 'generate',
]);

/** Words that say a tool changes things anywhere in its name (get_or_create_user), beyond MUTATING_VERBS. */
const CHANGING_WORDS: ReadonlySet<string> = new Set([
  'delete', 'remove', 'drop', 'purge', 'kill', 'reset', 'write', 'send', 'create', 'update', 'move', 'push', 'merge',
  'destroy', 'erase', 'wipe', 'truncate', 'overwrite', 'insert', 'upsert', 'modify', 'rollback', 'revert', 'restore',
  'evict', 'flush', 'invalidate', 'unset', 'deactivate', 'activate', 'execute', 'exec',
]);

/** The word of a tool name that says it changes or starts something, if any. */
export function changingWord(toolName: string): string | undefined {
  const all = words(toolName);
  const anywhere = all.find((w) => MUTATING_VERBS.has(w) || CHANGING_WORDS.has(w));
  if (anywhere) return anywhere;
  // The action verb: the first verb among the first two words (the first may be a service prefix).
  const verb = all.slice(0, 2).find((w) => isVerb(w) || ACTING_VERBS.has(w));
  return verb !== undefined && ACTING_VERBS.has(verb) ? verb : undefined;
}

const no = (why: string): Permission => ({ allowed: false, why });
const yes = (why: string): Permission => ({ allowed: true, why });

/** Decide, for one tool, which probe calls mcplint may make. Pure. */
export function toolPermissions(tool: PolicyTool, config: PolicyConfig): ToolPermissions {
  const name = tool.name;
  const deny = (why: string): ToolPermissions => ({ tool: name, invalidCalls: no(why), validCalls: no(why), userArgsOnly: false });

  if (config.denyTools.includes(name)) return deny('listed in probes.denyTools');

  const execution = isObject(tool.raw.execution) ? tool.raw.execution : undefined;
  if (execution?.taskSupport === 'required') return deny('it requires task-augmented calls (execution.taskSupport "required"), which mcplint does not make');

  const annotations = isObject(tool.raw.annotations) ? tool.raw.annotations : undefined;
  const readOnly = annotations?.readOnlyHint === true;
  const destructive = annotations?.destructiveHint === true;
  const closedWorld = annotations?.openWorldHint === false;
  const word = changingWord(name);
  const safeByPolicy = readOnly && !destructive && word === undefined;

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
  if (word !== undefined) return deny(`its name says it changes or starts something ("${word}"), even though it is annotated read-only; ${allowHint}`);

  const invalidWhy = 'annotated read-only and not destructive';
  if (!closedWorld) {
    return {
      tool: name,
      invalidCalls: yes(invalidWhy),
      validCalls: no(`it may reach the outside world (openWorldHint is ${annotations.openWorldHint === true ? 'true' : 'absent'}), so it gets invalid-argument probes only; ${allowHint} with real calls`),
      userArgsOnly: false,
    };
  }
  return { tool: name, invalidCalls: yes(invalidWhy), validCalls: yes(`${invalidWhy}, closed-world`), userArgsOnly: false };
}

/**
 * What a tool's name says it does: the action verb (first word, or second after a service prefix)
 * and whether that verb reads or changes things. Shared by the annotation, ergonomics and probe
 * rules, so "delete means not read-only" is decided in one place. The probe policy is stricter
 * (src/probes/probe-name.ts) and refuses every word listed here as changing, and more.
 */
import { words } from './name-words.js';

/** Verbs that say a tool only reads. */
export const READING_VERBS: ReadonlySet<string> = new Set([
  'get',
  'list',
  'search',
  'read',
  'find',
  'fetch',
  'query',
  'describe',
  'show',
  'view',
  'lookup',
  'count',
  'browse',
  'scan',
]);

/** Verbs that say a tool changes something (a tool named with one is not read-only). */
export const MUTATING_VERBS: ReadonlySet<string> = new Set([
  'add',
  'append',
  'approve',
  'archive',
  'assign',
  'ban',
  'cancel',
  'charge',
  'clear',
  'close',
  'commit',
  'create',
  'delete',
  'deploy',
  'destroy',
  'disable',
  'drop',
  'edit',
  'enable',
  'erase',
  'insert',
  'install',
  'invite',
  'kill',
  'mark',
  'merge',
  'modify',
  'move',
  'overwrite',
  'patch',
  'pay',
  'post',
  'publish',
  'purge',
  'push',
  'put',
  'refund',
  'reject',
  'remove',
  'rename',
  'replace',
  'reset',
  'restart',
  'revoke',
  'save',
  'send',
  'set',
  'stop',
  'submit',
  'terminate',
  'transfer',
  'truncate',
  'unassign',
  'uninstall',
  'update',
  'upload',
  'upsert',
  'wipe',
  'write',
]);

/** Action verbs that neither clearly read nor clearly change (what they do depends on the tool). */
const OTHER_ACTION_VERBS: ReadonlySet<string> = new Set(['run', 'start', 'toggle', 'trigger']);

const isActionVerb = (word: string): boolean => READING_VERBS.has(word) || MUTATING_VERBS.has(word) || OTHER_ACTION_VERBS.has(word);

/** The action verb of a tool name: its first word, or its second when the first is a service prefix. */
export function actionVerb(toolName: string): string | undefined {
  return words(toolName).slice(0, 2).find(isActionVerb);
}

/** Whether any word of the name says the tool changes things (`get_or_create_user`). */
export function nameMentionsChange(toolName: string): boolean {
  return words(toolName).some((w) => MUTATING_VERBS.has(w));
}

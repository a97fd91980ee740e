/**
 * The name half of the probe safety policy (policy.ts): does a tool's name read as a read? Stricter
 * than the annotation rules' verb tables on purpose — those decide what to *report*, this decides
 * what mcplint *calls*, and a read-only annotation on a world-changing tool must not get it called.
 *
 * A name passes only if all of these hold:
 * - it is plain printable ASCII (a look-alike letter is never trusted);
 * - no word of it is on the mutating list, also when glued to other letters (`deleteeverything`,
 *   `getanddelete`, `readwrite`), with the word split on every naming style and on digits;
 * - its first verb is on the explicit list of reading verbs (a name with no verb we know is refused).
 */
import { MUTATING_VERBS } from '../shared/verbs.js';
import { letterWords } from '../shared/name-words.js';

/** Verbs that only read. Exact words: `getuser` is not `get` (nor is `checkout` a `check`). */
export const PROBE_READING_VERBS: ReadonlySet<string> = new Set([
  'get',
  'list',
  'search',
  'read',
  'describe',
  'show',
  'count',
  'find',
  'query',
  'lookup',
  'check',
  'validate',
  'explain',
  'fetch',
  'view',
  'browse',
  'scan',
  'inspect',
  'preview',
  'peek',
  'echo',
  'compare',
  'diff',
  'retrieve',
  'verify',
  'lint',
  'summarize',
  'summarise',
  'estimate',
  'calculate',
  'compute',
  'analyze',
  'analyse',
]);

/**
 * Words that change, remove, execute or pay for something: refused wherever they stand in a name.
 * Every word the annotation rules count as changing (MUTATING_VERBS) is on it too.
 */
export const PROBE_MUTATING_WORDS: ReadonlySet<string> = new Set([
  ...MUTATING_VERBS,
  // removing and destroying
  'delete',
  'del',
  'remove',
  'rm',
  'rmdir',
  'drop',
  'purge',
  'kill',
  'pkill',
  'killall',
  'reset',
  'unlink',
  'shred',
  'nuke',
  'wipe',
  'destroy',
  'erase',
  'truncate',
  'overwrite',
  'clobber',
  'obliterate',
  'trash',
  'scrub',
  'zap',
  'evict',
  'flush',
  'invalidate',
  'prune',
  'vacuum',
  'clean',
  'cleanup',
  'teardown',
  'decommission',
  'deprovision',
  // writing and changing
  'write',
  'create',
  'update',
  'upsert',
  'insert',
  'add',
  'set',
  'unset',
  'put',
  'patch',
  'post',
  'modify',
  'edit',
  'rename',
  'move',
  'mv',
  'push',
  'merge',
  'rebase',
  'squash',
  'commit',
  'rollback',
  'revert',
  'restore',
  'prepend',
  'persist',
  'format',
  'reformat',
  'mkdir',
  'touch',
  'chmod',
  'chown',
  'reindex',
  'migrate',
  'seed',
  'provision',
  'activate',
  'deactivate',
  'grant',
  'revoke',
  'ban',
  'kick',
  'suspend',
  'halt',
  'abort',
  // running things
  'eval',
  'exec',
  'execute',
  'run',
  'spawn',
  'shell',
  'sh',
  'bash',
  'zsh',
  'cmd',
  'powershell',
  'sudo',
  'apply',
  'deploy',
  'redeploy',
  'rollout',
  'install',
  'uninstall',
  'start',
  'stop',
  'restart',
  'reboot',
  'shutdown',
  'poweroff',
  'terminate',
  // money and messages
  'send',
  'withdraw',
  'deposit',
  'transfer',
  'pay',
  'charge',
  'refund',
  'donate',
  'mint',
  'burn',
  'approve',
  'publish',
  'upload',
]);

/**
 * Verbs that start or trigger something (jobs, messages, long operations). Nouns as often as verbs
 * (`get_message`, `get_order`), so they are refused only as a name's first verb.
 */
const ACTING_VERBS: ReadonlySet<string> = new Set([
  'run',
  'start',
  'toggle',
  'trigger',
  'execute',
  'exec',
  'invoke',
  'launch',
  'spawn',
  'schedule',
  'call',
  'notify',
  'email',
  'mail',
  'message',
  'sms',
  'tweet',
  'dial',
  'reboot',
  'shutdown',
  'restart',
  'kill',
  'stop',
  'broadcast',
  'dispatch',
  'emit',
  'enqueue',
  'book',
  'reserve',
  'order',
  'buy',
  'purchase',
  'sell',
  'sync',
  'import',
  'export',
  'download',
  'provision',
  'seed',
  'lock',
  'unlock',
  'claim',
  'release',
  'checkout',
  'fork',
  'clone',
  'subscribe',
  'unsubscribe',
  'register',
  'unregister',
  'login',
  'logout',
  'share',
  'unshare',
  'tag',
  'untag',
  'label',
  'flag',
  'pin',
  'unpin',
  'star',
  'like',
  'follow',
  'unfollow',
  'block',
  'unblock',
  'vote',
  'reply',
  'comment',
  'react',
  'record',
  'gzip',
  'zip',
  'compress',
  'generate',
  'warm',
  'load',
  'reload',
  'refresh',
  'open',
  'connect',
  'disconnect',
  'sign',
  'swap',
  'trade',
  'stake',
  'print',
  'render',
  'convert',
  'resolve',
  'process',
  'handle',
  'simulate',
  'test',
  'ping',
  'wait',
  'sleep',
  'retry',
  'resume',
  'pause',
]);

/**
 * Words that begin with a mutating word but do not mean it (`address` is not `add`+`ress`). Without
 * them their glued check would refuse them; each one here was read and judged harmless.
 */
const HARMLESS_WORDS: ReadonlySet<string> = new Set([
  'address',
  'addresses',
  'additional',
  'addition',
  'additions',
  'addon',
  'addons',
  'payload',
  'payloads',
  'payee',
  'payees',
  'paypal',
  'runtime',
  'runtimes',
  'runway',
  'setup',
  'setups',
  'startup',
  'startups',
  'stopword',
  'stopwords',
  'delta',
  'deltas',
  'delay',
  'delays',
  'delivery',
  'deliveries',
  'delegate',
  'delegates',
  'delimiter',
  'delimiters',
  'postgres',
  'postgresql',
  'postcode',
  'postcodes',
  'postman',
  'dropbox',
  'dropdown',
  'dropdowns',
  'sendgrid',
  'burndown',
  'information',
  'transformation',
  'transformations',
  'evaluation',
  'evaluations',
  'cmdlet',
  'cmdlets',
  'touchpoint',
  'touchpoints',
  'touchscreen',
  'bank',
  'banks',
  'banking',
  'band',
  'bands',
  'banner',
  'banners',
  'bandwidth',
  'market',
  'markets',
  'marketplace',
  'marketing',
  'markdown',
  'committee',
  'committees',
  'closet',
  'clearance',
  'putty',
  'postfix',
  'dell',
  'zapier',
  'sudoku',
  'mintlify',
]);

/**
 * Letters that may be glued before a mutating word without hiding it: reading verbs
 * (`getanddelete`, `readwrite`), joining words, qualifiers and the re-/un- prefixes (`rewrite`, `undelete`).
 */
const GLUE_WORDS: readonly string[] = [
  ...PROBE_READING_VERBS,
  'and',
  'or',
  'then',
  'also',
  'plus',
  'with',
  'all',
  'auto',
  'force',
  'batch',
  'bulk',
  'multi',
  'mass',
  'safe',
  'try',
  'dry',
  'hard',
  'soft',
  're',
  'un',
];

/** Endings that make a mutating word a noun or an adjective (`updates`, `settings`, `deployment`). */
const INFLECTION = /^(?:s|es|d|ed|ing|ings|er|ers|or|ors|ion|ions|ation|ations|ment|ments|al|able)$/;

/** Mutating words too short to be told apart from other words when glued (`sh` in `shape`): exact only. */
const GLUED_PREFIX_MIN_LENGTH = 3;
const GLUED_SHORT_WORDS: ReadonlySet<string> = new Set(['rm']);

/** Names longer than this are refused outright: the spec allows 128 characters, and judging costs time. */
const MAX_JUDGED_LENGTH = 256;

/** Mutating words long enough that finding one inside a glued run means it (`dbshutdown`). */
const LONG_MUTATING_WORDS: readonly string[] = [...PROBE_MUTATING_WORDS].filter((w) => w.length >= 6);

const PLAIN_ASCII = /^[\x20-\x7e]*$/;

const isInflection = (stem: string, rest: string): boolean =>
  INFLECTION.test(rest) || (rest.startsWith(stem.at(-1) ?? '') && INFLECTION.test(rest.slice(1)));

/** Mutating words longest first, so `deleted` is judged as `delete`+`d`, not as `del`+`eted`. */
const MUTATING_LONGEST_FIRST: readonly string[] = [...PROBE_MUTATING_WORDS].sort((a, b) => b.length - a.length);

/**
 * The mutating word a word is or begins with at `at`, unless what begins there is only an
 * inflection of one (`updates`, `deleting`, `execution`) or a harmless word (`address`).
 */
function mutatingPrefixAt(word: string, at: number): string | undefined {
  const rest = word.slice(at);
  if (PROBE_READING_VERBS.has(rest)) return undefined;
  const harmless = HARMLESS_LIST.find((h) => rest.startsWith(h));
  for (const mutating of MUTATING_LONGEST_FIRST) {
    if (harmless !== undefined && mutating.length <= harmless.length) break;
    if (rest === mutating) return mutating;
    // `delete` → `deleting`, `deletion`: the final e goes before an ending.
    for (const stem of mutating.endsWith('e') ? [mutating, mutating.slice(0, -1)] : [mutating]) {
      if (rest.startsWith(stem) && isInflection(stem, rest.slice(stem.length))) return undefined;
    }
    if (!rest.startsWith(mutating)) continue;
    if (mutating.length < GLUED_PREFIX_MIN_LENGTH && !GLUED_SHORT_WORDS.has(mutating)) continue;
    return mutating; // glued to other letters: `deleteeverything`, `rmfile`
  }
  return undefined;
}

/** Harmless words, longest first (so `addresses` is preferred to `address`). */
const HARMLESS_LIST: readonly string[] = [...HARMLESS_WORDS].sort((a, b) => b.length - a.length);
/** What may stand before a mutating word in a glued run without hiding it. */
const SKIPPABLE: readonly string[] = [...GLUE_WORDS, ...HARMLESS_LIST];

/** The mutating word hidden in one lower-case word of a name (itself, glued, or after glue words). */
export function mutatingWordIn(word: string): string | undefined {
  if (PROBE_MUTATING_WORDS.has(word)) return word;
  if (HARMLESS_WORDS.has(word) || PROBE_READING_VERBS.has(word)) return undefined;
  // Every position reachable from the start through glue words, each checked once (no backtracking).
  const reachable = new Set<number>([0]);
  for (let at = 0; at < word.length; at++) {
    if (!reachable.has(at)) continue;
    const found = mutatingPrefixAt(word, at);
    if (found !== undefined) return found;
    for (const skip of SKIPPABLE) if (word.startsWith(skip, at) && at + skip.length < word.length) reachable.add(at + skip.length);
  }
  let masked = word;
  for (const harmless of HARMLESS_LIST) if (masked.includes(harmless)) masked = masked.replaceAll(harmless, '.');
  return LONG_MUTATING_WORDS.find((mutating) => masked.indexOf(mutating, 1) > 0);
}

/** Why a name does not read as a read, or undefined when it does. */
export type NameProblem =
  | { readonly kind: 'not-ascii'; readonly char: string }
  | { readonly kind: 'too-long'; readonly length: number }
  | { readonly kind: 'changing-word'; readonly word: string; readonly inWord: string }
  | { readonly kind: 'acting-verb'; readonly word: string }
  | { readonly kind: 'no-reading-verb' };

/** Judge a tool name by the probe policy's name rule. Pure. */
export function probeNameProblem(name: string): NameProblem | undefined {
  if (!PLAIN_ASCII.test(name)) {
    const char = [...name].find((c) => !PLAIN_ASCII.test(c)) ?? '';
    return { kind: 'not-ascii', char: `U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}` };
  }
  if (name.length > MAX_JUDGED_LENGTH) return { kind: 'too-long', length: name.length };
  // Split on digits too (`rm1File` → rm, file): a digit must not hide a changing word.
  const all = letterWords(name);
  for (const word of all) {
    const found = mutatingWordIn(word);
    if (found !== undefined) return { kind: 'changing-word', word: found, inWord: word };
  }
  const firstVerb = all.find((w) => PROBE_READING_VERBS.has(w) || ACTING_VERBS.has(w));
  if (firstVerb === undefined) return { kind: 'no-reading-verb' };
  if (ACTING_VERBS.has(firstVerb)) return { kind: 'acting-verb', word: firstVerb };
  return undefined;
}

/** The problem as the end of a sentence that starts "never called: …" or "no valid call: …". */
export function describeNameProblem(problem: NameProblem): string {
  switch (problem.kind) {
    case 'not-ascii':
      return `its name is not plain ASCII (${problem.char}), and a look-alike of a harmless name is never trusted`;
    case 'too-long':
      return `its name is ${problem.length} characters long, more than mcplint judges (${MAX_JUDGED_LENGTH})`;
    case 'changing-word': {
      const where = problem.inWord === problem.word ? '' : ` in "${problem.inWord}"`;
      return `its name says it changes or starts something ("${problem.word}"${where})`;
    }
    case 'acting-verb':
      return `its name says it changes or starts something ("${problem.word}")`;
    case 'no-reading-verb':
      return `its name has no reading verb (${[...PROBE_READING_VERBS].slice(0, 6).join(', ')}, …) to say it only reads`;
  }
}

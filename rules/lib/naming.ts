/**
 * Shared helpers of the naming rules (tool-name-*, server-name-convention): how a name splits into
 * words, which names the spec allows, what service a server name implies, which prefix a server's
 * tools share, and which words are verbs. Pure functions; no rule lives here.
 */
import { atLeast } from '../../src/shared/protocol-version.js';
import type { ListedIndex, ToolEntry } from '../../src/engine/capture-index.js';
import { words } from '../../src/shared/name-words.js';

export { words };

/** MCP spec 2025-11-25 server/tools § Tool Names: 1–128 of A-Z a-z 0-9 _ - . */
export const SPEC_TOOL_NAME = /^[A-Za-z0-9_.-]{1,128}$/;
export const SPEC_TOOL_NAME_MAX = 128;

/** The protocol version that introduced the Tool Names guidance (and tool-name-format's `since`). */
export const TOOL_NAMES_SINCE = '2025-11-25' as const;

/**
 * Whether tool-name-format runs on this capture (the negotiated version is 2025-11-25 or newer, or
 * unknown). Rules that leave spec-invalid names to tool-name-format only do so when it runs, so an
 * older server's broken names are still reported somewhere.
 */
export function formatRuleApplies(protocolVersion: string | undefined): boolean {
  return atLeast(protocolVersion, TOOL_NAMES_SINCE);
}

/** True when the name is left to tool-name-format (it runs and the name breaks the spec pattern). */
export function leftToFormatRule(name: string, protocolVersion: string | undefined): boolean {
  return !SPEC_TOOL_NAME.test(name) && formatRuleApplies(protocolVersion);
}

/** One entry per distinct tool name, first occurrence wins (duplicates are tool-name-unique's business). */
export function distinctTools(tools: readonly ToolEntry[]): ToolEntry[] {
  const seen = new Set<string>();
  return tools.filter((tool) => (seen.has(tool.name) ? false : (seen.add(tool.name), true)));
}

/** A readable name for a character that is not allowed in a tool name. */
export function describeChar(char: string): string {
  const names: Record<string, string> = {
    ' ': 'space',
    '\t': 'tab',
    '/': '"/" (slash)',
    '\\': '"\\" (backslash)',
    ',': '"," (comma)',
    ':': '":" (colon)',
    '.': '"." (dot)',
  };
  const named = names[char];
  if (named) return named;
  const code = char.codePointAt(0) ?? 0;
  if (code < 0x21 || (code >= 0x7f && code < 0xa0) || /\p{Cf}|\p{Z}/u.test(char)) {
    return `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
  }
  return `"${char}"`;
}

/** The distinct characters of `name` that `allowed` rejects, described, in order of appearance. */
export function disallowedChars(name: string, allowed: RegExp): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const char of name) {
    if (allowed.test(char) || seen.has(char)) continue;
    seen.add(char);
    out.push(describeChar(char));
  }
  return out;
}

/** "a", "a and b", "a, b and c". */
export function joinList(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

// ---------------------------------------------------------------------------------------------
// Versions and dates in names
// ---------------------------------------------------------------------------------------------

const VERSION_OR_DATE: readonly RegExp[] = [
  // a date: 2024-01-15, 2024_01, 20240115
  /(?<![0-9])(?:19[89][0-9]|20[0-3][0-9])(?:[-_.]?(?:0[1-9]|1[0-2])(?:[-_.]?(?:0[1-9]|[12][0-9]|3[01]))?)(?![0-9])/,
  // a dotted version: 1.0, 2.3.1, v1.2
  /(?<![A-Za-z0-9.])v?[0-9]+(?:\.[0-9]+)+(?![A-Za-z0-9])/i,
  // a v-version as its own word: v2, -v1_2 (not the v of ipv6)
  /(?<![A-Za-z0-9])v[0-9]+(?:_[0-9]+)*(?![A-Za-z0-9])/i,
  // a year as its own word: 2024
  /(?<![A-Za-z0-9])(?:19[89][0-9]|20[0-3][0-9])(?![A-Za-z0-9])/,
];

/** The first version number or date in a name (`v2`, `1.0`, `2024`, `2024-01-15`) and where it starts. */
export function findVersionOrDateAt(name: string): { token: string; at: number } | undefined {
  let best: RegExpExecArray | undefined;
  for (const pattern of VERSION_OR_DATE) {
    const match = pattern.exec(name);
    if (match && (!best || match.index < best.index || (match.index === best.index && match[0].length > best[0].length))) best = match;
  }
  return best ? { token: best[0], at: best.index } : undefined;
}

/** The first version number or date in a name (`v2`, `1.0`, `2024`, `2024-01-15`), if any. */
export const findVersionOrDate = (name: string): string | undefined => findVersionOrDateAt(name)?.token;

/** The name with every version number or date (and the separator before it) removed. */
export function stripVersionsAndDates(name: string): string {
  let out = name;
  for (let found = findVersionOrDateAt(out); found !== undefined; found = findVersionOrDateAt(out)) {
    const { token, at } = found;
    const before = at > 0 && /[-_.\s@/]/.test(out[at - 1] ?? '') ? at - 1 : at;
    let stripped = out.slice(0, before) + out.slice(at + token.length);
    if (before === at) stripped = stripped.replace(/^[-_.\s]+/, '');
    if (stripped === out) break;
    out = stripped;
  }
  return out;
}

const isVersionWord = (word: string): boolean => /^v?[0-9]+$/.test(word) || findVersionOrDate(word) !== undefined;

// ---------------------------------------------------------------------------------------------
// Service and prefix
// ---------------------------------------------------------------------------------------------

/** Words of a server name that say "this is an MCP server", not which service it serves. */
const SERVER_NOISE = new Set([
  'mcp',
  'mcps',
  'server',
  'servers',
  'srv',
  'modelcontextprotocol',
  'node',
  'nodejs',
  'js',
  'ts',
  'typescript',
  'python',
  'py',
]);

/**
 * The service a server name implies, as words: `bookstore-mcp-server` → [bookstore],
 * `slack_mcp` → [slack], `mcp-server-fetch` → [fetch], `@acme/google-drive-mcp-server` → [google, drive],
 * `io.github.acme/weather` → [weather]. Undefined when nothing is left (`mcp-server`, `server`).
 */
export function serviceWords(serverName: string | undefined): string[] | undefined {
  if (!serverName) return undefined;
  const last =
    serverName
      .split('/')
      .filter((part) => part.trim() !== '')
      .at(-1) ?? '';
  const service = words(stripVersionsAndDates(last.replace(/^@/, ''))).filter((w) => !SERVER_NOISE.has(w) && !isVersionWord(w));
  return service.length > 0 ? service : undefined;
}

export type PrefixMode =
  /** The prefix comes from the server name, and at least one tool uses it (or no other prefix is shared). */
  | 'server'
  /** The server name does not help; most tools share this first word. */
  | 'shared'
  /** No prefix can be established. */
  | 'none';

export interface PrefixAnalysis {
  readonly mode: PrefixMode;
  /** The prefix to recommend, snake_case without the trailing underscore (`bookstore`, `google_drive`). */
  readonly prefix?: string;
  /** Accepted prefixes, as concatenated lower-case words (`googledrive`, `google`, `drive`). */
  readonly accepted: readonly string[];
}

/**
 * How many leading words of `toolWords` form one of `accepted` (compared without separators, so
 * `google_drive_x`, `googledrive_x` and `googleDriveX` all carry `googledrive`); the longest match
 * wins. 0 when none does. A name that is nothing but the prefix does not carry it (k < length).
 */
export function prefixLength(toolWords: readonly string[], accepted: readonly string[]): number {
  let best = 0;
  for (let k = 1; k < toolWords.length; k++) {
    const head = toolWords.slice(0, k).join('');
    if (accepted.includes(head)) best = k;
  }
  return best;
}

/**
 * Which service prefix this server's tools should carry. From the server name when it names a
 * service and at least one tool uses it; else the first word most tools share (a majority of at
 * least two, and not a verb); else the server name's service even though no tool uses it; else none.
 */
export function analysePrefixes(index: ListedIndex): PrefixAnalysis {
  let analysis = prefixAnalyses.get(index);
  if (!analysis) prefixAnalyses.set(index, (analysis = analyse(index)));
  return analysis;
}

/** Two rules ask for the same capture. */
const prefixAnalyses = new WeakMap<ListedIndex, PrefixAnalysis>();

function analyse(index: ListedIndex): PrefixAnalysis {
  const toolWords = distinctTools(index.tools)
    .map((tool) => words(tool.name))
    .filter((w) => w.length > 0);
  const service = serviceWords(index.serverName);

  let fromServer: PrefixAnalysis | undefined;
  if (service) {
    const accepted = new Set<string>([service.join('')]);
    // Any single word of a multi-word service is an acceptable prefix too (`drive_` for
    // google-drive-mcp-server), unless it is a verb (`search_` for brave-search is not a prefix).
    if (service.length > 1) for (const word of service) if (word.length > 1 && !isVerb(word)) accepted.add(word);
    fromServer = { mode: 'server', prefix: service.join('_'), accepted: [...accepted] };
    if (toolWords.some((w) => prefixLength(w, fromServer!.accepted) > 0)) return fromServer;
  }

  const counts = new Map<string, number>();
  for (const w of toolWords) if (w.length > 1 && w[0]) counts.set(w[0], (counts.get(w[0]) ?? 0) + 1);
  for (const [word, count] of counts) {
    if (count >= 2 && count * 2 > toolWords.length && !isVerb(word) && !QUALIFIERS.has(word)) {
      return { mode: 'shared', prefix: word, accepted: [word] };
    }
  }
  return fromServer ?? { mode: 'none', accepted: [] };
}

// ---------------------------------------------------------------------------------------------
// Verbs
// ---------------------------------------------------------------------------------------------

/** Words that may come before the verb without being one: `batch_create_users`, `bulk_delete`. */
export const QUALIFIERS: ReadonlySet<string> = new Set(['batch', 'bulk', 'multi', 'async', 'auto', 'try', 'safe', 'force', 'dry']);

/**
 * Action words a tool name may start with. Deliberately generous (many nouns double as verbs:
 * review, order, post, log, book), because a missed finding costs less than a false one.
 */
export const VERBS: ReadonlySet<string> = new Set(
  `
  get list search find create add update set delete remove send read write fetch run execute exec start stop
  query check validate upload download export import generate gen analyze analyse summarize summarise compare
  count lookup look resolve move copy rename open close post publish cancel approve merge sync subscribe
  unsubscribe echo ping put patch edit modify change replace insert append prepend save store load reload
  refresh clear reset restart reboot kill terminate build compile deploy install uninstall test lint format
  parse convert transform translate encode decode encrypt decrypt sign verify hash calculate calc compute
  estimate evaluate eval measure describe explain show display view inspect browse navigate click type
  scroll hover press select fill submit capture record take make do perform invoke call trigger schedule
  reschedule book reserve assign unassign invite share unshare link unlink attach detach tag untag label
  mark flag pin unpin star unstar like unlike follow unfollow block unblock mute unmute archive unarchive
  restore backup snapshot clone fork push pull commit checkout revert rebase diff review comment reply
  respond answer ask notify alert remind log track untrack monitor watch observe poll wait sleep retry
  enable disable toggle activate deactivate grant revoke authorize authenticate login logout register
  unregister signup connect disconnect join leave enter exit apply accept reject decline deny confirm
  complete finish reopen resume pause suspend continue skip sort filter group ungroup aggregate collect
  gather extract scrape crawl index reindex embed retrieve recall remember forget obtain pick choose rank
  score rate predict classify detect recognize recognise identify match map route plan draft compose
  render draw plot chart visualize visualise print preview transfer pay charge refund invoice bill purchase
  buy sell order ship split combine concat concatenate zip unzip compress decompress scan audit diagnose
  debug trace profile benchmark optimize optimise fix repair heal clean cleanup purge drop truncate prune
  trim expand collapse resize crop rotate scale upscale shorten increment decrement pop enqueue dequeue emit
  broadcast dispatch forward redirect request release lock unlock claim acquire allocate provision
  deprovision spawn launch rollback upgrade downgrade migrate seed populate init initialize initialise setup
  configure teardown destroy wipe erase evict invalidate flush warm cache think reason solve recommend
  suggest propose explore discover probe simulate mock go visit is has can should exists
  contains ensure keep hide unhide mount unmount attach bind unbind wrap unwrap format reformat highlight
  annotate transcribe speak say tell greet welcome chat message email mail text call dial sms tweet
  mention react vote upvote downvote rsvp enroll unenroll checkin checkout approve escalate reassign
  transition convert summarize generate play pause stop record stream cast shuffle queue dequeue skip seek
  tune adjust increase decrease raise lower limit throttle allow whitelist blacklist allowlist denylist
  handle process submit report import export encode stage unstage tap swipe drag drop type
  upsert replicate duplicate reorder move sum average normalize normalise sanitize sanitise escape unescape
  serialize serialise deserialize deserialise validate lint fmt tokenize tokenise split gzip gunzip tar untar
  `
    .split(/\s+/)
    .filter((word) => word !== ''),
);

export const isVerb = (word: string): boolean => VERBS.has(word);

/**
 * Whether `rest` starts with an action verb, after optional qualifiers (`batch_create_users`,
 * `bulk_delete`). Returns the index of the verb, or -1.
 */
export function verbIndex(rest: readonly string[]): number {
  let i = 0;
  while (i < rest.length - 1 && QUALIFIERS.has(rest[i]!)) i++;
  return rest[i] !== undefined && isVerb(rest[i]!) ? i : -1;
}

/**
 * Token-shaped strings: the one list that both redaction (nothing secret is ever written out) and
 * the secrets-in-surface rule (a server exposes a secret to the model) use. Each kind is a
 * well-known, prefixed or structured format, so ordinary prose and identifiers do not match.
 */
import { escapeRegExp } from './regexp.js';

export interface SecretKind {
  /** Stable id, used in redaction markers: `[redacted github-token ghp_…]`. */
  readonly id: string;
  /** What it is, in words. */
  readonly label: string;
  /** Global regex; matched on plain text and on JSON text alike (no match needs an escaped character). */
  readonly pattern: RegExp;
  /** Literals one of which must occur for the pattern to match at all (a cheap pre-filter). */
  readonly hints: readonly string[];
  /** A pattern every match contains, when the hints are too common to rule much out (`://`). */
  readonly necessary?: RegExp;
  /**
   * `necessary` as it occurs in JSON text, where a character of the match may be written as an
   * escape (`\u0001`, `\b`, a lone surrogate `\ud83d`): every JSON text of a string it matches, it matches.
   */
  readonly necessaryInJson?: RegExp;
  /** Rejects placeholders that are certainly not secrets (never redacted, never reported). */
  readonly accept?: (match: string) => boolean;
  /**
   * Recognises documentation samples (e.g. `postgres://postgres:postgres@localhost`): still redacted,
   * but not reported as a leaked secret. `after` is the text that follows the match.
   */
  readonly example?: (match: string, after: string) => boolean;
  /** How much of the value a masked form shows (default: the first 4 characters, which are the type prefix). */
  readonly mask?: (match: string) => string;
}

const mixed = (body: string): boolean => /[0-9]/.test(body) && /[a-z]/.test(body) && /[A-Z]/.test(body);
const notExample = (match: string): boolean => !/EXAMPLE|X{8,}|0{12,}/i.test(match);

/** Passwords that documentation uses in sample URLs. */
const SAMPLE_PASSWORDS = new Set([
  'guest',
  'admin',
  'root',
  'test',
  'demo',
  'postgres',
  'mysql',
  'sa',
  'pass',
  'password1',
  'password123',
  'secret123',
  'hunter2',
  'letmein',
  'dbpass',
  'dbpassword',
  'mysecretpassword',
  'example',
]);
const SAMPLE_HOST =
  /^(?:localhost|127\.0\.0\.1|\[::1\]|0\.0\.0\.0|host|hostname|your[-_.\w]*|[\w.-]*example\.(?:com|org|net)|db|database|server)(?=[:/?#\s"'`)]|$)/i;

/** Passwords in URLs that are documentation, not secrets: `postgres://user:password@host`. */
const PLACEHOLDER_PASSWORD =
  /^(?:pass(?:word|wd)?|pwd|secret|changeme|example|xxx+|\*+|\.\.\.|…|<[^>]*>|\{[^}]*\}|\$\{?[A-Za-z_][A-Za-z0-9_]*\}?|%[A-Za-z_]+%|\[[^\]]*\]|your[-_]?password|mypassword)$/i;

export const SECRET_KINDS: readonly SecretKind[] = [
  {
    id: 'private-key',
    label: 'private key',
    // Header, then the base64 body (real newlines, or \n escapes in JSON text), then the footer if present.
    pattern:
      /-----BEGIN[A-Z0-9 ]{0,40} PRIVATE KEY(?: BLOCK)?-----(?:[A-Za-z0-9+/=\s]|\\[nr])*(?:-----END[A-Z0-9 ]{0,40} PRIVATE KEY(?: BLOCK)?-----)?/g,
    hints: ['PRIVATE KEY'],
    // A header alone (a format explained in a description) is not a key.
    accept: (match) => (match.replace(/-----[A-Z0-9 ]+-----|\\[nr]|\s/g, '').match(/[A-Za-z0-9+/=]/g)?.length ?? 0) >= 64,
    mask: () => '-----BEGIN…',
  },
  {
    id: 'aws-access-key',
    label: 'AWS access key id',
    pattern: /\b(?:AKIA|ASIA|ABIA|ACCA)[0-9A-Z]{16}\b/g,
    hints: ['AKIA', 'ASIA', 'ABIA', 'ACCA'],
    accept: notExample,
  },
  {
    id: 'github-token',
    label: 'GitHub token',
    pattern: /\b(?:gh[pousr]_[A-Za-z0-9]{36,251}|github_pat_[A-Za-z0-9_]{22,244})(?![A-Za-z0-9_])/g,
    hints: ['ghp_', 'gho_', 'ghu_', 'ghs_', 'ghr_', 'github_pat_'],
    accept: notExample,
  },
  {
    id: 'slack-token',
    label: 'Slack token',
    pattern: /\bxox[abposr]-[A-Za-z0-9-]{10,250}/g,
    hints: ['xox'],
    accept: (match) => /[0-9]/.test(match) && notExample(match),
  },
  {
    id: 'slack-webhook',
    label: 'Slack webhook URL',
    pattern: /https:\/\/hooks\.slack\.com\/services\/T[A-Z0-9]{6,}\/B[A-Z0-9]{6,}\/[A-Za-z0-9]{16,}/g,
    hints: ['hooks.slack.com'],
    accept: notExample,
    mask: () => 'https://hooks.slack.com/services/…',
  },
  {
    id: 'anthropic-api-key',
    label: 'Anthropic API key',
    pattern: /\bsk-ant-[A-Za-z0-9_-]{20,}/g,
    hints: ['sk-ant-'],
    accept: (match) => mixed(match.slice(7)) && notExample(match),
    mask: (match) => `${match.slice(0, 7)}…`,
  },
  {
    id: 'openai-api-key',
    label: 'OpenAI API key',
    pattern: /\bsk-(?!ant-)(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{32,}/g,
    hints: ['sk-'],
    accept: (match) => mixed(match) && notExample(match),
  },
  {
    id: 'google-api-key',
    label: 'Google API key',
    pattern: /\bAIza[0-9A-Za-z_-]{35}(?![0-9A-Za-z_-])/g,
    hints: ['AIza'],
    accept: notExample,
  },
  {
    id: 'jwt',
    label: 'JSON Web Token',
    pattern: /\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{16,}/g,
    hints: ['eyJ'],
  },
  {
    id: 'bearer-token',
    label: 'bearer token',
    pattern: /\bBearer[ \t]+[A-Za-z0-9._~+/-]{24,}=*/g,
    hints: ['Bearer'],
    accept: (match) => {
      const token = match.replace(/^Bearer[ \t]+/, '');
      return /[0-9]/.test(token) && /[A-Za-z]/.test(token) && notExample(token);
    },
    mask: (match) => `Bearer ${match.replace(/^Bearer[ \t]+/, '').slice(0, 4)}…`,
  },
  {
    id: 'url-credentials',
    label: 'URL with a password',
    pattern: /\b[a-z][a-z0-9+.-]{1,20}:\/\/[^\s:@/?#"'<>\\]{1,128}:[^\s@/?#"'<>\\]{1,256}@/gi,
    hints: ['://'],
    necessary: /:\/\/[^\s:@/?#"'<>\\]{1,128}:[^\s@/?#"'<>\\]{1,256}@/,
    // JSON.stringify escapes control characters (\b, \u00XX) and lone surrogates (\uXXXX) the classes
    // admit; it escapes `"` and `\` too, but the classes admit neither.
    necessaryInJson: /:\/\/(?:[^\s:@/?#"'<>\\]|\\b|\\u[0-9a-fA-F]{4}){1,128}:(?:[^\s@/?#"'<>\\]|\\b|\\u[0-9a-fA-F]{4}){1,256}@/,
    accept: (match) => {
      const userinfo = match.slice(match.indexOf('://') + 3, -1);
      const password = userinfo.slice(userinfo.indexOf(':') + 1);
      return !PLACEHOLDER_PASSWORD.test(password);
    },
    mask: (match) => `${match.slice(0, match.indexOf('://') + 3)}…@`,
    example: (match, after) => {
      const userinfo = match.slice(match.indexOf('://') + 3, -1);
      const user = userinfo.slice(0, userinfo.indexOf(':'));
      const password = userinfo.slice(userinfo.indexOf(':') + 1);
      return user === password || SAMPLE_PASSWORDS.has(password.toLowerCase()) || SAMPLE_HOST.test(after);
    },
  },
];

export interface SecretMatch {
  readonly kind: SecretKind;
  readonly index: number;
  readonly value: string;
  /** A documentation sample: redacted, but not a leak to report. */
  readonly example: boolean;
}

/** Every kind's hints in one pattern: one scan of the text instead of one per hint. */
export const ANY_SECRET_HINT = new RegExp(SECRET_KINDS.flatMap((kind) => kind.hints.map(escapeRegExp)).join('|'));

/** False when `text` certainly holds no secret (none of the patterns' literals occurs): a cheap pre-filter. */
export function mayContainSecret(text: string): boolean {
  return ANY_SECRET_HINT.test(text);
}

/** Every kind's necessary part (its hints, or its `necessary` pattern) in one pattern. */
const ANY_SECRET_PART = new RegExp(
  SECRET_KINDS.flatMap((kind) => (kind.necessary ? [kind.necessary.source] : kind.hints.map(escapeRegExp))).join('|'),
);

/**
 * False when findSecrets(text) certainly finds nothing: stricter than mayContainSecret (a URL is
 * not enough), for big texts such as a whole capture, where one scan settles the usual case.
 */
export function mayHoldSecret(text: string): boolean {
  return ANY_SECRET_PART.test(text);
}

/** ANY_SECRET_PART for JSON text. */
const ANY_SECRET_PART_IN_JSON = new RegExp(
  SECRET_KINDS.flatMap((kind) => (kind.necessary ? [(kind.necessaryInJson ?? kind.necessary).source] : kind.hints.map(escapeRegExp))).join(
    '|',
  ),
);

/**
 * False when mayHoldSecret is false for every string (and key) the JSON text was written from: one
 * scan of a whole capture's text instead of a test of each of its strings. The hints hold no
 * character JSON escapes, so they show in the text as they are; `necessaryInJson` admits escapes.
 */
export function mayHoldSecretInJson(json: string): boolean {
  return ANY_SECRET_PART_IN_JSON.test(json);
}

/** Every secret in `text`, in order; overlapping matches keep the first (earliest, then longest). */
export function findSecrets(text: string): SecretMatch[] {
  const found: SecretMatch[] = [];
  for (const kind of SECRET_KINDS) {
    if (!kind.hints.some((hint) => text.includes(hint))) continue;
    for (const m of text.matchAll(kind.pattern)) {
      if (kind.accept && !kind.accept(m[0])) continue;
      const after = text.slice(m.index + m[0].length, m.index + m[0].length + 64);
      found.push({ kind, index: m.index, value: m[0], example: kind.example?.(m[0], after) ?? false });
    }
  }
  if (found.length < 2) return found;
  found.sort((a, b) => a.index - b.index || b.value.length - a.value.length);
  const out: SecretMatch[] = [];
  let end = -1;
  for (const match of found) {
    if (match.index < end) continue;
    out.push(match);
    end = match.index + match.value.length;
  }
  return out;
}

/** The masked form shown in findings and redaction markers: never more than the type prefix. */
export function maskSecret(kind: SecretKind, value: string): string {
  return kind.mask ? kind.mask(value) : `${value.slice(0, 4)}…`;
}

/** The marker that replaces a secret in redacted output (samples get a `sample-` kind, which rules do not report). */
export function redactionMarker(kind: SecretKind, value: string, example = false): string {
  return `[redacted ${example ? 'sample-' : ''}${kind.id} ${maskSecret(kind, value)}]`;
}

/** Markers left by redaction, so a rule can still see that a secret was there. */
export const REDACTION_MARKER = /\[redacted ([a-z-]+) ([^\]]*…)\]/g;

export function kindById(id: string): SecretKind | undefined {
  return SECRET_KINDS.find((k) => k.id === id);
}

/** Replace every token-shaped string in `text` with its marker. */
export function replaceSecrets(text: string): string {
  const matches = findSecrets(text);
  if (matches.length === 0) return text;
  let out = '';
  let at = 0;
  for (const m of matches) {
    out += text.slice(at, m.index) + redactionMarker(m.kind, m.value, m.example);
    at = m.index + m.value.length;
  }
  return out + text.slice(at);
}

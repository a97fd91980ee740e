/**
 * RFC 6570 level 1 (simple string expansion) only: each `{var}` becomes the value, percent-encoded
 * except for unreserved characters. Templates with operators (`{+x}`, `{?x}`, `{/x}`…) or several
 * variables in one expression are not expanded: what they make depends on rules mcplint does not
 * need to guess at, and a wrong URI would only produce a wrong finding.
 */

const EXPRESSION = /\{([^{}]*)\}/g;
const SIMPLE_NAME = /^[A-Za-z0-9_]+(?:\.[A-Za-z0-9_]+)*$/;

export type Expansion = { readonly uri: string } | { readonly problem: string };

/** The URI `template` makes with `vars`, or why it cannot be made. */
export function expandSimpleTemplate(template: string, vars: Readonly<Record<string, string>>): Expansion {
  for (const match of template.matchAll(EXPRESSION)) {
    const name = match[1]!;
    if (!SIMPLE_NAME.test(name)) return { problem: `{${name}} is not a simple {variable} expression` };
    if (typeof vars[name] !== 'string') return { problem: `no value for {${name}}` };
  }
  const rest = template.replace(EXPRESSION, '');
  if (rest.includes('{') || rest.includes('}')) return { problem: 'unbalanced braces' };
  return { uri: template.replace(EXPRESSION, (_, name: string) => encodeUnreserved(vars[name]!)) };
}

/** Percent-encode everything but ALPHA / DIGIT / "-" / "." / "_" / "~" (RFC 3986 unreserved). */
function encodeUnreserved(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

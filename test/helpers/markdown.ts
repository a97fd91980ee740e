/** Reading Markdown the way GitHub renders it, enough to check links and anchors. */

/** The text outside fenced code blocks, each fenced line left empty (line numbers stay). */
export function proseOf(text: string): string {
  let fenced = false;
  return text
    .split('\n')
    .map((line) => {
      if (/^\s*```/.test(line)) {
        fenced = !fenced;
        return '';
      }
      return fenced ? '' : line;
    })
    .join('\n');
}

/** The prose with inline code spans blanked: what they hold is never a link. */
const withoutCode = (text: string): string =>
  proseOf(text)
    .replace(/``.+?``/g, 'code')
    .replace(/`[^`\n]*`/g, 'code');

/** The anchor GitHub gives a heading: lower case, punctuation dropped, spaces as hyphens. */
export function githubSlug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N} _-]/gu, '')
    .replace(/ /g, '-');
}

/** Every heading's anchor, repeated headings numbered as GitHub numbers them (-1, -2, …). */
export function headingSlugs(text: string): Set<string> {
  const slugs = new Set<string>();
  for (const [, heading] of proseOf(text).matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const base = githubSlug(heading!);
    let slug = base;
    for (let n = 1; slugs.has(slug); n++) slug = `${base}-${n}`;
    slugs.add(slug);
  }
  return slugs;
}

/** Every link target outside code: inline links and images, and reference definitions. */
export function links(text: string): string[] {
  const prose = withoutCode(text);
  const inline = [...prose.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]!);
  const references = [...prose.matchAll(/^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm)].map((m) => m[1]!);
  return [...inline, ...references];
}

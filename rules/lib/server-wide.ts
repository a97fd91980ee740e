/**
 * Server-wide conventions: when most of a server's tools break a naming or schema
 * convention, the server has one naming decision to change, not one defect per tool. Such rules
 * report one server-level finding with the count and the tools; per tool only when a minority
 * deviates from what the rest of the server does.
 */

/** Tools named in a server-wide finding's evidence; the rest are counted. */
export const MAX_LISTED_TOOLS = 20;

/** The convention fails for the server as a whole: at least two tools, and more than half of those judged, deviate. */
export function failsServerWide(deviating: number, judged: number): boolean {
  return deviating >= 2 && deviating * 2 > judged;
}

/** The deviating tools for the evidence, one per line, capped: "… and 12 more". */
export function toolListEvidence(names: readonly string[]): string {
  const listed = names.slice(0, MAX_LISTED_TOOLS);
  const rest = names.length - listed.length;
  return [...listed, ...(rest > 0 ? [`… and ${rest} more`] : [])].join('\n');
}

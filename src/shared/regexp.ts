/** Regular-expression helpers shared across layers. */

/** `literal` with every character a regular expression gives meaning to escaped, to match itself. */
export const escapeRegExp = (literal: string): string => literal.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

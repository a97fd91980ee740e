/**
 * Regular expressions that come from a server (JSON Schema `pattern`, `patternProperties`) run on
 * a linear-time engine: re2js, a pure-JavaScript port of RE2, so a pattern such as `^(a+)+$` can
 * never hang mcplint the way it hangs a backtracking engine. The price is RE2's syntax: lookaround
 * and backreferences cannot be compiled; such a pattern is reported instead of run.
 *
 * re2js is loaded on first use (synchronously: rules are synchronous), so runs without server
 * patterns never load it.
 */
import { createRequire } from 'node:module';

interface Re2Instance {
  test(text: string): boolean;
}
interface Re2Module {
  RE2JS: { compile(pattern: string, flags?: number): Re2Instance };
}

const require = createRequire(import.meta.url);
let re2: Re2Module | undefined;
const compiled = new Map<string, Re2Instance | Error>();

/** Why a pattern cannot run on the linear engine. */
export class UnsupportedPatternError extends Error {}

/** A compiled pattern with JavaScript's `test` (search) semantics; throws UnsupportedPatternError. */
export function linearRegExp(pattern: string): Re2Instance {
  let entry = compiled.get(pattern);
  if (!entry) {
    re2 ??= require('re2js') as Re2Module;
    try {
      entry = re2.RE2JS.compile(pattern);
    } catch (error) {
      const reason = error instanceof Error ? error.message.replace(/^error parsing regexp: /, '') : String(error);
      entry = new UnsupportedPatternError(
        `pattern ${JSON.stringify(pattern.length > 80 ? `${pattern.slice(0, 80)}…` : pattern)} cannot run in linear time (${reason}): lookaround and backreferences need a backtracking engine`,
      );
    }
    compiled.set(pattern, entry);
  }
  if (entry instanceof Error) throw entry;
  return entry;
}

/** The problem with a pattern, or undefined when it runs on the linear engine. */
export function patternProblem(pattern: string): string | undefined {
  try {
    linearRegExp(pattern);
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/** Ajv's `code.regExp` engine: every `pattern` it compiles runs on the linear engine. */
export const ajvLinearRegExp = Object.assign((pattern: string) => linearRegExp(pattern), { code: 'linearRegExp' });

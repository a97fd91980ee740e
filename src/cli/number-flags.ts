/**
 * Numeric flags arrive as the text the user typed (yargs would turn "abc" into NaN and the message
 * could not quote it): each parser accepts exactly one range and names it when it refuses.
 */
import { UsageError } from './usage-error.js';

const INTEGER = /^[+-]?\d+$/;
const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)$/;

function refuse(flag: string, raw: string, accepts: string): never {
  throw new UsageError(`--${flag} ${raw === '' ? '(no value)' : raw}: ${accepts}`);
}

/** A whole number in [min, max]; `accepts` says so in words. */
export function integerIn(flag: string, min: number, max: number, accepts: string): (raw: string) => number {
  return (raw) => {
    const text = raw.trim();
    const value = Number(text);
    if (!INTEGER.test(text) || !Number.isSafeInteger(value) || value < min || value > max) refuse(flag, raw, accepts);
    return value;
  };
}

/** Any number in [min, max], fractions included. */
export function numberIn(flag: string, min: number, max: number, accepts: string): (raw: string) => number {
  return (raw) => {
    const text = raw.trim();
    const value = Number(text);
    if (!DECIMAL.test(text) || value < min || value > max) refuse(flag, raw, accepts);
    return value;
  };
}

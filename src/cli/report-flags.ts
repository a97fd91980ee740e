/** `--report FORMAT=FILE`: one more output of the same run, in another format. */
import { formatters } from '../report/formatters/index.js';
import { UsageError } from './usage-error.js';

export type FormatName = keyof typeof formatters;

export interface ExtraReport {
  readonly format: FormatName;
  readonly file: string;
}

export function parseReportFlag(flag: string): ExtraReport {
  const match = /^([a-z]+)=(.+)$/.exec(flag);
  if (!match || !(match[1]! in formatters)) {
    throw new UsageError(
      `--report ${flag}: expected FORMAT=FILE with FORMAT one of ${Object.keys(formatters).join(', ')}, e.g. --report sarif=mcplint.sarif`,
    );
  }
  return { format: match[1] as FormatName, file: match[2]! };
}

/** `--report FORMAT=FILE`: one more output of the same run, in another format. */
import { FORMAT_NAMES, type FormatName, isFormatName } from '../report/formatters/index.js';
import { UsageError } from './usage-error.js';

export type { FormatName };

export interface ExtraReport {
  readonly format: FormatName;
  readonly file: string;
}

export function parseReportFlag(flag: string): ExtraReport {
  const match = /^([a-z]+)=(.+)$/.exec(flag);
  if (!match || !isFormatName(match[1]!)) {
    throw new UsageError(
      `--report ${flag}: expected FORMAT=FILE with FORMAT one of ${FORMAT_NAMES.join(', ')}, e.g. --report sarif=mcplint.sarif`,
    );
  }
  return { format: match[1], file: match[2]! };
}

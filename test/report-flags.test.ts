/** `--report FORMAT=FILE` takes exactly the formats --format does, from the one list. */
import { describe, expect, it } from 'vitest';
import { parseReportFlag } from '../src/cli/report-flags.js';
import { OPTIONS } from '../src/cli/options.js';
import { FORMAT_NAMES, formatters } from '../src/report/formatters/index.js';

describe('--report FORMAT=FILE', () => {
  it('accepts every format --format offers, and the formatters are those', () => {
    expect(OPTIONS.format.kind === 'choice' && OPTIONS.format.choices).toEqual(FORMAT_NAMES);
    expect(Object.keys(formatters)).toEqual([...FORMAT_NAMES]);
    for (const format of FORMAT_NAMES) expect(parseReportFlag(`${format}=out`)).toEqual({ format, file: 'out' });
  });

  it('refuses a name that is no format, even one every object has', () => {
    for (const flag of ['pdf=x.pdf', 'constructor=x', 'tostring=x']) {
      expect(() => parseReportFlag(flag), flag).toThrow(
        `--report ${flag}: expected FORMAT=FILE with FORMAT one of ${FORMAT_NAMES.join(', ')}`,
      );
    }
  });
});

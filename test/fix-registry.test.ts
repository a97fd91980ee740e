/** Every rule whose metadata declares a fix has a fixer (src/fix/fixers.ts), and every fixer a rule that declares it. */
import { describe, expect, it } from 'vitest';
import { rules } from '../rules/index.js';
import { FIXERS } from '../src/fix/fixers.js';

describe('fix registry', () => {
  it('pairs each fixer with a rule that declares a fix', () => {
    expect(Object.keys(FIXERS).sort()).toEqual(
      rules
        .filter((r) => r.fix)
        .map((r) => r.id)
        .sort(),
    );
  });

  it('names only messages a rule has', () => {
    for (const rule of rules.filter((r) => r.fix?.messages)) {
      expect(
        rule.fix!.messages!.filter((m) => !(m in rule.messages)),
        rule.id,
      ).toEqual([]);
    }
  });
});

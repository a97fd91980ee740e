/** "Did you mean": which known names count as close to an unknown one, and how the hint reads. */
import { describe, expect, it } from 'vitest';
import { closeNames, didYouMean } from '../src/shared/did-you-mean.js';
import { editDistance } from '../src/shared/edit-distance.js';

const FLAGS = ['format', 'max-warnings', 'min-score', 'fail-on', 'fail-on-skipped', 'url', 'rule', 'config'];

describe('editDistance', () => {
  it('counts insertions, deletions, substitutions and a swap of neighbours as one edit each', () => {
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('', 'abc')).toBe(3);
    expect(editDistance('abc', '')).toBe(3);
    expect(editDistance('agrs', 'args')).toBe(1);
    expect(editDistance('strcit', 'strict')).toBe(1);
    expect(editDistance('same', 'same')).toBe(0);
  });
});

describe('closeNames', () => {
  it('finds a typo, a missing letter and a changed case or separator', () => {
    expect(closeNames('formt', FLAGS)).toEqual(['format']);
    expect(closeNames('max-warning', FLAGS)).toEqual(['max-warnings']);
    expect(closeNames('maxWarning', FLAGS)).toEqual(['max-warnings']);
    expect(closeNames('Format', FLAGS)).toEqual(['format']);
    expect(closeNames('allow_origins', ['allowOrigins', 'source'])).toEqual(['allowOrigins']);
    expect(closeNames('strcit', ['recommended', 'strict', 'spec'])).toEqual(['strict']);
    expect(closeNames('agrs', ['args', 'env', 'cwd', 'command'])).toEqual(['args']);
  });

  it('lists a name the word is part of, closest first', () => {
    expect(closeNames('fail', FLAGS)).toEqual(['fail-on', 'fail-on-skipped']);
    expect(closeNames('tool-name-verbs', ['tool-name-verb', 'tool-name-case'])).toEqual(['tool-name-verb']);
  });

  it('leaves out names much further away than the closest', () => {
    expect(closeNames('maxLenght', ['minLength', 'maxLength'])).toEqual(['maxLength']);
    expect(closeNames('formt', ['from', 'format'])).toEqual(['format']);
  });

  it('allows fewer edits in a short word than in a long one', () => {
    expect(closeNames('rulez', ['rules', 'plan', 'init'])).toEqual(['rules']);
    expect(closeNames('node', ['init', 'plan', 'rules'])).toEqual([]);
    expect(closeNames('npx', ['init', 'plan', 'merge'])).toEqual([]);
    expect(closeNames('ur', FLAGS)).toEqual(['url']);
    expect(closeNames('c', FLAGS)).toEqual([]);
  });

  it('has nothing to suggest for a known name', () => {
    expect(closeNames('format', FLAGS)).toEqual([]);
  });
});

describe('didYouMean', () => {
  it('names at most the two closest, quoted or as the caller shows them', () => {
    expect(didYouMean('formt', FLAGS)).toBe(' (did you mean "format"?)');
    expect(didYouMean('fail', FLAGS, (flag) => `--${flag}`)).toBe(' (did you mean --fail-on or --fail-on-skipped?)');
    expect(didYouMean('frobnicate', FLAGS)).toBe('');
  });
});

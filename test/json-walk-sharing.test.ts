/**
 * mapStringsSharing (src/shared/json-walk.ts), which the human formats use to make a report inert
 * for a terminal: what it leaves unchanged is the same object, what changes is copied along its
 * path only, keys stay data, and depth costs no stack.
 */
import { describe, expect, it } from 'vitest';
import { inertReport } from '../src/report/formatters/inert-report.js';
import { mapStringsSharing } from '../src/shared/json-walk.js';

const upperX = (text: string) => text.replaceAll('x', 'X');

describe('mapStringsSharing', () => {
  it('gives back the very value when no string changes', () => {
    const value = { a: [1, 'b', { c: 'd', e: null }], f: true };
    expect(mapStringsSharing(value, upperX)).toBe(value);
  });

  it('copies only the containers on the path to a changed string, the rest shared', () => {
    const untouched = { keep: ['a', 'b'] };
    const value = { untouched, list: ['a', { deep: ['b', 'x'] }, 'c'], after: { z: 1 } };
    const mapped = mapStringsSharing(value, upperX) as typeof value;
    expect(mapped).toEqual({ untouched, list: ['a', { deep: ['b', 'X'] }, 'c'], after: { z: 1 } });
    expect(mapped).not.toBe(value);
    expect(mapped.untouched).toBe(untouched);
    expect(mapped.after).toBe(value.after);
    expect(mapped.list).not.toBe(value.list);
    expect(Object.keys(mapped)).toEqual(['untouched', 'list', 'after']);
    expect(value.list[1]).toEqual({ deep: ['b', 'x'] });
  });

  it('passes each string the key that holds it (undefined in arrays and at the root)', () => {
    const seen: [string, string | undefined][] = [];
    mapStringsSharing({ evidence: 'e', items: ['i'] }, (text, key) => (seen.push([text, key]), text));
    expect(seen).toEqual([
      ['e', 'evidence'],
      ['i', undefined],
    ]);
    expect(mapStringsSharing('x', upperX)).toBe('X');
  });

  it('keeps a "__proto__" key an own key of a copy', () => {
    const value = JSON.parse('{"a":{"__proto__":{"x":"x"}}}') as unknown;
    const mapped = mapStringsSharing(value, upperX) as { a: Record<string, unknown> };
    expect(Object.getPrototypeOf(mapped.a)).toBe(Object.prototype);
    expect(JSON.stringify(mapped)).toBe('{"a":{"__proto__":{"x":"X"}}}');
  });

  it('walks 100,000 levels without recursion', () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    let mapped = mapStringsSharing(deep, upperX);
    for (let i = 0; i < 100_000; i++) mapped = (mapped as unknown[])[0];
    expect(mapped).toBe('X');
  });

  it('a report with nothing to neutralise is shared whole; one control character copies its path only', () => {
    const findings = [
      { ruleId: 'r', message: 'plain', subject: { kind: 'tool', name: 'a' } },
      { ruleId: 'r', message: 'bell \u0007 here', subject: { kind: 'tool', name: 'b' } },
    ];
    const clean = { servers: [{ label: 's', findings: [findings[0]] }] };
    expect(inertReport(clean)).toBe(clean);
    const hostile = { servers: [{ label: 's', findings }] };
    const inert = inertReport(hostile);
    expect(inert.servers[0]!.findings[0]).toBe(findings[0]);
    expect(inert.servers[0]!.findings[1]!.message).not.toContain('\u0007');
    expect(inert.servers[0]!.findings[1]!.subject).toBe(findings[1]!.subject);
  });
});

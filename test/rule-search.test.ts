/** `mcplint rules --search <words>`: the rules that already check something, found by its words, ranked. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { rules } from '../rules/index.js';
import { searchListing } from '../src/report/rule-catalog.js';
import { searchRules, searchStem } from '../src/report/rule-search.js';
import { ROOT } from './helpers/capture.js';
import { runCli } from './helpers/cli.js';

describe('rules --search', () => {
  it('finds the rule that already checks a description that only restates the name, first', () => {
    // The trial contributor's words for a check tool-description-quality already made.
    const search = searchRules(rules, 'description only echoes the name');
    expect(search.words).toEqual(['description', 'only', 'echoes', 'name']);
    const [best] = search.matches;
    expect(best!.rule.id).toBe('tool-description-quality');
    expect(best!.found.find((f) => f.word === 'only')).toMatchObject({ messageIds: ['restatesName'] });
    expect(search.nearest).toEqual([]);
  });

  it('weighs a word by where it is: in the id and summary above the document alone', () => {
    const ids = searchRules(rules, 'pagination').matches.map((m) => m.rule.id);
    expect(ids.slice(0, 2)).toEqual(['list-pagination', 'pagination-metadata']);
    // input-schema-bounded has the word in its document only.
    expect(ids.indexOf('input-schema-bounded')).toBeGreaterThan(ids.indexOf('lists-complete'));
  });

  it('lets inflections meet and ignores filler words unless nothing else is asked', () => {
    expect(new Set(['echoes', 'echo', 'echoed'].map(searchStem))).toEqual(new Set(['echo']));
    expect(new Set(['restated', 'restates', 'restate'].map(searchStem)).size).toBe(1);
    expect(searchStem('class')).toBe('class');
    expect(searchRules(rules, 'the name of it').words).toEqual(['name']);
    expect(searchRules(rules, 'the').words).toEqual(['the']);
  });

  it('does not match the generated fixture examples: their server output would match anything', () => {
    // "publisher" is in fixture output shown in rules/*.md, never in what a rule says.
    const docs = rules.map((r) => readFileSync(join(ROOT, 'rules', `${r.id}.md`), 'utf8'));
    expect(docs.some((d) => d.toLowerCase().includes('publisher'))).toBe(true);
    expect(searchRules(rules, 'publisher').matches).toEqual([]);
  });

  it('says when nothing matches and names the nearest ids', () => {
    const search = searchRules(rules, 'paginaton');
    expect(search.matches).toEqual([]);
    expect(search.nearest[0]).toBe('list-pagination');
    expect(searchListing(rules, 'paginaton', 'text')).toBe(
      `No rule matches "paginaton". Nearest ids: ${search.nearest.join(', ')}. mcplint rules lists them all.\n`,
    );
    expect(searchListing(rules, 'xyzzy', 'text')).toBe('No rule matches "xyzzy". mcplint rules lists them all.\n');
  });

  it('prints the best ten with where each word was found, and every match as JSON', () => {
    const text = searchListing(rules, 'description only echoes the name', 'text').split('\n');
    expect(text[0]).toBe('Rules matching "description only echoes name", best first:');
    expect(text[1]).toMatch(/^ {2}tool-description-quality +warning {2}Tool descriptions say more than the name/);
    expect(text[2]).toContain('only: message restatesName');
    expect(text.filter((line) => /^ {2}[a-z]/.test(line))).toHaveLength(10);
    expect(text.at(-3)).toMatch(/^…and \d+ more \(--format json lists every match\)\.$/);

    const json = JSON.parse(searchListing(rules, 'description only echoes the name', 'json')) as {
      query: string;
      words: string[];
      matches: { id: string; messages: object; search: { score: number; found: { word: string }[] } }[];
      nearest: string[];
    };
    expect(json.query).toBe('description only echoes the name');
    expect(json.matches).toHaveLength(searchRules(rules, 'description only echoes the name').matches.length);
    expect(json.matches[0]!.id).toBe('tool-description-quality');
    expect(json.matches[0]!.messages).toEqual(rules.find((r) => r.id === 'tool-description-quality')!.messages);
    const scores = json.matches.map((m) => m.search.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });

  it('echoes the query as its words only: no control character reaches the terminal', () => {
    expect(searchListing(rules, 'zzqx\u001b]\u0007qqzz\u202e', 'text')).toBe(
      'No rule matches "zzqx qqzz". mcplint rules lists them all.\n',
    );
  });

  it('runs from the command line', async () => {
    const found = await runCli(['rules', '--search', 'description', 'only', 'echoes', 'the', 'name']);
    expect(found.code).toBe(0);
    expect(found.stdout.split('\n')[1]).toMatch(/^ {2}tool-description-quality /);
    const json = await runCli(['rules', '--search', 'paginaton', '--format', 'json']);
    expect(JSON.parse(json.stdout)).toMatchObject({ matches: [], nearest: expect.arrayContaining(['list-pagination']) });
    const empty = await runCli(['rules', '--search']);
    expect(empty.code).toBe(2);
    expect(empty.stderr).toContain('--search needs words');
  });
});

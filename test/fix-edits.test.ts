/**
 * The edits fixers make keep the file's own layout (src/fix/ts/object-literal.ts,
 * src/fix/python/tree.ts): one property per line at the others' indentation, inline in a one-line
 * object, the trailing comma as the file writes it; and a title made from a name.
 */
import { describe, expect, it } from 'vitest';
import { Node, Project } from 'ts-morph';
import { pythonParser } from '../src/source/python/parser.js';
import { sha256, type ReadFile } from '../src/fix/fix-files.js';
import { applyEdits } from '../src/fix/select-fixes.js';
import { appendProperties, prependProperties } from '../src/fix/ts/object-literal.js';
import { appendArguments } from '../src/fix/python/tree.js';
import { titleFromName } from '../src/fix/title-from-name.js';

const project = new Project({ useInMemoryFileSystem: true, skipLoadingLibFiles: true });

/** The text after adding `added` to the first object literal of `text`. */
function edited(text: string, added: readonly string[], where: 'append' | 'prepend' = 'append'): string {
  const file: ReadFile = { path: '/x.ts', text, sha256: sha256(text) };
  const object = project.createSourceFile('/x.ts', text, { overwrite: true }).getFirstDescendant(Node.isObjectLiteralExpression)!;
  const edit = where === 'append' ? appendProperties(file, object, added) : prependProperties(file, object, added);
  return applyEdits(text, [edit]);
}

describe('object literal edits', () => {
  it('a multi-line object: each new property on its own line, trailing comma kept', () => {
    expect(edited('const a = {\n  x: 1,\n  y: 2,\n};\n', ['z: 3', 'w: 4'])).toBe('const a = {\n  x: 1,\n  y: 2,\n  z: 3,\n  w: 4,\n};\n');
    expect(edited('const a = {\n    x: 1\n};\n', ['z: 3'])).toBe('const a = {\n    x: 1,\n    z: 3\n};\n');
  });

  it('a one-line object: inline, with or without a trailing comma; an empty one filled', () => {
    expect(edited('f({ x: 1 });', ['z: 3'])).toBe('f({ x: 1, z: 3 });');
    expect(edited('f({ x: 1, });', ['z: 3'])).toBe('f({ x: 1, z: 3, });');
    expect(edited('f({});', ['z: 3', 'w: 4'])).toBe('f({ z: 3, w: 4 });');
  });

  it('prepends before the first property in the same layout', () => {
    expect(edited('f({\n  x: 1,\n});', ["t: 'T'"], 'prepend')).toBe("f({\n  t: 'T',\n  x: 1,\n});");
    expect(edited('f({ x: 1 });', ["t: 'T'"], 'prepend')).toBe("f({ t: 'T', x: 1 });");
  });
});

describe('Python argument edits', () => {
  const appended = async (text: string, added: readonly string[]): Promise<string> => {
    const tree = (await pythonParser()).parse(text)!;
    try {
      const file: ReadFile = { path: '/x.py', text, sha256: sha256(text) };
      const args = tree.rootNode.descendantsOfType('argument_list')[0]!;
      return applyEdits(text, [appendArguments(file, args, added)]);
    } finally {
      tree.delete();
    }
  };

  it('adds keyword arguments inline, on lines of their own, or into empty parentheses', async () => {
    expect(await appended('f(a, b=1)\n', ['c=True'])).toBe('f(a, b=1, c=True)\n');
    expect(await appended('f()\n', ['c=True'])).toBe('f(c=True)\n');
    expect(await appended('f(\n    a,\n    b=1,\n)\n', ['c=True', 'd=False'])).toBe('f(\n    a,\n    b=1,\n    c=True,\n    d=False,\n)\n');
  });
});

describe('titles from names', () => {
  it('splits snake, kebab and camel case, and leaves out a prefix every tool shares', () => {
    expect(titleFromName('get_forecast')).toBe('Get Forecast');
    expect(titleFromName('listOpenIssues')).toBe('List Open Issues');
    expect(titleFromName('weather_get_forecast', ['weather_list_cities'])).toBe('Get Forecast');
    expect(titleFromName('weather_get_forecast', ['list_cities'])).toBe('Weather Get Forecast');
  });
});

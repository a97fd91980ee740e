/**
 * Pydantic input models that ignore unknown fields (Pydantic's default) instead of rejecting them:
 * a `BaseModel` subclass without `extra="forbid"` (`model_config = ConfigDict(extra="forbid")`, a
 * dict, a class keyword, or v1's `class Config: extra = "forbid"`), directly or through a project
 * base class. Listed when tool code validates its arguments with one (`Model(**arguments)`,
 * `Model.model_validate(arguments)`) or a FastMCP tool takes one as a parameter.
 */
import type { Node } from 'web-tree-sitter';
import type { SourceIndex } from '../../model/source-index.js';
import type { ToolCode } from './registrations.js';
import { descendants, dottedName, lineText, parameters, position, type PythonModule } from './syntax.js';
import { within } from './throwing-handlers.js';

type Loose = SourceIndex['looseZodObjects'][number];

interface Model {
  readonly name: string;
  readonly node: Node;
  readonly module: PythonModule;
  readonly bases: readonly string[];
  readonly forbids: boolean;
}

const VALIDATING_METHODS = new Set(['model_validate', 'parse_obj', 'model_validate_json', 'parse_raw']);

export function loosePydanticModels(modules: readonly PythonModule[], toolCode: readonly ToolCode[]): Loose[] {
  const models = pydanticModels(modules);
  const isLoose = (name: string) => models.has(name) && !forbids(name, models, 0);
  const out: Loose[] = [];
  const add = (tool: string, name: string) => {
    const model = models.get(name)!;
    if (!out.some((o) => o.tool === tool && o.text === lineText(model.node, model.module))) {
      out.push({
        ...position(model.node.childForFieldName('name') ?? model.node, model.module),
        tool,
        form: 'pydantic',
        text: lineText(model.node, model.module),
      });
    }
  };
  for (const code of toolCode) {
    if (code.tool === '') continue;
    if (code.style === 'fastmcp') {
      for (const param of parameters(code.fn)) {
        const type = param.type?.text.trim();
        if (type && isLoose(type)) add(code.tool, type);
      }
    }
    for (const call of descendants(code.node, new Set(['call']))) {
      if (code.exclude?.some((branch) => within(call, branch))) continue;
      const callee = dottedName(call.childForFieldName('function')) ?? '';
      const [owner, method] = callee.includes('.')
        ? [callee.slice(0, callee.lastIndexOf('.')), callee.slice(callee.lastIndexOf('.') + 1)]
        : [callee, ''];
      if ((method === '' || VALIDATING_METHODS.has(method)) && isLoose(owner)) add(code.tool, owner);
    }
  }
  return out;
}

function pydanticModels(modules: readonly PythonModule[]): Map<string, Model> {
  const classes = new Map<string, Model>();
  for (const module of modules) {
    for (const node of descendants(module.root, new Set(['class_definition']))) {
      const name = node.childForFieldName('name')?.text;
      if (!name) continue;
      const superclasses = node.childForFieldName('superclasses')?.namedChildren ?? [];
      const bases = superclasses.filter((s) => s?.type !== 'keyword_argument').map((s) => s!.text.split('.').pop()!);
      const keywordForbid = superclasses.some(
        (s) => s?.type === 'keyword_argument' && /^extra\s*=\s*(['"]forbid['"]|Extra\.forbid)$/.test(s.text),
      );
      classes.set(name, { name, node, module, bases, forbids: keywordForbid || bodyForbids(node) });
    }
  }
  // Only classes that derive from BaseModel (through project classes) are models.
  const isModel = (name: string, depth: number): boolean =>
    name === 'BaseModel' || (depth < 10 && (classes.get(name)?.bases.some((b) => isModel(b, depth + 1)) ?? false));
  return new Map([...classes].filter(([name]) => isModel(name, 0)));
}

function forbids(name: string, models: ReadonlyMap<string, Model>, depth: number): boolean {
  const model = models.get(name);
  if (!model || depth > 10) return false;
  return model.forbids || model.bases.some((b) => forbids(b, models, depth + 1));
}

/** `model_config = ConfigDict(extra="forbid")` / `{"extra": "forbid"}`, or v1's inner `class Config`. */
function bodyForbids(node: Node): boolean {
  const body = node.childForFieldName('body');
  return /\bextra\b["']?\s*[=:]\s*(["']forbid["']|Extra\.forbid)/.test(body?.text ?? '');
}

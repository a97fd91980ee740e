/** tool-title-present's fix: a `title` made from the tool name, in the tool's definition object. */
import { Node } from 'ts-morph';
import { atLeast } from '../../shared/protocol-version.js';
import type { Fixer } from '../fixer.js';
import { quoteOf, stringLiteral } from '../ts/parse.js';
import { appendProperties, prependProperties } from '../ts/object-literal.js';
import { propertyNamed, toolObject, toolRegistration } from '../ts/tool-object.js';
import { titleFromName } from '../title-from-name.js';
import { fixPythonToolTitle } from '../python/tool-title.js';

export const fixToolTitle: Fixer = (finding, ctx) => {
  if (finding.subject.kind !== 'tool') return undefined;
  const registration = toolRegistration(ctx, finding.subject.name);
  if (!registration) return undefined;
  const siblings = ctx.source.registrations.filter((r) => r.kind === 'tool').map((r) => r.name);
  const title = titleFromName(finding.subject.name, siblings);
  if (title === '') return undefined;
  if (ctx.source.language === 'python') {
    return atLeast(ctx.protocolVersion, '2025-06-18') ? fixPythonToolTitle(registration, title, ctx) : undefined;
  }
  const tool = toolObject(ctx, registration);
  if (!tool) return undefined;
  const quote = tool.quoteSample ? quoteOf(tool.quoteSample) : "'";
  const property = `title: ${stringLiteral(title, quote)}`;
  // Before 2025-06-18 the only field for a title is annotations.title.
  if (!atLeast(ctx.protocolVersion, '2025-06-18')) {
    const annotations = propertyNamed(tool.object, 'annotations')?.getInitializer();
    if (!annotations || !Node.isObjectLiteralExpression(annotations) || propertyNamed(annotations, 'title')) return undefined;
    return {
      description: `add annotations.title ${stringLiteral(title, '"')}`,
      edits: [appendProperties(tool.file, annotations, [property])],
    };
  }
  if (propertyNamed(tool.object, 'title')) return undefined;
  // After the name when the object holds it (a low-level tool literal), else first.
  const name = propertyNamed(tool.object, 'name');
  const edit = name ? appendProperties(tool.file, tool.object, [property], name) : prependProperties(tool.file, tool.object, [property]);
  return { description: `add title ${stringLiteral(title, '"')}`, edits: [edit] };
};

/** Output formats by name, loaded on demand so start-up pays only for the one in use. */
import type { Formatter } from './types.js';

export const formatters: Readonly<
  Record<'text' | 'json' | 'sarif' | 'markdown' | 'checklist' | 'github' | 'junit' | 'gitlab' | 'html', () => Promise<Formatter>>
> = {
  text: async () => (await import('./text.js')).text,
  json: async () => (await import('./json.js')).json,
  sarif: async () => (await import('./sarif.js')).sarif,
  markdown: async () => (await import('./markdown.js')).markdown,
  checklist: async () => (await import('./checklist.js')).checklist,
  github: async () => (await import('./github.js')).github,
  junit: async () => (await import('./junit.js')).junit,
  gitlab: async () => (await import('./gitlab.js')).gitlab,
  html: async () => (await import('./html.js')).htmlReport,
};

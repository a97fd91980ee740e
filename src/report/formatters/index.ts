/** Output formats by name, loaded on demand so start-up pays only for the one in use. */
import type { Formatter } from './types.js';

/** Every output format's name, in `--help` order: --format's choices and --report's. */
export const FORMAT_NAMES = ['text', 'json', 'sarif', 'markdown', 'checklist', 'github', 'junit', 'gitlab', 'html'] as const;
export type FormatName = (typeof FORMAT_NAMES)[number];

export const isFormatName = (name: string): name is FormatName => (FORMAT_NAMES as readonly string[]).includes(name);

export const formatters: Readonly<Record<FormatName, () => Promise<Formatter>>> = {
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

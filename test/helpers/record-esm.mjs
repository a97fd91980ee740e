/**
 * Preload (NODE_OPTIONS=--import) that records every ES module the main thread resolves
 * (web-tree-sitter is ESM, which helpers/record-modules.mjs cannot see), appending one URL a line
 * to $MCPLINT_ESM_LOG.
 */
import { register } from 'node:module';

if (process.env.MCPLINT_ESM_LOG) {
  const hooks = `
    import { appendFileSync } from 'node:fs';
    export async function resolve(specifier, context, next) {
      const resolved = await next(specifier, context);
      try { appendFileSync(${JSON.stringify(process.env.MCPLINT_ESM_LOG)}, resolved.url + '\\n'); } catch {}
      return resolved;
    }`;
  register(`data:text/javascript,${encodeURIComponent(hooks)}`);
}

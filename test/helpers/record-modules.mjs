/**
 * Preload (NODE_OPTIONS=--import) that records the CommonJS modules a process loads — typescript
 * and ts-morph are CommonJS, however they are reached (require, import(), in a worker thread) —
 * appending one line per load to $MCPLINT_MODULE_LOG. Every process and thread that inherits
 * NODE_OPTIONS records (mcplint, its source-index worker, the server it launches).
 */
import { appendFileSync } from 'node:fs';
import Module from 'node:module';

const out = process.env.MCPLINT_MODULE_LOG;
if (out) {
  const load = Module._load;
  Module._load = function (request, parent, ...rest) {
    try {
      appendFileSync(out, `${request}\t${parent?.filename ?? ''}\n`);
    } catch {
      // never break the process being observed
    }
    return load.call(this, request, parent, ...rest);
  };
}

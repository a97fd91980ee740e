/**
 * node:crypto, loaded on first use. Loading it costs ≈4 ms, and nothing needs it before a lint has
 * started its server (fingerprints, temporary file names): a static import would load it first.
 */
import { createRequire } from 'node:module';

type NodeCrypto = typeof import('node:crypto');

const require = createRequire(import.meta.url);
let loaded: NodeCrypto | undefined;

export function nodeCrypto(): NodeCrypto {
  loaded ??= require('node:crypto') as NodeCrypto;
  return loaded;
}

// Moved to src/engine/anchors.ts (anchors feed locate, an engine step). This forwarder stays only
// until src/lint.ts and src/lint-many.ts import the new path; test/layers.test.ts lists it as a known violation.
export { entryScript, findAnchors, projectRoot } from '../engine/anchors.js';

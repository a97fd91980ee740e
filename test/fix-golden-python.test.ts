/**
 * `mcplint --fix` end to end on copies of the Python fixture projects (FastMCP and the low-level
 * Server, on the SDK stand-in): as fix-golden-js.test.ts does for JavaScript and TypeScript.
 */
import { CASES, goldenFixTests } from './helpers/fix-projects.js';

goldenFixTests(CASES.filter((c) => c.name.startsWith('python-')));

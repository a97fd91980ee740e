/**
 * `mcplint --fix` end to end through the built CLI on copies of the JavaScript and TypeScript
 * fixture projects (fixtures/fix/<case>/before): the fixed files equal the golden after/ files, a
 * second lint no longer reports what was fixed, a second --fix changes nothing, --diff writes
 * nothing and its patch applies with git apply.
 */
import { CASES, goldenFixTests } from './helpers/fix-projects.js';

goldenFixTests(CASES.filter((c) => !c.name.startsWith('python-')));

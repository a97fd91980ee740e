/** mcplint's own version, read once from package.json (cheap: no JSON module import machinery). */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PACKAGE_ROOT } from './paths.js';

export const VERSION: string = (JSON.parse(readFileSync(join(PACKAGE_ROOT, 'package.json'), 'utf8')) as { version: string }).version;

/** Where rule docs live for this exact version (SARIF helpUri, explain links). */
export const REPOSITORY_URL = 'https://github.com/mcplint/mcplint';
export const docsUrl = (ruleId: string): string => `${REPOSITORY_URL}/blob/v${VERSION}/rules/${ruleId}.md`;

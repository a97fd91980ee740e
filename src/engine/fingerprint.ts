/**
 * Stable identity of a finding: rule + subject + message id (+ a disambiguating key), never the
 * line number, so fingerprints survive unrelated edits (SARIF partialFingerprints, baselines).
 */
import { nodeCrypto } from '../shared/node-crypto.js';
import { subjectKey, type Subject } from './rule.js';

export function fingerprint(ruleId: string, subject: Subject, messageId: string, key?: string): string {
  return nodeCrypto()
    .createHash('sha256')
    .update([ruleId, subjectKey(subject), messageId, key ?? ''].join('\u0000'))
    .digest('hex')
    .slice(0, 32);
}

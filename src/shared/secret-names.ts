/** Telling a credential's name from an ordinary one, for client configs and the config rules alike. */
import { words } from './name-words.js';

const SECRET_WORDS = new Set([
  'token',
  'secret',
  'secrets',
  'password',
  'passwd',
  'pwd',
  'apikey',
  'credential',
  'credentials',
  'cookie',
  'auth',
  'authorization',
  'bearer',
  'pat',
  'passphrase',
]);

/**
 * Names of variables, env keys, headers and flags that hold credentials, judged by their words
 * ("GITHUB_TOKEN", "X-Api-Key", "clientSecret", "--api-key") so that "GIT_AUTHOR_NAME" or
 * "SESSION_TIMEOUT" do not count.
 */
export const SECRET_NAME = {
  test(name: string): boolean {
    const parts = words(name);
    // "OAuth" splits into o, auth: the protocol's name, not a credential (OAuthClientId, OAuthScope).
    if (parts.some((w, i) => SECRET_WORDS.has(w) && !(w === 'auth' && parts[i - 1] === 'o'))) return true;
    if (parts.at(-1) === 'key' && parts.length > 1) return true;
    return parts.some((w, i) => (w === 'api' || w === 'access' || w === 'private' || w === 'secret') && parts[i + 1] === 'key');
  },
};

/** Telling a credential's name from an ordinary one, for client configs and the config rules alike. */

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
    const words = name
      .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter(Boolean);
    if (words.some((w) => SECRET_WORDS.has(w))) return true;
    if (words.at(-1) === 'key' && words.length > 1) return true;
    return words.some((w, i) => (w === 'api' || w === 'access' || w === 'private' || w === 'secret') && words[i + 1] === 'key');
  },
};

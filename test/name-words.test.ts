/**
 * src/shared/name-words.ts, the one word splitter: the naming rules, tool-description-quality,
 * the probe policy's name rule and the secret-name test all read names through it.
 */
import { describe, expect, it } from 'vitest';
import { letterWords, words } from '../src/shared/name-words.js';
import { SECRET_NAME } from '../src/shared/secret-names.js';

describe('words', () => {
  it('splits on separators and case boundaries, digits staying with the word before them', () => {
    expect(words('getUserByID')).toEqual(['get', 'user', 'by', 'id']);
    expect(words('DATA_EXPORT_v2')).toEqual(['data', 'export', 'v2']);
    expect(words('HTTPServer-list.items')).toEqual(['http', 'server', 'list', 'items']);
    expect(words('v2token')).toEqual(['v2', 'token']);
  });

  it('keeps letters of any script in their word, as tool-description-quality needs for prose', () => {
    expect(words('créerFichier')).toEqual(['créer', 'fichier']);
    expect(words('Récupère les données.')).toEqual(['récupère', 'les', 'données']);
    expect(words('获取天气 (weather)')).toEqual(['获取天气', 'weather']);
  });

  it('letterWords drops digits as separators, so none hides a word', () => {
    expect(letterWords('rm1File')).toEqual(['rm', 'file']);
    expect(letterWords('db2_drop3')).toEqual(['db', 'drop']);
  });
});

describe('SECRET_NAME, through words', () => {
  it('finds a credential word in every spelling of a name', () => {
    for (const name of ['GITHUB_TOKEN', 'X-Api-Key', 'clientSecret', '--api-key', 'APIKey', 'SSHKey', 'x2token']) {
      expect(SECRET_NAME.test(name), name).toBe(true);
    }
  });

  it('does not take ordinary names, or OAuth, for credentials', () => {
    for (const name of ['GIT_AUTHOR_NAME', 'SESSION_TIMEOUT', 'OAuthClientId', 'OAuthScope', 'monkey']) {
      expect(SECRET_NAME.test(name), name).toBe(false);
    }
  });
});

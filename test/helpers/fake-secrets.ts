/**
 * Fake, token-shaped secrets for tests, assembled at run time so that no token-shaped literal sits
 * in the repository (secret scanners would flag it). None of them is, or ever was, a real credential.
 */
const j = (...parts: string[]) => parts.join('');

export const FAKE_SECRETS = {
  'aws-access-key': j('AKIA', 'Q7ZK3M5N8P2R4T6V'),
  'github-token': j('ghp', '_', 'R2d2C3poBb8Ee7Ff6Gg5Hh4Ii3Jj2Kk1Ll0Mm9'),
  'github-pat': j('github', '_pat_', '11ABCDEFG0', 'aBcDeFgHiJkLmNoPqRsTuV_wXyZ0123456789aBcDeFgHiJkLmNoPqRsTuVwXyZ01'),
  'slack-token': j('xox', 'b-', '1234567890-0987654321-', 'AbCdEfGhIjKlMnOpQrStUvWx'),
  'openai-api-key': j('sk-', 'proj-', 'Ab3dEf6hIj9lMn2pQr5tUv8xYz1BcD4fGh7jKl0nOp3rSt6vWx9'),
  'anthropic-api-key': j('sk-', 'ant-', 'api03-', 'Zy9xW8vU7tS6rQ5pO4nM3lK2jI1hG0fE9dC8bA7zY6xW5vU4tS3rQ2pO1nM0'),
  'google-api-key': j('AIza', 'SyD3fG6hJ9kL2mN5pQ8rT1vW4xZ7bC0dE3f'),
  jwt: j(
    'eyJ',
    'hbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9',
    '.',
    'eyJ',
    'zdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkJvb2tzdG9yZSJ9',
    '.',
    'c2lnbmF0dXJlLXNpZ25hdHVyZS1zaWc',
  ),
  'url-credentials': j('https://', 'deploy', ':', 'Xk9!vB2qLz7w', '@', 'git.bookstore.internal/repo.git'),
  'bearer-token': j('Bearer ', 'a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6'),
  'private-key': j(
    '-----BEGIN ',
    'RSA PRIVATE KEY-----\n',
    'MIIEowIBAAKCAQEA3Tz2mr7SZiAMfQyuvBjM2KpP8i5bK4fyZ0U9pKxH4w1v8Qz\n',
    'Jq2w9eR7tY6uI5oP4aS3dF2gH1jK0lZ9xC8vB7nM6qW5eR4tY3uI2oP1aS0dF\n',
    '-----END RSA ',
    'PRIVATE KEY-----',
  ),
} as const;

/** The part of each secret that must never appear in any output (the value without its type prefix). */
export function secretCore(value: string): string {
  return value.length > 16 ? value.slice(8, -4) : value;
}

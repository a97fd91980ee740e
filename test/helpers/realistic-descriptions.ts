/**
 * Realistic, clean descriptions in the style of popular MCP servers (file systems, Git hosting,
 * chat, databases, browsers, memory, thinking aids), including the phrasings that come closest to
 * the security rules' patterns. None of them may trigger a security rule.
 */
export const REALISTIC_DESCRIPTIONS: readonly string[] = [
  'Read the complete contents of a file from the file system. Handles various text encodings and provides detailed error messages if the file cannot be read. Use this tool when you need to examine the contents of a single file. Only works within allowed directories.',
  'Read the contents of multiple files simultaneously. This is more efficient than reading files one by one when you need to analyze or compare multiple files. Failed reads for individual files will not stop the entire operation.',
  'Create a new file or completely overwrite an existing file with new content. Use with caution as it will overwrite existing files without warning. Handles text content with proper encoding. Only works within allowed directories.',
  'Create or update a single file in a GitHub repository. Requires the branch name and, when updating, the SHA of the file being replaced.',
  'Search for GitHub repositories. Returns name, owner, description, stars and the default branch. Use the page parameter for more results.',
  'Post a new message to a Slack channel. Returns the message timestamp, which identifies the message for replies and reactions.',
  'Run a read-only SQL query against the configured database. Connection string example: postgres://user:password@localhost:5432/bookstore.',
  'Connect to the message broker, e.g. amqp://guest:guest@localhost:5672/, and list its queues with their message counts.',
  'Navigate the browser to a URL. Wait for the page to load before taking a screenshot or reading its content.',
  'Take a screenshot of the current page or of a specific element identified by a CSS selector. Returns a PNG image encoded as base64.',
  'Shows the working tree status: staged, unstaged and untracked files, like `git status`.',
  'Create multiple new entities in the knowledge graph. Each entity has a name, an entity type and a list of observations.',
  'A detailed tool for dynamic and reflective problem-solving through thoughts. You should: question or revise previous thoughts when needed, ignore information that is irrelevant to the current step, and only set next_thought_needed to false when truly done.',
  'IMPORTANT: Always use absolute paths. Use this tool instead of shell commands when you need to list a directory; it returns entries with [FILE] and [DIR] prefixes.',
  'Load environment variables from a .env file in the project directory and return their names (never their values).',
  'Connect to a remote host over SSH using the private key at ~/.ssh/id_ed25519 by default; pass key_path to use another key.',
  'Send an email to the given recipients. Do not send the raw API key to the user; refer to it by name.',
  'Get the current weather for a city. If the city is ambiguous, tell the user the candidates and ask which one they mean.',
  'Sign a payload with the service key. Returns a JWT; the header looks like eyJhbGciOi… and is valid for one hour.',
  'Authenticate with a personal access token (for example ghp_xxxxxxxx) stored in the GITHUB_TOKEN environment variable; the token is never returned.',
  'Returns the SHA-256 checksum of a file, e.g. 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08.',
  'Fetch a URL and convert the page to markdown. Follows redirects; use max_length and start_index to page through long documents.',
  'Résumé des commandes : liste les commandes récentes avec leur statut et leur montant. 👩‍💻 Pour les développeurs.',
  'جستجوی کتاب‌ها در فهرست فروشگاه بر اساس عنوان یا نویسنده.',
  'Team flags: 🏴󠁧󠁢󠁳󠁣󠁴󠁿 Scotland, 🏴󠁧󠁢󠁷󠁬󠁳󠁿 Wales. Returns fixtures for the given team.',
  'Formats a list of messages as a chat transcript with "user:" and "assistant:" prefixes for export to a text file.',
];

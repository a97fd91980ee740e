/** A failed file operation in words, for the one line that ends the run ("cannot be written (no space left on the device)"). */

/** The error's errno code (`ENOENT`…), if it has one. */
export function errnoOf(error: unknown): string | undefined {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

export function fileErrorReason(error: unknown): string {
  const code = errnoOf(error);
  switch (code) {
    case 'ENOENT':
      return 'no such file or folder';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'EROFS':
      return 'read-only file system';
    case 'ENOSPC':
      return 'no space left on the device';
    case 'EDQUOT':
      return 'disk quota exceeded';
    case 'EFBIG':
      return 'file too large for the file system';
    case 'EISDIR':
      return 'it is a folder';
    case 'ENOTDIR':
      return 'a parent of it is a file, not a folder';
    case 'ELOOP':
      return 'too many symbolic links';
    case 'ENAMETOOLONG':
      return 'name too long';
    case 'EIO':
      return 'input/output error';
    default:
      return code ?? (error instanceof Error ? error.message.split('\n')[0]! : String(error));
  }
}

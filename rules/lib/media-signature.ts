/**
 * What base64 payloads really hold, by their first bytes ("magic numbers"), for the MIME types
 * whose signature is fixed. A MIME type not listed here is never judged: mcplint does not know
 * what its bytes must look like.
 */

interface Signature {
  /** Plain name, e.g. "PNG". */
  readonly name: string;
  readonly mimeTypes: readonly string[];
  readonly matches: (bytes: Uint8Array) => boolean;
}

const ascii = (bytes: Uint8Array, at: number, text: string): boolean => [...text].every((c, i) => bytes[at + i] === c.charCodeAt(0));
const prefix = (bytes: Uint8Array, expected: readonly number[]): boolean => expected.every((b, i) => bytes[i] === b);

const SIGNATURES: readonly Signature[] = [
  { name: 'PNG', mimeTypes: ['image/png'], matches: (b) => prefix(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  { name: 'JPEG', mimeTypes: ['image/jpeg', 'image/jpg', 'image/pjpeg'], matches: (b) => prefix(b, [0xff, 0xd8, 0xff]) },
  { name: 'GIF', mimeTypes: ['image/gif'], matches: (b) => ascii(b, 0, 'GIF87a') || ascii(b, 0, 'GIF89a') },
  { name: 'WebP', mimeTypes: ['image/webp'], matches: (b) => ascii(b, 0, 'RIFF') && ascii(b, 8, 'WEBP') },
  { name: 'BMP', mimeTypes: ['image/bmp', 'image/x-bmp', 'image/x-ms-bmp'], matches: (b) => ascii(b, 0, 'BM') },
  {
    name: 'WAV',
    mimeTypes: ['audio/wav', 'audio/x-wav', 'audio/wave', 'audio/vnd.wave'],
    matches: (b) => ascii(b, 0, 'RIFF') && ascii(b, 8, 'WAVE'),
  },
  // An ID3 tag, or straight into an MPEG audio frame (11 sync bits).
  {
    name: 'MP3',
    mimeTypes: ['audio/mpeg', 'audio/mp3'],
    matches: (b) => ascii(b, 0, 'ID3') || (b[0] === 0xff && ((b[1] ?? 0) & 0xe0) === 0xe0),
  },
  { name: 'Ogg', mimeTypes: ['audio/ogg', 'audio/opus', 'audio/vorbis', 'application/ogg'], matches: (b) => ascii(b, 0, 'OggS') },
  { name: 'FLAC', mimeTypes: ['audio/flac', 'audio/x-flac'], matches: (b) => ascii(b, 0, 'fLaC') },
  { name: 'PDF', mimeTypes: ['application/pdf'], matches: (b) => ascii(b, 0, '%PDF-') },
];

/** Bytes needed to tell the signatures apart (RIFF types name themselves at offset 8). */
export const SIGNATURE_BYTES = 12;

/** The signature a MIME type (parameters and case ignored) requires, if mcplint knows one. */
export function signatureFor(mimeType: string): Signature | undefined {
  const bare = mimeType.split(';')[0]!.trim().toLowerCase();
  return SIGNATURES.find((s) => s.mimeTypes.includes(bare));
}

/** The known format the bytes are, if any. */
export function sniff(bytes: Uint8Array): string | undefined {
  return SIGNATURES.find((s) => s.matches(bytes))?.name;
}

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** The first bytes of a base64 string, or undefined when it is not base64 (the schema rules judge that). */
export function leadingBytes(base64: string): Uint8Array | undefined {
  if (!BASE64.test(base64)) return undefined;
  return Buffer.from(base64.slice(0, Math.ceil(SIGNATURE_BYTES / 3) * 4), 'base64');
}

export const hex = (bytes: Uint8Array): string => [...bytes].map((b) => b.toString(16).padStart(2, '0')).join(' ');

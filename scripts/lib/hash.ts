import { createHash } from 'node:crypto';

/** The content hash the build puts in a file's name (12 hex digits of SHA-256). */
export const hashOf = (text: string): string =>
  createHash('sha256').update(text).digest('hex').slice(0, 12);

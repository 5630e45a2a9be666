// Where the evaluation corpus lives: ../shared/corpus beside the repository (as on CI), or $CORPUS_DIR.

import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const CORPUS_DIR = process.env.CORPUS_DIR ?? join(REPO_ROOT, '..', 'shared', 'corpus');

/** Bytes of a corpus document, e.g. corpusFile('plos-pone-0117949.docx'). */
export function corpusFile(name: string): Uint8Array {
  return new Uint8Array(readFileSync(join(CORPUS_DIR, name)));
}

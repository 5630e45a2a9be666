// Helpers for the /hyperlink-crossref integration tests: a numbered manuscript built from reference
// strings, and reading the fake registry's record of what reached it. Not a test file itself.
import { buildDocx, p } from '../../helpers/docx-builder.ts';
import type { FakeCrossref } from '../../helpers/fake-crossref/server.ts';
import { maxInWindow } from '../../helpers/time-windows.ts';

/** A manuscript citing every reference once, then a "References" heading and one numbered entry each. */
export function manuscript(refs: string[]): Promise<Uint8Array> {
  const cites = refs.map((_, i) => `[${i + 1}]`).join(', ');
  const body = p(`Prior work ${cites} shaped this study.`) + p('References', 'Heading1') + refs.map((r, i) => p(`${i + 1}. ${r}`)).join('');
  return buildDocx({ body });
}

/** Distinct reference strings the registry does not hold (each costs one search when not cached). */
export function unknownRefs(n: number, tag: string): string[] {
  return Array.from({ length: n }, (_, i) => `Author${i} ${tag}, Other B. Study number ${i} of ${tag} phenomena in model systems. J Unknown Res. 20${10 + (i % 10)};${i + 1}:${100 + i}-${110 + i}.`);
}

/** The largest number of requests the registry served inside any span of `spanMs`. */
export function maxServedInWindow(fake: FakeCrossref, kind: 'search' | 'lookup', spanMs = 1000): number {
  return maxInWindow(fake.stats.served.filter((s) => s.kind === kind).map((s) => s.at), spanMs);
}

export const registryCalls = (fake: FakeCrossref): number => fake.stats.searches + fake.stats.lookups + fake.stats.rejected + fake.stats.failures;

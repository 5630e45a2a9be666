// Pathological manuscripts for the regression tests and bench:abuse: one paragraph of dense
// "Figure 1 / [3] / doi" text, the shape that made scan time grow faster than the text.
import { buildDocx, p } from './docx-builder.ts';

/** One repeating unit: a figure mention, a numeric citation and a DOI, about 60 characters. */
function denseUnit(i: number): string {
  return `Figure ${(i % 9) + 1} / [${(i % 40) + 1}] / doi 10.1000/xyz${i % 1000} `;
}

/** Dense text of about `chars` characters. */
function denseText(chars: number): string {
  const parts: string[] = [];
  let length = 0;
  for (let i = 0; length < chars; i++) {
    const unit = denseUnit(i);
    parts.push(unit);
    length += unit.length;
  }
  return parts.join('');
}

/** A DOCX whose body is one paragraph of about `chars` characters of dense text (in runs of at most `runChars`). */
export async function pathologicalDocx(chars: number, runChars = 4096): Promise<Uint8Array> {
  const text = denseText(chars);
  const runs: string[] = [];
  for (let i = 0; i < text.length; i += runChars) runs.push(text.slice(i, i + runChars));
  return buildDocx({ body: p(runs) });
}

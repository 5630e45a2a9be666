// Text and run markup for the synthetic manuscript: sentences with citations and cross-references, and
// Word-like run fragmentation (rsid attributes, proofErr, bookmarks, lastRenderedPageBreak, empty runs).

import type { Rng } from './prng.ts';

const WORDS = (
  'the of and in to a is that for with as was on by we were are from this be at an which these our not or ' +
  'cells protein expression analysis model data results samples response signal increase decrease levels ' +
  'significant observed measured activity function genes binding structure method approach rate network ' +
  'population species temperature concentration treatment control group effect neurons dynamics mechanism ' +
  'previous studies suggest consistent reported independent variance estimate parameter distribution sample ' +
  'spatial temporal regulation pathway receptor membrane growth tissue density interaction across between'
).split(' ');

const SURNAMES = (
  'Smith Jones Zhang Wang Li Müller García Rossi Kim Nguyen Patel Brown Taylor Wilson Martin Lee Schmidt ' +
  'Dubois Silva Kowalski Andersson Novak Ivanov Tanaka Yamamoto Cohen Fischer Moreau Costa Olsen Hansen'
).split(' ');

const JOURNALS = ['J Neurosci', 'Nature', 'PLoS Comput Biol', 'Cell Rep', 'Proc Natl Acad Sci USA', 'eLife', 'Sci Rep', 'Plant Physiol', 'Ecology', 'Phys Rev E'];

export interface Counts {
  references: number;
  figures: number;
  tables: number;
  equations: number;
  sections: string[];
}

function words(rng: Rng, n: number): string {
  const out: string[] = [];
  for (let i = 0; i < n; i++) out.push(rng.pick(WORDS));
  return out.join(' ');
}

function citation(rng: Rng, max: number): string {
  const a = rng.int(1, max);
  const r = rng.next();
  if (r < 0.55) return `[${a}]`;
  if (r < 0.75 && a + 2 <= max) return `[${a}–${a + rng.int(2, Math.min(6, max - a))}]`;
  const b = rng.int(1, max);
  const c = rng.int(1, max);
  return r < 0.9 ? `[${Math.min(a, b)}, ${Math.max(a, b)}]` : `[${a}, ${b}–${Math.min(max, b + 2)}, ${c}]`;
}

function crossRef(rng: Rng, c: Counts, upTo: { figures: number; tables: number; equations: number }): string {
  const r = rng.next();
  const fig = Math.max(1, Math.min(c.figures, upTo.figures + 1));
  const tab = Math.max(1, Math.min(c.tables, upTo.tables + 1));
  const eq = Math.max(1, Math.min(c.equations, upTo.equations));
  if (r < 0.35) return `(Figure ${rng.int(1, fig)}${rng.pick(['', 'A', 'B', 'C'])})`;
  if (r < 0.5) return `Fig. ${rng.int(1, fig)}`;
  if (r < 0.62) return `(Figs. ${rng.int(1, fig)} and ${rng.int(1, fig)})`;
  if (r < 0.78) return `Table ${rng.int(1, tab)}`;
  if (r < 0.9) return `Eq. (${rng.int(1, eq)})`;
  return `Section ${rng.pick(c.sections)}`;
}

/** A body sentence with roughly one citation and sometimes a cross-reference. */
function sentence(rng: Rng, c: Counts, upTo: { figures: number; tables: number; equations: number }): string {
  const w = words(rng, rng.int(12, 26));
  let s = w.charAt(0).toUpperCase() + w.slice(1);
  if (rng.chance(0.3)) s += ` ${crossRef(rng, c, upTo)}`;
  if (rng.chance(0.12)) s += ` and ${words(rng, rng.int(3, 8))}`;
  if (rng.chance(0.7)) s += ` ${citation(rng, c.references)}`;
  return `${s}.`;
}

export function paragraphText(rng: Rng, c: Counts, upTo: { figures: number; tables: number; equations: number }, sentences: number): string {
  const out: string[] = [];
  for (let i = 0; i < sentences; i++) out.push(sentence(rng, c, upTo));
  return out.join(' ');
}

export function referenceText(rng: Rng, n: number): string {
  const authors: string[] = [];
  const k = rng.int(1, 6);
  for (let i = 0; i < k; i++) authors.push(`${rng.pick(SURNAMES)} ${String.fromCharCode(65 + rng.int(0, 25))}${rng.chance(0.4) ? String.fromCharCode(65 + rng.int(0, 25)) : ''}`);
  if (k === 6) authors.push('et al.');
  const year = rng.int(1975, 2024);
  const title = words(rng, rng.int(6, 16));
  const vol = rng.int(1, 120);
  const p1 = rng.int(1, 9000);
  const doi = `10.${rng.int(1000, 9999)}/${rng.pick(['j.', 'nn.', 'journal.pcbi.', 's', ''])}${rng.int(100000, 9999999)}`;
  return `${n}. ${authors.join(', ')} (${year}) ${title.charAt(0).toUpperCase()}${title.slice(1)}. ${rng.pick(JOURNALS)} ${vol}: ${p1}–${p1 + rng.int(3, 40)}. doi: ${doi}`;
}

function escapeXml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

const RPR_VARIANTS = [
  '',
  '<w:rPr><w:rFonts w:ascii="Times New Roman" w:hAnsi="Times New Roman" w:cs="Times New Roman"/><w:sz w:val="24"/><w:szCs w:val="24"/><w:lang w:val="en-US"/></w:rPr>',
  '<w:rPr><w:rFonts w:cs="Times New Roman"/><w:noProof/><w:lang w:val="en-GB"/></w:rPr>',
  '<w:rPr><w:rFonts w:ascii="Times New Roman" w:hAnsi="Times New Roman"/><w:sz w:val="24"/></w:rPr>',
];

/** Shared per-document state for fragmentation: revision ids in use and bookmark ids. */
export interface RunState {
  rsids: string[];
  bookmarkId: number;
}

/**
 * Runs for a text, split at random positions the way Word's editing history splits them. `baseRPr` is
 * the formatting every run of the text carries (e.g. bold); fragments get visually identical variants.
 */
export function fragmentedRuns(rng: Rng, st: RunState, text: string, baseRPr = '', meanRun = 48): string {
  const out: string[] = [];
  let i = 0;
  while (i < text.length) {
    let len = Math.max(1, Math.round(meanRun * (0.2 + rng.next() * 1.6)));
    if (i + len > text.length) len = text.length - i;
    // Never split a UTF-16 surrogate pair.
    if (i + len < text.length && /[\uD800-\uDBFF]/.test(text.charAt(i + len - 1))) len++;
    const piece = text.slice(i, i + len);
    i += len;
    const r = rng.next();
    if (r < 0.04) out.push('<w:proofErr w:type="spellStart"/>');
    if (r > 0.97) {
      const id = st.bookmarkId++;
      out.push(`<w:bookmarkStart w:id="${id}" w:name="_Hlk${100000000 + id}"/>`);
      out.push(run(rng, st, piece, baseRPr));
      out.push(`<w:bookmarkEnd w:id="${id}"/>`);
      continue;
    }
    out.push(run(rng, st, piece, baseRPr));
    if (r < 0.04) out.push('<w:proofErr w:type="spellEnd"/>');
    if (r > 0.5 && r < 0.505) out.push(`<w:r w:rsidR="${rng.pick(st.rsids)}"><w:lastRenderedPageBreak/></w:r>`);
    if (r > 0.6 && r < 0.605) out.push(`<w:r w:rsidR="${rng.pick(st.rsids)}"><w:t xml:space="preserve"></w:t></w:r>`);
  }
  return out.join('');
}

function run(rng: Rng, st: RunState, text: string, baseRPr: string): string {
  let rPr = rng.pick(RPR_VARIANTS);
  if (baseRPr) rPr = rPr ? rPr.replace('<w:rPr>', `<w:rPr>${baseRPr}`) : `<w:rPr>${baseRPr}</w:rPr>`;
  const rsid = rng.chance(0.5) ? ` w:rsidR="${rng.pick(st.rsids)}"` : '';
  const rsidRPr = rng.chance(0.6) ? ` w:rsidRPr="${rng.pick(st.rsids)}"` : '';
  return `<w:r${rsid}${rsidRPr}>${rPr}<w:t xml:space="preserve">${escapeXml(text)}</w:t></w:r>`;
}

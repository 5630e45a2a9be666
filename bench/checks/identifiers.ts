// bench:checks, identifiers (issue 21): the identifiers a manuscript holds, counted by a second reading of
// its text that shares no code with the detectors (server/engine/detect/identifiers/): the text is cut into
// white-space tokens, each token's brackets and sentence punctuation peeled by hand, and a token is an
// identifier when it is one whole (an address, "PMC1234567", "NCT01234567", "RRID:...", "hdl:...",
// "arXiv:...", an old arXiv ID) or a number after its label ("PMID: 123", "ORCID iD 0000-...",
// "arXiv 2101.01234"). Tokens inside existing hyperlinks or fields, and addresses holding a DOI (the DOI
// detector's), are left out as the issue says. The engine's identifier matches are then scored against it:
// a match is right when the reading has an identifier of the same kind and address overlapping it.

import type { ReviewMatch } from '../../shared/contract.ts';
import { IDENTIFIER_KINDS, type IdentifierKind } from '../../shared/identifiers.ts';
import type { DocumentModel } from '../../server/engine/model/types.ts';

export interface CountedIdentifier { paragraph: number; start: number; end: number; kind: IdentifierKind; url: string }

interface Token { text: string; start: number; end: number }

const OPENERS = '([{<"\u201c\u2018\'';
const TRAILING = '.,;:!?\'"*\u2019\u201d\u2026';
const PAIRS: Record<string, string> = { ')': '(', ']': '[', '}': '{', '>': '<' };

function peel(t: Token): Token {
  let { text, start, end } = t;
  while (text && OPENERS.includes(text[0]!)) { text = text.slice(1); start++; }
  for (;;) {
    const last = text[text.length - 1];
    if (last === undefined) break;
    if (TRAILING.includes(last)) { text = text.slice(0, -1); end--; continue; }
    const open = PAIRS[last];
    if (open && text.split(open).length < text.split(last).length) { text = text.slice(0, -1); end--; continue; }
    break;
  }
  return { text, start, end };
}

function tokens(text: string): Token[] {
  const out: Token[] = [];
  const cps = [...text];
  let i = 0;
  while (i < cps.length) {
    while (i < cps.length && /\s/.test(cps[i]!)) i++;
    const s = i;
    while (i < cps.length && !/\s/.test(cps[i]!)) i++;
    if (i > s) out.push({ text: cps.slice(s, i).join(''), start: s, end: i });
  }
  return out;
}

function orcidOk(id: string): boolean {
  const d = id.replace(/-/g, '');
  let total = 0;
  for (let i = 0; i < 15; i++) total = (total + Number(d[i])) * 2;
  const r = (12 - (total % 11)) % 11;
  return d[15] === (r === 10 ? 'X' : String(r));
}

const OLD_ARXIV = /^(?:astro-ph|cond-mat|gr-qc|hep-(?:ex|lat|ph|th)|math-ph|nlin|nucl-(?:ex|th)|physics|quant-ph|math|cs|q-bio|q-fin|stat)(?:\.[A-Z]{2})?\/\d{7}(?:v\d+)?$/;
const NEW_ARXIV = /^\d{4}\.\d{4,5}(?:v\d+)?$/;

/** The identifiers of one paragraph's text (code-point offsets). */
function countIdentifiers(text: string, paragraph: number): CountedIdentifier[] {
  const raw = tokens(text);
  const toks = raw.map(peel);
  const out: CountedIdentifier[] = [];
  const add = (t: Token, kind: IdentifierKind, url: string, from = t.start) => out.push({ paragraph, start: from, end: t.end, kind, url });
  toks.forEach((t, i) => {
    const prev = toks[i - 1]?.text ?? '';
    const prev2 = toks[i - 2]?.text ?? '';
    const w = t.text;
    let m: RegExpMatchArray | null;
    if (/^(?:https?:\/\/|www\.)/i.test(w)) {
      // Typographic hyphens (U+2010, U+2011) a converter put into an address are hyphens.
      const host = w.replace(/^https?:\/\//i, '').split(/[/?#:]/)[0]!;
      // "http://x.duke .edu": an address broken by a space is no identifier one can link.
      const broken = raw[i]!.end === t.end && /^\.[a-z]/i.test(raw[i + 1]?.text ?? '');
      if (/\.[a-z]{2,}$/i.test(host) && !/10\.\d{4,9}\//.test(w) && !broken) add(t, 'url', (/^www\./i.test(w) ? `https://${w}` : w).replace(/[\u2010\u2011]/g, '-'));
    } else if (/^PMC\d{4,8}$/.test(w)) add(t, 'pmcid', `https://www.ncbi.nlm.nih.gov/pmc/articles/${w}/`);
    else if (/^NCT\d{8}$/.test(w)) add(t, 'nct', `https://clinicaltrials.gov/study/${w}`);
    else if (/^\d{1,9}$/.test(w) && (/^(?:PMID|PubMed):?$/i.test(prev) || (/^ID:?$/.test(prev) && /^PubMed$/i.test(prev2)))) add(t, 'pmid', `https://pubmed.ncbi.nlm.nih.gov/${w}/`);
    else if ((m = w.match(/^RRID:([A-Za-z]+[_:].+)$/))) add(t, 'rrid', `https://scicrunch.org/resolver/RRID:${m[1]}`);
    else if (raw[i - 1]?.text === 'RRID:' && /^[A-Za-z]+[_:]\w/.test(w)) add(t, 'rrid', `https://scicrunch.org/resolver/RRID:${w}`, toks[i - 1]!.start);
    else if ((m = w.match(/^arXiv:(.+)$/i)) && (NEW_ARXIV.test(m[1]!) || OLD_ARXIV.test(m[1]!))) add(t, 'arxiv', `https://arxiv.org/abs/${m[1]}`);
    else if (NEW_ARXIV.test(w) && (/^arXiv:?$/i.test(prev) || (prev === 'preprint' && /^arXiv$/i.test(prev2)))) add(t, 'arxiv', `https://arxiv.org/abs/${w}`);
    else if (OLD_ARXIV.test(w)) add(t, 'arxiv', `https://arxiv.org/abs/${w}`);
    else if (/^\d{4}-\d{4}-\d{4}-\d{3}[\dX]$/.test(w) && orcidOk(w) && (/^ORCID/i.test(prev) || (/^i?D:?$/i.test(prev) && /^ORCID$/i.test(prev2)))) add(t, 'orcid', `https://orcid.org/${w}`);
    else if ((m = w.match(/^orcid\.org\/(\d{4}-\d{4}-\d{4}-\d{3}[\dX])$/i)) && orcidOk(m[1]!)) add(t, 'orcid', `https://orcid.org/${m[1]}`);
    else if ((m = w.match(/^(?:hdl:|hdl\.handle\.net\/)(\d[\d.]*\/\S+)$/i))) add(t, 'handle', `https://hdl.handle.net/${m[1]}`);
  });
  return out;
}

/** Every identifier of a document model's main text, footnotes and endnotes, outside existing links and fields. */
export function countDocument(model: DocumentModel): (CountedIdentifier & { part: string })[] {
  const out: (CountedIdentifier & { part: string })[] = [];
  for (const p of model.paragraphs) {
    for (const c of countIdentifiers(p.text, p.index)) {
      const held = p.pieces.some((pc) => pc.hold && pc.start < c.end && c.start < pc.end);
      if (!held) out.push({ ...c, part: p.part });
    }
  }
  return out;
}

export interface IdentifierTally { counted: number; found: number; proposed: number; right: number; wrong: string[]; missed: string[] }

const emptyTally = (): IdentifierTally => ({ counted: 0, found: 0, proposed: 0, right: 0, wrong: [], missed: [] });

const isIdentifier = (m: ReviewMatch) => (IDENTIFIER_KINDS as readonly string[]).includes(m.kind);

/** Scores a packet's identifier matches against the counted identifiers, per kind. */
export function scoreIdentifiers(name: string, matches: ReviewMatch[], counted: (CountedIdentifier & { part: string })[], tally: Map<string, IdentifierTally>, exact = false): void {
  const proposed = matches.filter((m) => isIdentifier(m) && m.status === 'ready' && m.location);
  const same = (m: ReviewMatch, c: CountedIdentifier & { part: string }) =>
    m.kind === c.kind && m.url === c.url && m.location!.part === c.part && m.location!.paragraph === c.paragraph &&
    (exact ? m.location!.start === c.start && m.location!.end === c.end : m.location!.start < c.end && c.start < m.location!.end);
  for (const kind of IDENTIFIER_KINDS) {
    const t = tally.get(kind) ?? emptyTally();
    tally.set(kind, t);
    const mine = proposed.filter((m) => m.kind === kind);
    const theirs = counted.filter((c) => c.kind === kind);
    t.proposed += mine.length;
    t.counted += theirs.length;
    for (const m of mine) {
      if (theirs.some((c) => same(m, c))) t.right++;
      else t.wrong.push(`${name}: "${m.sourceText}"`);
    }
    for (const c of theirs) {
      if (mine.some((m) => same(m, c))) t.found++;
      else t.missed.push(`${name}: ${c.url}`);
    }
  }
}

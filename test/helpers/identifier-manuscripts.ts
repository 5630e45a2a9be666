// Test manuscripts full of identifiers (issue 21), each with its exact gold: which text links, as which
// kind, to which address. Used by the identifier tests and by bench:checks (beside the corpus counts).
// A segment is plain text, an identifier expected to link, or text inside an existing hyperlink (left alone).

import type { IdentifierKind } from '../../shared/identifiers.ts';
import { buildDocx, r } from './docx-builder.ts';

type Segment = string | { id: string; kind: IdentifierKind; url: string } | { linked: string };

export interface ExpectedIdentifier { paragraph: number; start: number; end: number; text: string; kind: IdentifierKind; url: string }

const id = (text: string, kind: IdentifierKind, url: string): Segment => ({ id: text, kind, url });
const url = (text: string, target = text): Segment => id(text, 'url', target);
const pmid = (n: string): Segment => id(n, 'pmid', `https://pubmed.ncbi.nlm.nih.gov/${n}/`);
const pmc = (n: string): Segment => id(n, 'pmcid', `https://www.ncbi.nlm.nih.gov/pmc/articles/${n}/`);
const arxiv = (text: string, n: string): Segment => id(text, 'arxiv', `https://arxiv.org/abs/${n}`);
const nct = (n: string): Segment => id(n, 'nct', `https://clinicaltrials.gov/study/${n}`);
const rrid = (text: string, n: string): Segment => id(text, 'rrid', `https://scicrunch.org/resolver/${n}`);
const orcid = (text: string, n: string): Segment => id(text, 'orcid', `https://orcid.org/${n}`);
const hdl = (text: string, n: string): Segment => id(text, 'handle', `https://hdl.handle.net/${n}`);

export const IDENTIFIER_MANUSCRIPTS: Record<string, Segment[][]> = {
  'identifiers-methods': [
    ['Identifiers in a methods section'],
    ['Jane Roe (ORCID: ', orcid('0000-0002-1825-0097', '0000-0002-1825-0097'), '), John Doe (', orcid('orcid.org/0000-0001-5109-3700', '0000-0001-5109-3700'), ') and Ann Lee (ORCID iD ', orcid('0000-0002-9079-593X', '0000-0002-9079-593X'), ').'],
    ['The trial was registered at ClinicalTrials.gov (', nct('NCT01234567'), ') and extended as ', nct('NCT02932241'), '; see ', url('https://clinicaltrials.gov/study/NCT02932241'), '.'],
    ['Antibodies: anti-GFP (Abcam ab290, ', rrid('RRID:AB_303395', 'RRID:AB_303395'), "), anti-actin (", rrid('RRID: AB_2223041', 'RRID:AB_2223041'), '); mice (', rrid('RRID:IMSR_JAX:000664', 'RRID:IMSR_JAX:000664'), '); software: Fiji (', rrid('RRID:SCR_002285', 'RRID:SCR_002285'), ').'],
    ['Code is at ', url('https://github.com/example/analysis'), ', data at ', url('www.example.org/data_(v2)', 'https://www.example.org/data_(v2)'), ' and the protocol at ', url('http://protocols.example.net/p?id=12&x=y'), '.'],
    ['Sequences were deposited (see ', url('https://www.ncbi.nlm.nih.gov/pmc/articles/PMC5688220/'), '); the archive lists ', hdl('hdl:10013/epic.45678', '10013/epic.45678'), ' and ', hdl('hdl.handle.net/1887/12345', '1887/12345'), '.'],
    ['The model follows ', arxiv('arXiv:1409.1556', '1409.1556'), ' and ', arxiv('arXiv:2101.01234v2', '2101.01234v2'), ', itself building on ', arxiv('hep-th/9901001', 'hep-th/9901001'), ' and ', arxiv('arXiv:math.GT/0309136', 'math.GT/0309136'), '.'],
  ],
  'identifiers-references': [
    ['References'],
    ['1. Smith J, Lee K. A study of things. Nature. 2019;5:1–9. PMID: ', pmid('31234567'), '; PMCID: ', pmc('PMC6543210'), '.'],
    ['2. Roe A. Deep nets. arXiv preprint ', arxiv('arXiv:1512.03385', '1512.03385'), ' (2015).'],
    ['3. Doe B. Old physics. ', arxiv('arXiv:hep-ph/0405123', 'hep-ph/0405123'), '. [PubMed: ', pmid('15012345'), ']'],
    ['4. World Health Organization. Report 2020. Available from: ', url('https://www.who.int/publications/i/item/9789240012345'), '. Accessed 3 May 2021.'],
    ['5. Lee C. Thesis. University repository; 2018. ', hdl('hdl:1773/34148', '1773/34148'), '. PMID ', pmid('2345678'), '.'],
    ['6. Kim D. Trial results. Lancet. 2020. (', url('http://europepmc.org/abstract/MED/12822917'), ')'],
    ['7. Park E. Preprint. arXiv ', arxiv('2005.14165', '2005.14165'), '; code at ', url('https://gitlab.com/group/project.git'), '.'],
    ['8. FernUniversität. Brochure. ', url('https://www.fernuni\u2010hagen.de/docs/broschuere\u2010englisch.pdf', 'https://www.fernuni-hagen.de/docs/broschuere-englisch.pdf'), '. Available from: ', url('https://www.gov.br/saude/lista-de-espera-serie'), ' .'],
  ],
  'identifiers-negatives': [
    ['Things that are not identifiers'],
    ['We enrolled 12345678 patients in 2019 (ID 23456789), sample 0000-0002-1825-0097 was kept, and PMC staff agreed.'],
    ['Write to jane@www.example.com or see the DOI ', 'https://doi.org/10.1371/journal.pone.0117949', ' and doi:10.1000/xyz123.'],
    ['The site ', { linked: 'https://already.example.org/page' }, ' is linked already, and so is ', { linked: 'PMID: 11111111' }, '.'],
    ['Version 2101.01234 of the code, section hep-th of the meeting, NCT0123 (short), ORCID: 0000-0002-1825-0098 (bad check digit), and RRID: none.'],
    ['Ratios 3.14 and 1409.1556 alone, the PMCID field, and http://localhost are not links; nor is www. alone.'],
    ['A web address split by a space: http://molprobity.biochem.duke .edu was written so.'],
  ],
};

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The manuscript as a DOCX (existing hyperlinks point at their own text) and its expected identifiers. */
export async function identifierManuscript(name: string): Promise<{ docx: Uint8Array; expected: ExpectedIdentifier[] }> {
  const paragraphs = IDENTIFIER_MANUSCRIPTS[name];
  if (!paragraphs) throw new Error(`no identifier manuscript ${name}`);
  const expected: ExpectedIdentifier[] = [];
  const rels: string[] = [];
  const body = paragraphs.map((segments, paragraph) => {
    let at = 0;
    const runs = segments.map((s) => {
      const text = typeof s === 'string' ? s : 'id' in s ? s.id : s.linked;
      const start = at;
      at += [...text].length;
      if (typeof s === 'string') return r(text);
      if ('id' in s) { expected.push({ paragraph, start, end: at, text, kind: s.kind, url: s.url }); return r(text); }
      const rid = `rIdLink${rels.length + 1}`;
      rels.push(`<Relationship Id="${rid}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/hyperlink" Target="${esc(s.linked)}" TargetMode="External"/>`);
      return `<w:hyperlink r:id="${rid}">${r(text)}</w:hyperlink>`;
    });
    return `<w:p>${runs.join('')}</w:p>`;
  });
  const docx = await buildDocx({ body: body.join(''), ...(rels.length ? { extraRels: rels } : {}) });
  return { docx, expected };
}

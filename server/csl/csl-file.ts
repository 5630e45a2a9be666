// An uploaded CSL style, checked before use: size limit, UTF-8, no DTD or entity declarations, static
// bounds on depth, macros and macro expansion (csl-bounds.ts, before any tree or engine is built),
// well-formed XML whose root is a CSL `style` element in the CSL namespace, with a bibliography, and
// accepted by citeproc (an engine is built and renders a sample item). Errors name the problem.
// The service runs this in an isolated worker with a time and memory cap (server/worker/csl-check-pool.ts);
// the CLI runs it in its own process.

import { sha256Hex } from '../common/hash.ts';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { CslFileReason } from '../../shared/contract.ts';
import { styleHeader, type CslStyle } from './catalog.ts';
import { measureCslShape } from './csl-bounds.ts';
import { Renderer, type CslItem } from './render.ts';

/** 256 KB: the largest bundled style is 176 KB (chicago-shortened-notes-bibliography). */
export const MAX_CSL_BYTES = 262_144;
const CSL_NAMESPACE = 'http://purl.org/net/xbiblio/csl';

export type CslFileProblem = CslFileReason;

export class CslFileError extends Error {
  constructor(readonly reason: CslFileProblem, message: string) {
    super(message);
  }
}


const SAMPLE: CslItem = {
  id: 'sample',
  type: 'article-journal',
  title: 'A sample title',
  author: [{ family: 'Sample', given: 'Ann' }],
  issued: { 'date-parts': [[2020]] },
  'container-title': 'Journal of Samples',
  volume: '1',
  issue: '2',
  page: '3-4',
};

/** Validates an uploaded CSL file and returns the style; throws CslFileError naming the problem. */
export function parseCslFile(bytes: Uint8Array): CslStyle {
  if (bytes.length === 0) throw new CslFileError('csl_empty', 'cslFile is empty');
  if (bytes.length > MAX_CSL_BYTES) throw new CslFileError('csl_too_large', `cslFile is larger than ${MAX_CSL_BYTES} bytes`);
  let xml: string;
  try {
    xml = new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    throw new CslFileError('csl_not_utf8', 'cslFile is not UTF-8 text');
  }
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) throw new CslFileError('csl_dtd_forbidden', 'cslFile declares a DOCTYPE or entities, which a CSL style must not');
  const shape = measureCslShape(xml);
  if ('reason' in shape) throw new CslFileError(shape.reason, shape.message);
  let doc: Record<string, unknown>;
  try {
    const valid = XMLValidator.validate(xml);
    if (valid !== true) throw new CslFileError('csl_not_xml', `cslFile is not well-formed XML (line ${valid.err.line}: ${valid.err.msg})`);
    const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', processEntities: false, ignoreDeclaration: true, ignorePiTags: true });
    doc = parser.parse(xml) as Record<string, unknown>;
  } catch (err) {
    if (err instanceof CslFileError) throw err;
    // the parser's own failures (a stack exhausted, a malformed piece the validator let through) are the file's
    throw new CslFileError('csl_not_xml', `cslFile could not be read as XML: ${err instanceof Error ? err.message.split('\n')[0]!.slice(0, 200) : 'unknown error'}`);
  }
  const rootName = Object.keys(doc).find((k) => !k.startsWith('#') && !k.startsWith('?'));
  const local = rootName?.replace(/^[^:]*:/, '');
  const root = rootName ? doc[rootName] : undefined;
  if (local !== 'style' || typeof root !== 'object' || root === null) {
    throw new CslFileError('csl_not_a_style', `cslFile's root element is <${rootName ?? '?'}>, not a CSL <style>`);
  }
  const r = root as Record<string, unknown>;
  const prefix = rootName!.includes(':') ? rootName!.split(':')[0] : '';
  const ns = r[prefix ? `@xmlns:${prefix}` : '@xmlns'];
  if (ns !== CSL_NAMESPACE) throw new CslFileError('csl_not_a_style', `cslFile's <style> is not in the CSL namespace (${CSL_NAMESPACE})`);
  if (prefix === '' && !('bibliography' in r)) throw new CslFileError('csl_no_bibliography', 'cslFile has no <bibliography> element, so it cannot render a reference list');
  const head = styleHeader(xml);
  const rawId = /<id>([^<]*)<\/id>/.exec(xml)?.[1]?.trim() ?? '';
  const id = rawId.replace(/^https?:\/\/www\.zotero\.org\/styles\//, '') || 'uploaded-style';
  const key = `upload:${sha256Hex(bytes)}`;
  try {
    // a fresh engine, not cached: the check runs once per distinct file (callers cache the result)
    const out = new Renderer(xml).render([SAMPLE]);
    if (!out.get('sample')?.text) throw new Error('the style rendered nothing for a journal article');
  } catch (err) {
    const why = err instanceof Error ? err.message.split('\n')[0].slice(0, 200) : 'unknown error';
    throw new CslFileError('csl_rejected_by_processor', `cslFile is not a usable CSL style: ${why}`);
  }
  return { key, id, title: head.title || id, family: head.family ?? 'author-date', xml };
}


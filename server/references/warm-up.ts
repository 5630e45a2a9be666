// The reference reader's first calls in a process are slow: its patterns are compiled and its code optimised on
// first use. In the service the resolver reads references on the service thread, and the first /hyperlink-crossref
// of a fresh process stalled it about 110 ms (5 references; bench:abuse style-stall's worst /healthz, 125-132 ms at
// load 0.5). Reading a few entries of the common forms once at start moves that cost before the port is opened.
import { readReference, type ReferenceRecord } from './record.ts';

const WARM_UP_SAMPLES = [
  '1. Smith JA, Jones BC, Lee D. Cell division in ciliated protozoa. J Cell Biol. 2019;12(3):45–67. doi:10.1083/jcb.201901234',
  'Smith, J. A., Jones, B. C., & Lee, D. (2019). Cell division in ciliated protozoa. Journal of Cell Biology, 12(3), 45–67. https://doi.org/10.1083/jcb.201901234',
  '[3] J. A. Smith and B. C. Jones, “Cell division in ciliated protozoa,” IEEE Trans. Biol., vol. 12, no. 3, pp. 45–67, Mar. 2019.',
  'Smith, John A., Brian C. Jones, and Dana Lee. 2019. “Cell Division in Ciliated Protozoa.” Journal of Cell Biology 12 (3): 45–67.',
  'SMITH, J. A.; JONES, B. C. Divisão celular em protozoários ciliados. Revista de Biologia, v. 12, n. 3, p. 45-67, 2019.',
];

/** What a warm-up took, and how many of its samples the reader read whole (authors, year, title and container): fewer
 * than all means a change to the reader left some of its paths out of the warm-up. */
interface WarmUp {
  ms: number;
  samples: number;
  readWhole: number;
}

/** A reading with at least two authors, the year, a title and a container: every path the samples are there for. */
function readWhole(record: ReferenceRecord): boolean {
  const { item } = record;
  const issued = item.issued && 'date-parts' in item.issued ? item.issued['date-parts'] : [];
  return (item.author?.length ?? 0) >= 2 && issued[0]?.[0] !== undefined && !!item.title && !!item['container-title'];
}

/** Reads the samples twice (compile, then optimise). */
export function warmUpReferenceReader(): WarmUp {
  const started = performance.now();
  let last: ReferenceRecord[] = [];
  for (let round = 0; round < 2; round++) last = WARM_UP_SAMPLES.map((text) => readReference(text));
  return { ms: performance.now() - started, samples: WARM_UP_SAMPLES.length, readWhole: last.filter(readWhole).length };
}

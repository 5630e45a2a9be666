// DOI normalisation for "link to DOI only": the project's one normaliser (shared/doi.ts).
export { normaliseDoi as normalizeDoi } from '../../shared/doi.ts';

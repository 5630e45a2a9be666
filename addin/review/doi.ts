// DOI normalisation for "link to DOI only": accepts bare DOIs, doi: prefixes and doi.org URLs.

const DOI_SHAPE = /^10\.\d{4,9}\/\S+$/;

/** Returns the bare, trimmed DOI (e.g. 10.1371/journal.pone.0117949) or null when the text is not a DOI. */
export function normalizeDoi(input: string): string | null {
  let s = input.trim();
  s = s.replace(/^(?:https?:\/\/)?(?:dx\.)?doi\.org\//i, '');
  s = s.replace(/^doi:\s*/i, '');
  s = s.replace(/[.,;]+$/, '');
  try {
    if (/%[0-9A-Fa-f]{2}/.test(s)) s = decodeURIComponent(s);
  } catch {
    return null;
  }
  return DOI_SHAPE.test(s) ? s : null;
}

// Text folding shared by reference parsing, matching and the fake registry: accents dropped,
// ß → ss, Greek letters spelled out, lower-case ASCII alphanumeric tokens.

const GREEK: Record<string, string> = {
  α: 'alpha', β: 'beta', γ: 'gamma', δ: 'delta', ε: 'epsilon', ζ: 'zeta', η: 'eta', θ: 'theta', ι: 'iota', κ: 'kappa',
  λ: 'lambda', μ: 'mu', ν: 'nu', ξ: 'xi', ο: 'omicron', π: 'pi', ρ: 'rho', σ: 'sigma', ς: 'sigma', τ: 'tau', υ: 'upsilon',
  φ: 'phi', χ: 'chi', ψ: 'psi', ω: 'omega', µ: 'mu',
};
const SPECIAL: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', đ: 'd', ð: 'd', þ: 'th', ł: 'l', ı: 'i' };

/** Unidecode-like folding: lower case, accents dropped, ß → ss, α → alpha; other characters kept. */
export function fold(text: string): string {
  return text
    .toLowerCase()
    .replace(/[α-ωµς]/g, (c) => ` ${GREEK[c] ?? c} `)
    .replace(/[ßæœøđðþłı]/g, (c) => SPECIAL[c] ?? c)
    .normalize('NFKD')
    .replace(/\p{M}/gu, '');
}

/** Lower-case ASCII alphanumeric runs of the folded text. */
export function tokens(text: string): string[] {
  return fold(text).match(/[a-z0-9]+/g) ?? [];
}

/** Markup the registry leaves in titles (<i>, <sub>, <scp>) and entities, removed. */
export function stripMarkup(text: string): string {
  return text.replace(/<\/?[a-z][a-z0-9:-]*(?:\s[^<>]*)?>/gi, '').replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;|&apos;/g, "'");
}

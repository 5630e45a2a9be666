// Author names: normalised keys for comparing a surname typed in a citation with the surname printed
// in a reference ("Español–Suñer" = "Espanol-Suner", "van Ittersum" = "Ittersum"), and acronyms for
// corporate authors ("WHO" = "World Health Organization").

/** Lower-case name particles that may precede a surname (van, de, von, ...). */
export const PARTICLES = new Set([
  'van', 'von', 'der', 'den', 'de', 'del', 'della', 'degli', 'di', 'da', 'dos', 'das', 'do', 'du', 'la', 'le',
  'ten', 'ter', 'zu', 'zur', 'y', 'e', 'el', 'al', 'bin', 'ibn', 'mac', 'st', "d'", "dell'",
]);

/** Folds diacritics, case, spaces and punctuation: "Español–Suñer" → "espanolsuner". */
export function nameKey(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/[^\p{L}\p{N}]/gu, '');
}

/** The key without leading lower-case particles: "van Ittersum" → "ittersum". */
function nameKeyNoParticles(name: string): string {
  const words = name.trim().split(/\s+/);
  let i = 0;
  while (i < words.length - 1 && PARTICLES.has(words[i]!.toLowerCase().replace(/’/g, "'"))) i++;
  return nameKey(words.slice(i).join(' '));
}

const ACRONYM_STOP = new Set(['of', 'for', 'and', 'the', 'on', 'in', '&', 'de', 'des', 'du', 'la', 'le', 'et']);

/** Acronym of a corporate name of three or more words: "World Health Organization" → "who". */
export function acronym(name: string): string | null {
  const words = name.split(/[\s\-–]+/).filter((w) => w && !ACRONYM_STOP.has(w.toLowerCase()));
  if (words.length < 2) return null;
  if (!words.every((w) => /^\p{Lu}/u.test(w))) return null;
  return words.map((w) => w[0]!.toLowerCase()).join('');
}

const GENERATIONAL = /[,\s]+(?:Jr|Sr|II|III|IV)\.?$/i;

/**
 * All keys under which a surname can be found: as written (diacritics folded), without particles, without
 * a generational suffix ("Smith Jr" = "Smith"), and for double or hyphenated surnames also the first
 * part ("García-López" and "García López" are found as "García" too).
 */
export function nameKeys(name: string): string[] {
  const keys = new Set<string>();
  const base = name.replace(GENERATIONAL, '').trim() || name;
  for (const n of base === name ? [name] : [name, base]) {
    const k = nameKey(n);
    if (k) keys.add(k);
    const np = nameKeyNoParticles(n);
    if (np) keys.add(np);
  }
  const parts = base.split(/[\s\-–‐]+/).filter((w) => /^\p{Lu}/u.test(w));
  if (parts.length >= 2 && parts.length === base.split(/[\s\-–‐]+/).length) keys.add(nameKey(parts[0]!));
  return [...keys];
}

/** Words folded as nameKey folds a name: "“Zárate, R., Dirks" → ["zarate", "r", "dirks"]. */
export function foldedWords(text: string): string[] {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** Words that stand for "no author" in a citation: "(Anon, 2004)", "(Anonymous 1998)". */
export function isAnonymous(name: string): boolean {
  return /^(?:anon(?:ymous)?|anonym|o\.\s?v\.|no author)\.?$/i.test(name.trim());
}

/** Whether two words differ by one inserted, deleted or replaced letter ("costal" and "costa"). */
export function oneEditApart(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1 || a === b) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length) return a.slice(i + 1) === b.slice(i + 1);
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

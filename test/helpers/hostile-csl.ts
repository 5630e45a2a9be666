// Hostile CSL styles of issue 24 (item 1), small files that cost a naive checker everything: macros that call
// each other twice, `depth` deep (2^depth expansions per entry), a macro that calls itself, elements nested
// tens of thousands deep. Used by the CSL tests and by `npm run bench:abuse`.

const HEAD = '<?xml version="1.0" encoding="utf-8"?>\n<style xmlns="http://purl.org/net/xbiblio/csl" class="in-text" version="1.0"><info><title>Hostile</title><id>hostile</id><updated>2026-01-01T00:00:00+00:00</updated></info>';
const LAYOUTS = (macro: string): string => `<citation><layout><text macro="${macro}"/></layout></citation><bibliography><layout><text macro="${macro}"/></layout></bibliography></style>`;

/** Macros m0 … m{depth}: each calls the next twice (2^depth renders of the title per entry). A distinct `salt`
 * makes a distinct file (caches keyed by the file's hash do not help). */
export function fanOutCsl(depth = 40, salt = ''): string {
  let xml = HEAD.replace('<id>hostile</id>', `<id>hostile-fan-out${salt}</id>`);
  for (let i = 0; i < depth; i++) xml += `<macro name="m${i}"><group delimiter=" "><text macro="m${i + 1}"/><text macro="m${i + 1}"/></group></macro>`;
  return `${xml}<macro name="m${depth}"><text variable="title"/></macro>${LAYOUTS('m0')}`;
}

/** Two macros calling each other. */
export function recursiveCsl(): string {
  return `${HEAD}<macro name="a"><text macro="b"/></macro><macro name="b"><group><text variable="title"/><text macro="a"/></group></macro>${LAYOUTS('a')}`;
}

/** A bibliography layout with elements nested `depth` deep (one-letter names: 30,000 levels fit in 256 KB). */
export function deepCsl(depth = 30_000): string {
  return `${HEAD}<citation><layout><text variable="title"/></layout></citation><bibliography><layout>${'<g>'.repeat(depth)}<text variable="title"/>${'</g>'.repeat(depth)}</layout></bibliography></style>`;
}

/** `count` macros, each rendering the title once, all called from the layout. */
export function manyMacrosCsl(count: number): string {
  let xml = HEAD;
  for (let i = 0; i < count; i++) xml += `<macro name="m${i}"><text variable="title"/></macro>`;
  return `${xml}<citation><layout><text macro="m0"/></layout></citation><bibliography><layout><text macro="m0"/></layout></bibliography></style>`;
}

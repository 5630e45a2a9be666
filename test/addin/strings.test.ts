// Every word the pane shows lives in addin/strings.ts (issue 12, item 13: ready for localisation).
// A scan of the components' sources: no JSX text node with letters (`>Some words<`) and no string
// literal with letters in a user-visible attribute (aria-label, placeholder, label, title, alt).
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';

const DIR = new URL('../../addin/components/', import.meta.url).pathname;
const ATTRS = ['aria-label', 'placeholder', 'label', 'title', 'alt', 'hint', 'validationMessage'];

/** The source without comments, `=>` arrows and `${…}` interpolations (so `>` and `<` are JSX's). */
function clean(src: string): string {
  return src
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:'"`])\/\/.*$/gm, '$1')
    .replace(/\{\/\*[\s\S]*?\*\/\}/g, '')
    .replace(/=>/g, '=')
    .replace(/\$\{[^}]*\}/g, '');
}

const hasLetters = (s: string) => /\p{L}/u.test(s);

const STRING_LITERAL = /(['"`])((?:(?!\1)[^\\]|\\.)*)\1/g;

/** Literal user-visible text in a component's source: JSX text with letters and string literals with letters in JSX children or user-visible attributes. */
export function literalTexts(src: string): string[] {
  const code = clean(src);
  const found: string[] = [];
  // JSX text: between the end of a tag and the start of the next one, around {expressions}, with no code in it.
  for (const m of code.matchAll(/>((?:[^<>{}=;]|\{[^{}<>]*\})*)<(?=[/A-Za-z])/g)) {
    const text = m[1]!.replace(/\{[^{}]*\}/g, ' ');
    if (hasLetters(text)) found.push(text.replace(/\s+/g, ' ').trim());
  }
  // A string literal as a JSX child: >{'Some words'}, }{`Some words`}.
  for (const m of code.matchAll(/[>}]\s*\{\s*(['"`])((?:(?!\1)[^\\]|\\.)*)\1\s*\}/g)) {
    if (hasLetters(m[2]!)) found.push(m[2]!.trim());
  }
  for (const attr of ATTRS) {
    for (const m of code.matchAll(new RegExp(`\\s${attr}="([^"]*)"`, 'g'))) if (hasLetters(m[1]!)) found.push(`${attr}="${m[1]}"`);
    for (const m of code.matchAll(new RegExp(`\\s${attr}=\\{([^{}]*)\\}`, 'g'))) {
      for (const lit of m[1]!.matchAll(STRING_LITERAL)) if (hasLetters(lit[2]!)) found.push(`${attr}="${lit[2]}"`);
    }
  }
  return found;
}

test('the scan finds literal text and labels, and lets S.… and symbols through', () => {
  assert.deepEqual(literalTexts('<Text size={200}>No references to resolve.</Text>'), ['No references to resolve.']);
  assert.deepEqual(literalTexts('<Button>\n  Approve\n</Button>'), ['Approve']);
  assert.deepEqual(literalTexts('<section aria-label="Crossref DOIs">'), ['aria-label="Crossref DOIs"']);
  assert.deepEqual(literalTexts('<input aria-label={`${label} picker`} />'), ['aria-label=" picker"']);
  assert.deepEqual(literalTexts("<Input placeholder={'or type a DOI'} />"), ['placeholder="or type a DOI"']);
  assert.deepEqual(literalTexts('<Text>\n  Crossref DOIs{counts ? `: ${n} ready` : \'\'}\n</Text>'), ['Crossref DOIs']);
  assert.deepEqual(literalTexts('<Text>{percent}% match</Text>'), ['% match']);
  assert.deepEqual(literalTexts('<Text block>\n  {`The preview could not be made: ${m}`}\n</Text>'), ['The preview could not be made:']);
  assert.deepEqual(literalTexts("<Checkbox label={chosen ? `Rewrite in ${t}` : 'Choose a style'} />"), ['label="Rewrite in "', 'label="Choose a style"']);
  assert.deepEqual(literalTexts('<Text>{S.resolver.none}</Text><Text>→ {x}</Text><Text>{\' \'}</Text><img alt="" />'), []);
  assert.deepEqual(literalTexts('const f = (a: number) => a < 3 && b > 2; // Some words <here>'), []);
});

test('no component under addin/components writes user-visible text inline: it belongs in addin/strings.ts', () => {
  const files = readdirSync(DIR).filter((f) => f.endsWith('.tsx'));
  assert.ok(files.length > 10, 'the components were found');
  const offenders = files.flatMap((f) => literalTexts(readFileSync(join(DIR, f), 'utf8')).map((t) => `${f}: ${t}`));
  assert.deepEqual(offenders, []);
});

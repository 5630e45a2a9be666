// Manuscript checks of a small manuscript built in the test (the scan packet's `checks`), and a numbered
// reference list the check tests share.
import type { CheckFinding } from '../../shared/contract.ts';
import { scan } from '../../server/engine/index.ts';
import { SETTINGS_DEFAULTS } from '../../shared/settings-values.ts';
import { buildDocx, p } from './docx-builder.ts';

export async function checksOf(paragraphs: string[]): Promise<CheckFinding[]> {
  return scan(await buildDocx({ body: paragraphs.join('') }), { ...SETTINGS_DEFAULTS }).checks ?? [];
}

/** A four-entry numbered list under a References heading. */
export const NUMBERED_LIST = [
  p('References', 'Heading1'),
  p('1. Smith J, Jones K, Brown L (2018) A title of a work. J Biol 3: 1-5.'),
  p('2. Doe A (2017) Another title of some length. Nature 1: 2-3.'),
  p('3. Roe B (2016) Third one in the list. Cell 2: 3-4.'),
  p('4. Poe C (2015) Fourth one in the list. Cell 2: 3-4.'),
];

import { test } from 'node:test';
import assert from 'node:assert/strict';

test('a superscript citation right after a DOI is not swallowed by it', async () => {
  const { buildDocx, r, SUP } = await import('../../../helpers/docx-builder.ts');
  const { openDocx } = await import('../../../../server/engine/package/docx.ts');
  const { buildModel } = await import('../../../../server/engine/model/document.ts');
  const { detectDois } = await import('../../../../server/engine/detect/dois.ts');
  const { parseSettings } = await import('../../../../shared/settings.ts');
  const model = buildModel(openDocx(await buildDocx({ body: `<w:p>${r('Data: https://doi.org/10.6084/m9.figshare.1234567.v2')}${r('18', SUP)}${r(' and doi:10.1000/xyz.')}${r('3', SUP)}</w:p>` })));
  const dois = detectDois({ model, settings: parseSettings({ doi: true }) }).map((d) => [d.paragraph.text.slice(d.start, d.end), d.doi]);
  assert.deepEqual(dois, [['https://doi.org/10.6084/m9.figshare.1234567.v2', '10.6084/m9.figshare.1234567.v2'], ['10.1000/xyz', '10.1000/xyz']]);
});

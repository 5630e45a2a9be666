// Which field results are held from linking, by the field's type.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fieldType, holdForField } from '../../../../server/engine/model/field-hold.ts';

test('holdForField and fieldType: how each field type\'s result is held', () => {
  const rows: Array<[string, string, string | undefined]> = [
    [' HYPERLINK "https://x.org" ', 'HYPERLINK', 'existing-hyperlink'],
    ['REF _Ref1 \\h', 'REF', 'existing-cross-reference'],
    ['pageref _Ref1', 'PAGEREF', 'existing-cross-reference'],
    ['NOTEREF _Ref2 \\f', 'NOTEREF', 'existing-cross-reference'],
    ['ADDIN EN.CITE <EndNote>', 'ADDIN', 'citation-manager-field'],
    ['ADDIN Mendeley Citation{x}', 'ADDIN', 'citation-manager-field'],
    ['CITATION Smi20 \\l 1033', 'CITATION', 'citation-manager-field'],
    ['BIBLIOGRAPHY', 'BIBLIOGRAPHY', 'citation-manager-field'],
    ['ADDIN something.else', 'ADDIN', 'field-result'],
    ['TOC \\o "1-3"', 'TOC', 'field-result'],
    ['SEQ Figure \\* ARABIC', 'SEQ', undefined],
    ['PAGE', 'PAGE', undefined],
    ['', '', undefined],
  ];
  for (const [instruction, type, hold] of rows) {
    assert.equal(fieldType(instruction), type, instruction);
    assert.equal(holdForField(instruction), hold, instruction);
  }
});

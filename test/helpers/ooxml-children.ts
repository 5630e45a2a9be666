// The children ECMA-376 (transitional wml.xsd) allows in the inline containers the linker writes into or
// around: tracked changes (CT_RunTrackChange: w:ins, w:del, w:moveTo, w:moveFrom) and links (CT_Hyperlink).
// No OOXML schema can be installed from the npm registry or Debian here, so tests check the output's
// structure against these lists instead of validating it with xmllint.

import { openDocx } from '../../server/engine/package/docx.ts';
import { childrenOf, rootOf, tagOf, type XmlNode } from '../../server/engine/package/xml.ts';

/** EG_RunLevelElements: proofing, permissions, range markup, tracked changes and math. */
const RUN_LEVEL = [
  'w:proofErr', 'w:permStart', 'w:permEnd', 'w:bookmarkStart', 'w:bookmarkEnd', 'w:moveFromRangeStart', 'w:moveFromRangeEnd',
  'w:moveToRangeStart', 'w:moveToRangeEnd', 'w:commentRangeStart', 'w:commentRangeEnd', 'w:customXmlInsRangeStart',
  'w:customXmlInsRangeEnd', 'w:customXmlDelRangeStart', 'w:customXmlDelRangeEnd', 'w:customXmlMoveFromRangeStart',
  'w:customXmlMoveFromRangeEnd', 'w:customXmlMoveToRangeStart', 'w:customXmlMoveToRangeEnd', 'w:ins', 'w:del', 'w:moveFrom',
  'w:moveTo', 'm:oMathPara', 'm:oMath',
];
/** EG_ContentRunContent: what a tracked change may hold (plus math, by CT_RunTrackChange's own choice). */
const CONTENT_RUN = ['w:customXml', 'w:smartTag', 'w:sdt', 'w:dir', 'w:bdo', 'w:r', ...RUN_LEVEL];
/** EG_PContent: what a paragraph and a hyperlink may hold. */
const P_CONTENT = [...CONTENT_RUN, 'w:fldSimple', 'w:hyperlink', 'w:subDoc'];

const MATH_RUN = ['m:acc', 'm:bar', 'm:box', 'm:borderBox', 'm:d', 'm:eqArr', 'm:f', 'm:func', 'm:groupChr', 'm:limLow', 'm:limUpp',
  'm:m', 'm:nary', 'm:phant', 'm:rad', 'm:sPre', 'm:sSub', 'm:sSubSup', 'm:sSup', 'm:r'];

const ALLOWED_CHILDREN: Record<string, Set<string>> = {
  'w:ins': new Set([...CONTENT_RUN, ...MATH_RUN]),
  'w:del': new Set([...CONTENT_RUN, ...MATH_RUN]),
  'w:moveTo': new Set([...CONTENT_RUN, ...MATH_RUN]),
  'w:moveFrom': new Set([...CONTENT_RUN, ...MATH_RUN]),
  'w:hyperlink': new Set(P_CONTENT),
};

/** Every child the lists above do not allow, as "parent > child" paths, in a part of a package. */
export function disallowedChildren(docx: Uint8Array, part = 'word/document.xml'): string[] {
  const out: string[] = [];
  const walk = (n: XmlNode, insideParagraph: boolean) => {
    const t = tagOf(n);
    if (t === undefined) return;
    const allowed = insideParagraph ? ALLOWED_CHILDREN[t] : undefined;
    for (const c of childrenOf(n)) {
      const ct = tagOf(c);
      if (ct === undefined) continue;
      if (allowed && !allowed.has(ct)) out.push(`${t} > ${ct}`);
      walk(c, insideParagraph || t === 'w:p');
    }
  };
  walk(rootOf(openDocx(docx).xml(part)), false);
  return out;
}

// The body of the synthetic manuscript (word/document.xml) and its footnotes.

import type { Rng } from './prng.ts';
import { DOC_NS } from './parts.ts';
import { fragmentedRuns, paragraphText, referenceText, type Counts, type RunState } from './text.ts';

export interface BodyOptions {
  pages: number;
  references: number;
  /** Mean characters per run: smaller means more fragmentation and a bigger document.xml. */
  meanRun: number;
}

export interface Body {
  documentXml: string;
  footnotes: string[];
  figures: number;
  tables: number;
  equations: number;
  paragraphs: number;
}

const EMU_W = 5486400;

function drawing(id: number, width: number, height: number): string {
  const cy = Math.round((EMU_W * height) / width);
  return (
    `<w:r><w:rPr><w:noProof/></w:rPr><w:drawing><wp:inline distT="0" distB="0" distL="0" distR="0"><wp:extent cx="${EMU_W}" cy="${cy}"/>` +
    `<wp:effectExtent l="0" t="0" r="0" b="0"/><wp:docPr id="${id}" name="Picture ${id}"/><wp:cNvGraphicFramePr>` +
    `<a:graphicFrameLocks xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" noChangeAspect="1"/></wp:cNvGraphicFramePr>` +
    `<a:graphic xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture">` +
    `<pic:pic xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:nvPicPr><pic:cNvPr id="${id}" name="image${id}.png"/><pic:cNvPicPr/></pic:nvPicPr>` +
    `<pic:blipFill><a:blip r:embed="rIdImg${id}"/><a:stretch><a:fillRect/></a:stretch></pic:blipFill>` +
    `<pic:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="${EMU_W}" cy="${cy}"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></pic:spPr>` +
    `</pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r>`
  );
}

export function buildBody(rng: Rng, st: RunState, o: BodyOptions, imageSize: (k: number) => { width: number; height: number }): Body {
  const out: string[] = [];
  const footnotes: string[] = [];
  let paragraphs = 0;
  const pOpen = (pPr: string) => {
    paragraphs++;
    return `<w:p w:rsidR="${rng.pick(st.rsids)}" w:rsidRDefault="${rng.pick(st.rsids)}" w:rsidP="${rng.pick(st.rsids)}"><w:pPr>${pPr}</w:pPr>`;
  };
  const para = (pPr: string, inner: string) => out.push(`${pOpen(pPr)}${inner}</w:p>`);
  const bodyPPr = '<w:spacing w:line="276" w:lineRule="auto"/><w:jc w:val="both"/>';

  // Outline: S top sections x 3 subsections x 2 sub-subsections; pages spread over the leaves.
  const topSections = Math.max(2, Math.round(o.pages / 25));
  const sectionLabels: string[] = [];
  for (let s = 1; s <= topSections; s++) for (let j = 1; j <= 3; j++) sectionLabels.push(`${s}.${j}`);
  const figures = Math.max(1, Math.round(o.pages / 2));
  const tables = Math.max(1, Math.round(o.pages / 5));
  const equations = Math.max(1, o.pages);
  const counts: Counts = { references: o.references, figures, tables, equations, sections: sectionLabels };
  const done = { figures: 0, tables: 0, equations: 0 };
  const leaves = topSections * 6;
  const pagesPerLeaf = o.pages / leaves;
  let pageDebt = 0;
  let pagesDone = 0;

  para('<w:pStyle w:val="Title"/>', fragmentedRuns(rng, st, 'A synthetic manuscript for measuring the speed of cross-reference detection', '', o.meanRun));
  para('', fragmentedRuns(rng, st, 'A. Author, B. Author, C. Author', '', o.meanRun));
  para('<w:pStyle w:val="Heading1"/>', fragmentedRuns(rng, st, 'Abstract', '', o.meanRun));
  para(bodyPPr, fragmentedRuns(rng, st, paragraphText(rng, counts, done, 6), '', o.meanRun));

  for (let s = 1; s <= topSections; s++) {
    para('<w:pStyle w:val="Heading1"/>', fragmentedRuns(rng, st, `${s}. ${paragraphText(rng, counts, done, 1).split(' ').slice(0, 4).join(' ')}`, '', o.meanRun));
    for (let j = 1; j <= 3; j++) {
      para('<w:pStyle w:val="Heading2"/>', fragmentedRuns(rng, st, `${s}.${j} Results on ${rng.pick(['cells', 'models', 'samples', 'networks'])}`, '', o.meanRun));
      for (let i = 1; i <= 2; i++) {
        para('<w:pStyle w:val="Heading3"/>', fragmentedRuns(rng, st, `${s}.${j}.${i} Analysis of ${rng.pick(['variance', 'growth', 'binding', 'dynamics'])}`, '', o.meanRun));
        pageDebt += pagesPerLeaf;
        while (pageDebt >= 1) {
          pageDebt -= 1;
          pagesDone++;
          emitPage();
        }
      }
    }
  }
  while (pagesDone < o.pages) {
    pagesDone++;
    emitPage();
  }

  function emitPage(): void {
    for (let k = 0; k < 4; k++) {
      let inner = fragmentedRuns(rng, st, paragraphText(rng, counts, done, rng.int(4, 6)), '', o.meanRun);
      if (k === 1 && pagesDone % 10 === 0) {
        const id = footnotes.length + 1;
        footnotes.push(fragmentedRuns(rng, st, paragraphText(rng, counts, done, 1), '', o.meanRun));
        inner += `<w:r><w:rPr><w:rStyle w:val="FootnoteReference"/></w:rPr><w:footnoteReference w:id="${id}"/></w:r>`;
      }
      para(bodyPPr, inner);
      if (k === 2 && pagesDone % 7 === 0) {
        for (let li = 0; li < 3; li++) {
          para('<w:pStyle w:val="ListParagraph"/><w:numPr><w:ilvl w:val="0"/><w:numId w:val="1"/></w:numPr>', fragmentedRuns(rng, st, paragraphText(rng, counts, done, 1), '', o.meanRun));
        }
      }
    }
    if (done.equations < equations) {
      done.equations++;
      const eq = `E_${done.equations} = \u03b1 x^2 + \u03b2 \u2211 y_i / (1 + \u03b3 t)`;
      para(
        '<w:tabs><w:tab w:val="center" w:pos="4680"/><w:tab w:val="right" w:pos="9360"/></w:tabs>',
        `<w:r><w:tab/></w:r>${fragmentedRuns(rng, st, eq, '', o.meanRun)}<w:r><w:tab/></w:r><w:r><w:t>(${done.equations})</w:t></w:r>`,
      );
    }
    if (pagesDone % 2 === 0 && done.figures < figures) {
      done.figures++;
      const { width, height } = imageSize(done.figures);
      para('<w:keepNext/><w:jc w:val="center"/>', drawing(done.figures, width, height));
      para('<w:pStyle w:val="Caption"/>', fragmentedRuns(rng, st, `Figure ${done.figures}. ${paragraphText(rng, counts, done, 2)}`, '', o.meanRun));
    }
    if (pagesDone % 5 === 0 && done.tables < tables) {
      done.tables++;
      para('<w:pStyle w:val="Caption"/><w:keepNext/>', fragmentedRuns(rng, st, `Table ${done.tables}. ${paragraphText(rng, counts, done, 1)}`, '', o.meanRun));
      out.push(table(rng, st, o.meanRun, () => paragraphs++));
    }
  }

  para('<w:pStyle w:val="Heading1"/>', fragmentedRuns(rng, st, 'References', '', o.meanRun));
  for (let n = 1; n <= o.references; n++) {
    para('<w:ind w:left="454" w:hanging="454"/><w:spacing w:after="60"/>', fragmentedRuns(rng, st, referenceText(rng, n), '', o.meanRun));
  }
  out.push(
    '<w:sectPr><w:footnotePr><w:numFmt w:val="decimal"/></w:footnotePr><w:pgSz w:w="12240" w:h="15840"/>' +
      '<w:pgMar w:top="1440" w:right="1440" w:bottom="1440" w:left="1440" w:header="720" w:footer="720" w:gutter="0"/><w:cols w:space="720"/></w:sectPr>',
  );
  const documentXml =
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n' + `<w:document ${DOC_NS}><w:body>${out.join('')}</w:body></w:document>`;
  return { documentXml, footnotes, figures: done.figures, tables: done.tables, equations: done.equations, paragraphs };
}

function table(rng: Rng, st: RunState, meanRun: number, countParagraph: () => void): string {
  const cols = 4;
  const rows: string[] = [];
  for (let r = 0; r < 6; r++) {
    const cells: string[] = [];
    for (let c = 0; c < cols; c++) {
      countParagraph();
      const text = r === 0 ? ['Condition', 'Mean', 'SD', 'n'][c]! : c === 0 ? `Group ${r}` : (rng.next() * 100).toFixed(2);
      const runs = r === 0 ? fragmentedRuns(rng, st, text, '<w:b/>', meanRun) : fragmentedRuns(rng, st, text, '', meanRun);
      cells.push(`<w:tc><w:tcPr><w:tcW w:w="2340" w:type="dxa"/></w:tcPr><w:p><w:pPr><w:spacing w:after="0"/></w:pPr>${runs}</w:p></w:tc>`);
    }
    rows.push(`<w:tr>${cells.join('')}</w:tr>`);
  }
  const grid = `<w:tblGrid>${'<w:gridCol w:w="2340"/>'.repeat(cols)}</w:tblGrid>`;
  return `<w:tbl><w:tblPr><w:tblStyle w:val="TableGrid"/><w:tblW w:w="0" w:type="auto"/><w:tblLook w:val="04A0"/></w:tblPr>${grid}${rows.join('')}</w:tbl>`;
}

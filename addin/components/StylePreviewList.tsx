// The preview of the bibliography rewrite: the first reference entries as written and as the chosen
// style writes them (POST /hyperlink-style-preview), shown before the author approves the rewrite.
// The formatted entry is built from parsed pieces as React elements (never as the server's HTML).
import { Spinner, Text } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import type { StylePreview } from '../../shared/contract.ts';
import { parsePreviewHtml, type FormattedPiece } from '../review/preview-html.ts';
import { S } from '../strings.ts';

export type PreviewState =
  | { status: 'idle' }
  | { status: 'loading'; styleTitle: string }
  | { status: 'error'; message: string }
  | { status: 'ready'; preview: StylePreview };

function pieceNode(p: FormattedPiece, key: number): ReactNode {
  let node: ReactNode = p.text;
  if (p.smallCaps) node = <span style={{ fontVariant: 'small-caps' }}>{node}</span>;
  if (p.superscript) node = <sup>{node}</sup>;
  else if (p.subscript) node = <sub>{node}</sub>;
  if (p.bold) node = <b>{node}</b>;
  if (p.italic) node = <i>{node}</i>;
  return <span key={key}>{node}</span>;
}

/** afterHtml as React elements: only italic, bold, super-/subscript and small caps survive, as formatting. */
function FormattedEntry({ html }: { html: string }) {
  return <>{parsePreviewHtml(html).map(pieceNode)}</>;
}

export function StylePreviewList({ state }: { state: PreviewState }) {
  if (state.status === 'idle') return null;
  if (state.status === 'loading') return <Spinner size="tiny" label={S.style.previewLoading(state.styleTitle)} data-testid="style-preview-loading" />;
  if (state.status === 'error') {
    return (
      <Text size={200} block data-testid="style-preview-error">
        {S.style.previewFailed(state.message)}
      </Text>
    );
  }
  const { preview } = state;
  // An entry that blocks a refused rewrite is listed below with what it lacks: said once, there.
  const blocking = new Set(preview.bibRewrite?.outcome === 'refused' ? preview.bibRewrite.entries.map((e) => e.refId) : []);
  if (preview.entries.length === 0) return <Text size={200} block data-testid="style-preview-empty">{S.style.previewEmpty}</Text>;
  return (
    <section aria-label={S.style.previewLabel} data-testid="style-preview">
      <Text size={200} weight="semibold" block>
        {S.style.previewHeading(preview.entries.length, preview.total)}
      </Text>
      <ol className="style-preview-list">
        {preview.entries.map((e) => (
          <li key={e.refId} data-testid="style-preview-entry">
            <Text size={200} block className="style-preview-before">{S.style.before(e.before)}</Text>
            {e.rewritable ? (
              <Text size={200} block className="style-preview-after">→ <FormattedEntry html={e.afterHtml} /></Text>
            ) : (
              <Text size={200} block className="style-preview-kept">
                {blocking.has(e.refId) ? S.style.keptBlocks : S.style.kept(e.warning === undefined ? e.warning : S.reason(e.warning, e.warningCode))}
              </Text>
            )}
          </li>
        ))}
      </ol>
      {(preview.warnings ?? []).map((w, i) => (
        <Text size={100} block key={`${i}:${w}`}>{S.reason(w, preview.warningCodes?.[i])}</Text>
      ))}
      {preview.bibRewrite?.outcome === 'refused' && preview.bibRewrite.entries.length > 0 && (
        <section aria-label={S.style.blockingHeading} data-testid="style-preview-blocking">
          <Text size={100} weight="semibold" block>{S.style.blockingHeading}</Text>
          <ul className="style-preview-blocking">
            {preview.bibRewrite.entries.map((e) => (
              <li key={e.refId} data-testid="style-preview-blocking-entry"><Text size={100}>{S.style.blocking(e)}</Text></li>
            ))}
          </ul>
        </section>
      )}
    </section>
  );
}

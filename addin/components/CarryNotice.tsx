// The document changed during review: what was carried over to the new scan, what was not, and the
// new mentions in text added or changed since the scan (offered for review before anything is written).
// Each is quoted with its sentence, not the bare number.
import { MessageBar, MessageBarBody, Text } from '@fluentui/react-components';
import type { ReviewMatch } from '../../shared/contract.ts';
import type { CarryResult } from '../review/carry-over.ts';
import { sentenceOf } from '../review/sentence.ts';
import type { CarrySource } from '../workflow/use-workflow.ts';
import { S } from '../strings.ts';

const SHOWN = 20;

function carriedText(carry: CarryResult, source: CarrySource): string {
  if (source === 'resume-same') return S.resume.same(carry.carried);
  return source === 'resume-changed' ? S.resume.changed(carry.carried) : S.apply.carried(carry.carried);
}

const kindOf = (m: ReviewMatch) => S.review.kindSingular[m.kind] ?? m.kind;

function Added({ added, onSelect }: { added: ReviewMatch[]; onSelect?: (m: ReviewMatch) => void }) {
  return (
    <MessageBar intent="warning" layout="multiline" data-testid="added-matches">
      <MessageBarBody>
        {S.apply.added(added.length)}
        <ul className="not-carried">
          {added.slice(0, SHOWN).map((m) => (
            <li key={m.refId}>
              {onSelect ? (
                <button type="button" className="link-button" data-refid={m.refId} onClick={() => onSelect(m)}>
                  {S.apply.addedItem(kindOf(m), sentenceOf(m))}
                </button>
              ) : (
                <Text size={200}>{S.apply.addedItem(kindOf(m), sentenceOf(m))}</Text>
              )}
            </li>
          ))}
        </ul>
      </MessageBarBody>
    </MessageBar>
  );
}

export function CarryNotice({ carry, source = 'apply', onSelect }: { carry: CarryResult; source?: CarrySource; onSelect?: (m: ReviewMatch) => void }) {
  const { added } = carry;
  const carriedPart =
    carry.notCarried.length === 0 ? (
      <MessageBar intent="info" data-testid="carried">
        <MessageBarBody>{carriedText(carry, source)}</MessageBarBody>
      </MessageBar>
    ) : (
      <MessageBar intent="warning" layout="multiline" data-testid="not-carried">
        <MessageBarBody>
          {source === 'apply' ? S.apply.notCarried(carry.notCarried.length) : S.resume.notCarried(carry.notCarried.length)}
          <ul className="not-carried">
            {carry.notCarried.slice(0, SHOWN).map(({ match, choice }) => (
              <li key={match.refId}>
                <Text size={200}>{S.apply.notCarriedItem(sentenceOf(match), kindOf(match), S.review.choiceLabel[choice.status] ?? choice.status)}</Text>
              </li>
            ))}
          </ul>
        </MessageBarBody>
      </MessageBar>
    );
  return (
    <>
      {carriedPart}
      {added.length > 0 && <Added added={added} onSelect={onSelect} />}
    </>
  );
}

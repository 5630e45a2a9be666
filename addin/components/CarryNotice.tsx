// The document changed during review: what was carried over to the new scan and what was not.
import { MessageBar, MessageBarBody, Text } from '@fluentui/react-components';
import type { CarryResult } from '../review/carry-over.ts';
import type { CarrySource } from '../workflow/use-workflow.ts';
import { S } from '../strings.ts';

function carriedText(carry: CarryResult, source: CarrySource): string {
  if (source === 'resume-same') return S.resume.same(carry.carried);
  return source === 'resume-changed' ? S.resume.changed(carry.carried) : S.apply.carried(carry.carried);
}

export function CarryNotice({ carry, source = 'apply' }: { carry: CarryResult; source?: CarrySource }) {
  if (carry.notCarried.length === 0) {
    return (
      <MessageBar intent="info" data-testid="carried">
        <MessageBarBody>{carriedText(carry, source)}</MessageBarBody>
      </MessageBar>
    );
  }
  return (
    <MessageBar intent="warning" layout="multiline" data-testid="not-carried">
      <MessageBarBody>
        {source === 'apply' ? S.apply.notCarried(carry.notCarried.length) : S.resume.notCarried(carry.notCarried.length)}
        <ul className="not-carried">
          {carry.notCarried.slice(0, 20).map(({ match, choice }) => (
            <li key={match.refId}>
              <Text size={200}>{S.apply.notCarriedItem(match.sourceText, match.kind, choice.status)}</Text>
            </li>
          ))}
        </ul>
      </MessageBarBody>
    </MessageBar>
  );
}

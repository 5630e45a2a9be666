// The document changed during review: what was carried over to the new scan and what was not.
import { MessageBar, MessageBarBody, Text } from '@fluentui/react-components';
import type { CarryResult } from '../review/carry-over.ts';
import { S } from '../strings.ts';

export function CarryNotice({ carry }: { carry: CarryResult }) {
  if (carry.notCarried.length === 0) {
    return (
      <MessageBar intent="info" data-testid="carried">
        <MessageBarBody>{S.apply.carried(carry.carried)}</MessageBarBody>
      </MessageBar>
    );
  }
  return (
    <MessageBar intent="warning" layout="multiline" data-testid="not-carried">
      <MessageBarBody>
        {S.apply.notCarried(carry.notCarried.length)}
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

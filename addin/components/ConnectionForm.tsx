// Service address and API key.
import { useState } from 'react';
import { Button, Field, Input, Text } from '@fluentui/react-components';
import type { ServiceConnection } from '../service-client.ts';
import { connectionProblems } from '../settings/connection.ts';

export function ConnectionForm({ connection, storeKind, onSave }: { connection: ServiceConnection; storeKind: string; onSave: (c: ServiceConnection) => void }) {
  const [draft, setDraft] = useState(connection);
  const problems = connectionProblems(draft);
  const ok = Object.keys(problems).length === 0;
  return (
    <form
      className="connection-form"
      onSubmit={(e) => {
        e.preventDefault();
        if (ok) onSave({ baseUrl: draft.baseUrl.trim(), apiKey: draft.apiKey.trim() });
      }}
    >
      <Field label="Service URL" size="small" validationMessage={problems.baseUrl} validationState={problems.baseUrl ? 'error' : 'none'}>
        <Input size="small" value={draft.baseUrl} onChange={(_, d) => setDraft({ ...draft, baseUrl: d.value })} data-field="serviceUrl" />
      </Field>
      <Field label="API key" size="small" validationMessage={problems.apiKey} validationState={problems.apiKey ? 'error' : 'none'}>
        <Input size="small" type="password" value={draft.apiKey} onChange={(_, d) => setDraft({ ...draft, apiKey: d.value })} data-field="apiKey" />
      </Field>
      <Text size={200} block>
        Stored in {storeKind === 'roaming' ? 'your Office roaming settings' : 'this browser (localStorage)'}, never in the document.
      </Text>
      <Button appearance="primary" type="submit" disabled={!ok}>
        Save connection
      </Button>
    </form>
  );
}

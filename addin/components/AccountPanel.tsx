// Account: the service address, then sign in with e-mail and password (the pane creates and keeps
// its own API key, never shown; Sign out revokes it), or paste an API key (API-only users).
import { memo, useState } from 'react';
import { Button, Field, Input, Link, MessageBar, MessageBarBody, Text } from '@fluentui/react-components';
import type { Account } from '../settings/account.ts';
import { signIn, signOut, signedOut } from '../settings/account.ts';
import { machineName } from '../settings/machine.ts';
import { ServiceError } from '../service-client.ts';
import { errorInWords } from '../workflow/error-text.ts';
import { S } from '../strings.ts';

export interface AccountPanelProps {
  account: Account;
  storeKind: string;
  onChange: (a: Account) => void;
}

function urlOk(url: string): boolean {
  try {
    return /^https?:$/.test(new URL(url).protocol);
  } catch {
    return false;
  }
}

const browserFetch: typeof fetch = (...a) => fetch(...a);

function AccountPanelView({ account, storeKind, onChange }: AccountPanelProps) {
  const [baseUrl, setBaseUrl] = useState(account.baseUrl);
  const [email, setEmail] = useState(account.email ?? '');
  const [password, setPassword] = useState('');
  const [pasted, setPasted] = useState('');
  const [showPaste, setShowPaste] = useState(false);
  const [working, setWorking] = useState(false);
  const [message, setMessage] = useState<{ intent: 'error' | 'success' | 'warning'; text: string } | null>(null);
  const where = S.account.where[storeKind] ?? storeKind;
  const urlValid = urlOk(baseUrl.trim());
  const signedIn = account.apiKey !== '';

  const doSignIn = async () => {
    setWorking(true);
    setMessage(null);
    try {
      const a = await signIn(baseUrl, email, password, browserFetch, machineName(), account);
      setPassword('');
      onChange(a);
    } catch (e) {
      setMessage({ intent: 'error', text: e instanceof ServiceError && e.status === 401 ? S.account.badLogin : errorInWords(e, baseUrl) });
    } finally {
      setWorking(false);
    }
  };

  const doSignOut = async () => {
    setWorking(true);
    const r = await signOut(account, browserFetch);
    setWorking(false);
    onChange(signedOut(account, r.revoked));
    setMessage(r.problem ? { intent: 'warning', text: S.account.signOutProblem(r.problem) } : account.keyId ? { intent: 'success', text: S.account.signedOut } : null);
  };

  return (
    <div className="connection-form" data-testid="account">
      <Field label={S.account.serviceUrl} hint={S.account.serviceUrlHint} size="small" validationMessage={urlValid ? undefined : S.account.urlProblem} validationState={urlValid ? 'none' : 'error'}>
        <Input
          size="small"
          value={baseUrl}
          disabled={signedIn}
          onChange={(_, d) => setBaseUrl(d.value)}
          onBlur={() => (urlValid && baseUrl.trim() !== account.baseUrl ? onChange({ ...account, baseUrl: baseUrl.trim() }) : undefined)}
          data-field="serviceUrl"
        />
      </Field>
      {message && (
        <MessageBar intent={message.intent} data-testid="account-message">
          <MessageBarBody>{message.text}</MessageBarBody>
        </MessageBar>
      )}
      {signedIn ? (
        <div className="connection-form" data-testid="signed-in">
          {account.keyId ? (
            <>
              <Text weight="semibold">{S.account.signedIn(account.email ?? '')}</Text>
              <Text size={200}>{S.account.ownKey(account.keyName ?? '', where)}</Text>
            </>
          ) : (
            <Text size={200}>{S.account.pastedKey(where)}</Text>
          )}
          <Button onClick={() => void doSignOut()} disabled={working}>
            {account.keyId ? S.account.signOut : S.account.forgetKey}
          </Button>
        </div>
      ) : (
        <>
          <form
            className="connection-form"
            onSubmit={(e) => {
              e.preventDefault();
              void doSignIn();
            }}
          >
            <Field label={S.account.email} size="small">
              <Input size="small" type="email" autoComplete="username" value={email} onChange={(_, d) => setEmail(d.value)} data-field="email" />
            </Field>
            <Field label={S.account.password} size="small">
              <Input size="small" type="password" autoComplete="current-password" value={password} onChange={(_, d) => setPassword(d.value)} data-field="password" />
            </Field>
            <Button appearance="primary" type="submit" disabled={working || !urlValid || !email.trim() || !password}>
              {working ? S.account.signingIn : S.account.signIn}
            </Button>
          </form>
          <Link as="button" onClick={() => setShowPaste(!showPaste)} aria-expanded={showPaste}>
            {S.account.usePastedKey}
          </Link>
          {showPaste && (
            <form
              className="connection-form"
              onSubmit={(e) => {
                e.preventDefault();
                onChange({ ...account, baseUrl: baseUrl.trim(), apiKey: pasted.trim(), keyId: null, keyName: null, email: null, sessionToken: null });
                setPasted('');
              }}
            >
              <Field label={S.account.apiKey} size="small" validationMessage={pasted && /\s/.test(pasted.trim()) ? S.account.keyProblem : undefined}>
                <Input size="small" type="password" value={pasted} onChange={(_, d) => setPasted(d.value)} data-field="apiKey" />
              </Field>
              <Button type="submit" disabled={!urlValid || !pasted.trim() || /\s/.test(pasted.trim())}>
                {S.account.saveKey}
              </Button>
            </form>
          )}
        </>
      )}
    </div>
  );
}

export const AccountPanel = memo(AccountPanelView);

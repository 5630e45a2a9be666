// The task pane: document, tabs for Review / Settings / Connection, progress and messages.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Button, MessageBar, MessageBarActions, MessageBarBody, Tab, TabList, Text } from '@fluentui/react-components';
import type { HyperlinkSettings } from '../../shared/settings.ts';
import type { ReviewMatch } from '../../shared/contract.ts';
import type { DocumentHost } from '../host/host.ts';
import { occurrenceOf } from '../host/search-text.ts';
import { matchAtPosition } from '../docx/locate.ts';
import { saveSettings } from '../settings/connection.ts';
import { saveAccount, type Account } from '../settings/account.ts';
import type { KeyValueStore } from '../settings/stores.ts';
import { useWorkflow } from '../workflow/use-workflow.ts';
import type { ServiceClient, ServiceConnection } from '../service-client.ts';
import { AccountPanel } from './AccountPanel.tsx';
import { DocumentBar } from './DocumentBar.tsx';
import { ResolverPanel } from './ResolverPanel.tsx';
import { StylePicker } from './StylePicker.tsx';
import { detectedStyle } from '../review/style-choice.ts';
import { ResultPanel } from './ResultPanel.tsx';
import { ChecksPanel } from './ChecksPanel.tsx';
import { ReviewPanel } from './ReviewPanel.tsx';
import { SettingsPanel } from './SettingsPanel.tsx';
import { ProgressLine } from './ProgressLine.tsx';
import { TrackChangesPrompt } from './TrackChangesPrompt.tsx';
import { CarryNotice } from './CarryNotice.tsx';
import { ResumeOffer } from './ResumeOffer.tsx';
import { reviewProgress } from '../review/decisions.ts';
import { attentionCount } from '../review/filter.ts';
import { S } from '../strings.ts';

type TabName = 'review' | 'settings' | 'account';
type StepName = 'links' | 'checks' | 'references' | 'style' | 'apply';

export interface AppProps {
  host: DocumentHost;
  store: KeyValueStore;
  initialAccount: Account;
  initialSettings: HyperlinkSettings;
  /** The door to the service for each step (default: the browser's fetch); tests pass a fake. */
  clientFor?: (connection: ServiceConnection, signal: AbortSignal) => ServiceClient;
}

export function App({ host, store, initialAccount, initialSettings, clientFor }: AppProps) {
  const [account, setAccount] = useState(initialAccount);
  const connection = useMemo(() => ({ baseUrl: account.baseUrl, apiKey: account.apiKey }), [account.baseUrl, account.apiKey]);
  const [settings, setSettings] = useState(initialSettings);
  const needsConnection = connection.apiKey.trim() === '';
  const [tab, setTab] = useState<TabName>(needsConnection ? 'account' : 'review');
  const [notice, setNotice] = useState<string | null>(null);
  const wf = useWorkflow(host, connection, settings, clientFor, store);
  const busy = wf.busy;
  const [confirmRescan, setConfirmRescan] = useState(false);
  const decidedCount = Object.keys(wf.review.choices).length;
  const [step, setStep] = useState<StepName>('links');
  const hasBibliography = wf.session?.packet.targets.some((x) => x.type === 'bibliography') ?? false;
  const progress = reviewProgress(wf.review);
  const startScan = () => {
    if (wf.session && decidedCount > 0 && wf.phase !== 'done') setConfirmRescan(true);
    else void wf.scan();
  };

  // The match the pane points at; follows Word's selection too. Refs keep `select` stable so that
  // the memoised rows do not re-render when the review state changes.
  const [current, setCurrent] = useState<string | null>(null);
  const matchesRef = useRef(wf.review.matches);
  matchesRef.current = wf.review.matches;
  const mapRef = useRef(wf.session?.summary?.paragraphMap ?? null);
  mapRef.current = wf.session?.summary?.paragraphMap ?? null;
  const select = useCallback(
    (m: ReviewMatch) => {
      setCurrent(m.refId);
      host
        .selectMatch(m, { occurrence: occurrenceOf(m, matchesRef.current), map: mapRef.current })
        .then((r) => setNotice(r.found ? null : (r.message ?? null)))
        .catch((e: unknown) => setNotice(e instanceof Error ? e.message : String(e)));
    },
    [host],
  );
  // Stable callbacks for the always-mounted (memoised) Account and Settings panels, so that a review
  // decision does not re-render them.
  const latest = useRef({ account, hasSession: false });
  latest.current = { account, hasSession: wf.session !== null };
  const { setError } = wf;
  const onAccountChange = useCallback(
    (a: Account) => {
      const becameUsable = !latest.current.account.apiKey && a.apiKey;
      setAccount(a);
      setError(null);
      saveAccount(store, a).catch((e: unknown) => setError(String(e)));
      if (becameUsable) setTab('review');
    },
    [store, setError],
  );
  const onSettingsSave = useCallback(
    (s: HyperlinkSettings) => {
      setSettings(s);
      saveSettings(store, s).catch((e: unknown) => setError(String(e)));
      if (latest.current.hasSession) setNotice(S.app.settingsChanged);
    },
    [store, setError],
  );
  useEffect(
    () =>
      host.onSelectionChanged((pos) => {
        const m = matchAtPosition(matchesRef.current, mapRef.current, pos);
        if (m) setCurrent(m.refId);
      }),
    [host],
  );

  return (
    <div className="app">
      <header className="app-header">
        <img src="assets/icon-32.png" alt="" width={24} height={24} />
        <Text weight="semibold" size={400}>
          {S.app.title}
        </Text>
      </header>
      <DocumentBar host={host} onError={wf.setError} />
      <TabList size="small" selectedValue={tab} onTabSelect={(_, d) => setTab(d.value as TabName)}>
        <Tab value="review">{S.app.tabs.review}</Tab>
        <Tab value="settings">{S.app.tabs.settings}</Tab>
        <Tab value="account">{S.app.tabs.connection}</Tab>
      </TabList>
      {wf.error && (
        <MessageBar intent="error" data-testid="error">
          <MessageBarBody>{wf.error}</MessageBarBody>
        </MessageBar>
      )}
      {wf.info && (
        <MessageBar intent="info" data-testid="step-info">
          <MessageBarBody>{wf.info}</MessageBarBody>
        </MessageBar>
      )}
      {notice && (
        <MessageBar intent="info">
          <MessageBarBody>{notice}</MessageBarBody>
        </MessageBar>
      )}
      <main className="app-body">
        {/* Every tab stays mounted (hidden when not selected): unsaved edits survive switching tabs. */}
        <div hidden={tab !== 'account'}>
          <AccountPanel account={account} storeKind={store.kind} onChange={onAccountChange} />
        </div>
        <div hidden={tab !== 'settings'}>
          <SettingsPanel settings={settings} onSave={onSettingsSave} />
        </div>
        <div className="review-tab" hidden={tab !== 'review'}>
          <div className="scan-line">
            <Button appearance={wf.session ? 'secondary' : 'primary'} disabled={busy || needsConnection} onClick={startScan}>
              {wf.session ? S.scan.again : S.scan.scan}
            </Button>
          </div>
          {busy && <ProgressLine progress={wf.progress} onCancel={wf.cancel} />}
          {confirmRescan && (
            <MessageBar intent="warning" data-testid="confirm-rescan">
              <MessageBarBody>{S.scan.confirmAgain}</MessageBarBody>
              <MessageBarActions>
                <Button size="small" onClick={() => { setConfirmRescan(false); void wf.scan(); }}>
                  {S.scan.confirmYes}
                </Button>
                <Button size="small" appearance="subtle" onClick={() => setConfirmRescan(false)}>
                  {S.scan.confirmNo}
                </Button>
              </MessageBarActions>
            </MessageBar>
          )}
          {needsConnection && <Text block>{S.scan.needsAccount}</Text>}
          {wf.saved && !wf.session && <ResumeOffer saved={wf.saved} busy={busy || needsConnection} onResume={() => void wf.resume()} onStartOver={wf.startOver} />}
          {wf.savedLocallyOnly && wf.session && (
            <Text size={200} block data-testid="saved-locally">
              {S.resume.savedLocally}
            </Text>
          )}
          {wf.trackPrompt && (
            <TrackChangesPrompt canTrack={wf.canApplyAsRevisions} untrackable={wf.untrackable} onAnswer={(a) => void wf.applyAfterPrompt(a)} onCancel={wf.dismissTrackPrompt} />
          )}
          {wf.carry && (
            <CarryNotice
              carry={wf.carry}
              source={wf.carrySource}
              onSelect={(m) => {
                setStep('links');
                select(m);
              }}
            />
          )}
          {wf.applied && <ResultPanel applied={wf.applied} restored={wf.restored} busy={busy} onRestore={(anyway) => void wf.restore(anyway)} restoreEdits={wf.restoreEdits} onKeep={wf.dismissRestore} />}
          {wf.session?.resolverWarning && (
            <MessageBar intent="warning">
              <MessageBarBody>{wf.session.resolverWarning}</MessageBarBody>
            </MessageBar>
          )}
          {wf.session && wf.phase !== 'done' && (
            <>
              {/* The review top-down at 320 px: one step in view at a time, each with its count. */}
              <TabList className="review-steps" size="small" aria-label={S.app.steps.label} selectedValue={step} onTabSelect={(_, d) => setStep(d.value as StepName)} data-testid="review-steps">
                <Tab value="links">{S.app.steps.links(wf.review.matches.length)}</Tab>
                {wf.session.packet.checks && <Tab value="checks">{S.app.steps.checks(wf.session.packet.checks.length)}</Tab>}
                {wf.session.resolver && <Tab value="references">{S.app.steps.references(wf.session.resolver.references.length)}</Tab>}
                {hasBibliography && <Tab value="style">{S.app.steps.style}</Tab>}
                <Tab value="apply">{S.app.steps.apply}</Tab>
              </TabList>
              <div hidden={step !== 'links'}>
                <ReviewPanel state={wf.review} dispatch={wf.dispatch} onSelect={select} onApply={() => void wf.apply()} busy={busy} current={current} setCurrent={setCurrent} languages={wf.session.packet.languages} />
              </div>
              {step === 'checks' && wf.session.packet.checks && <ChecksPanel findings={wf.session.packet.checks} onSelect={select} />}
              {step === 'references' && wf.session.resolver && <ResolverPanel report={wf.session.resolver} approved={wf.approvedWorks} onChange={wf.setApprovedWorks} />}
              {step === 'style' && hasBibliography && (
                <StylePicker detection={detectedStyle(wf.session.packet, wf.session.resolver)} choice={wf.bibliography} onChange={wf.setBibliography} preview={wf.stylePreview} />
              )}
              {step === 'apply' && (
                <div className="review-actions" data-testid="apply-step">
                  <Text block>{S.review.summary(progress.total, attentionCount(wf.review.matches), progress.decided, progress.toLink)}</Text>
                  <Button appearance="primary" disabled={busy || progress.toLink === 0} onClick={() => void wf.apply()}>
                    {S.review.apply(progress.toLink)}
                  </Button>
                </div>
              )}
            </>
          )}
        </div>
      </main>
    </div>
  );
}

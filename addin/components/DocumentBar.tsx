// The document in use. With the fake host: a file picker and downloads of the linked output.
import { useEffect, useMemo, useState } from 'react';
import { Link, Switch, Text } from '@fluentui/react-components';
import type { DocumentHost } from '../host/host.ts';
import { FakeHost } from '../host/fake-host.ts';
import { base64ToBytes } from '../util/base64.ts';
import { S } from '../strings.ts';

function useFakeHostVersion(host: DocumentHost): number {
  const [version, setVersion] = useState(0);
  useEffect(() => (host instanceof FakeHost ? host.subscribe(() => setVersion((v) => v + 1)) : undefined), [host]);
  return version;
}

function DownloadLatest({ host }: { host: FakeHost }) {
  const latest = host.replacements[host.replacements.length - 1];
  const url = useMemo(() => {
    if (!latest) return null;
    const bytes = base64ToBytes(latest.b64);
    const blob = new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' });
    return URL.createObjectURL(blob);
  }, [latest]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  if (!url) return null;
  return (
    <Link href={url} download={host.documentName()} data-testid="download-linked">
      {S.host.download(Math.round((latest?.bytes ?? 0) / 1024))}
    </Link>
  );
}

export function DocumentBar({ host, onError }: { host: DocumentHost; onError: (m: string) => void }) {
  useFakeHostVersion(host);
  if (!(host instanceof FakeHost)) {
    return <Text size={200}>{S.host.document(host.documentName())}</Text>;
  }
  const last = host.selections[host.selections.length - 1];
  return (
    <div className="document-bar" data-testid="fake-host">
      <Text size={200} weight="semibold" block>
        {S.host.demo(host.documentName())}
      </Text>
      <input
        type="file"
        accept=".docx,application/vnd.openxmlformats-officedocument.wordprocessingml.document"
        aria-label={S.host.openDocx}
        data-testid="docx-picker"
        onChange={(e) => {
          const f = e.target.files?.[0];
          if (f) host.loadFromFile(f).catch((err: unknown) => onError(String(err)));
        }}
      />
      {last && (
        <Text size={200} block data-testid="last-selection">
          {S.host.selected(last.sourceText, last.occurrence + 1)}
        </Text>
      )}
      <DownloadLatest host={host} />
      <Switch
        label={S.host.darkTheme}
        checked={(host.theme ?? document.body.dataset.theme) === 'dark'}
        onChange={(_, d) => host.setTheme(d.checked ? 'dark' : 'light')}
        data-testid="theme-switch"
      />
    </div>
  );
}

/// <reference types="office-js" />
// Chooses the document host: Word when Office.onReady reports it, else the fake host (demo page,
// browser tests, or taskpane.html opened outside Office).
import type { DocumentHost } from '../host/host.ts';
import { FakeHost } from '../host/fake-host.ts';
import { WordHost } from '../host/word-host.ts';

type OfficeGlobal = { onReady?: () => Promise<{ host: unknown }>; HostType?: { Word: unknown } };

function officeGlobal(): OfficeGlobal | undefined {
  return (globalThis as { Office?: OfficeGlobal }).Office;
}

async function officeHost(timeoutMs: number): Promise<unknown> {
  const office = officeGlobal();
  if (!office?.onReady) return null;
  const ready = office.onReady().then((info) => info.host);
  const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), timeoutMs));
  return Promise.race([ready, timeout]);
}

export async function pickHost(search: string): Promise<DocumentHost> {
  const host = await officeHost(5000);
  const office = officeGlobal();
  if (host && host === office?.HostType?.Word) return new WordHost();
  const fake = new FakeHost();
  (globalThis as { __hyperlinkerFakeHost?: FakeHost }).__hyperlinkerFakeHost = fake;
  const docx = new URLSearchParams(search).get('docx');
  if (docx) {
    try {
      await fake.loadFromUrl(docx);
    } catch (e) {
      console.warn(e);
    }
  }
  return fake;
}

/// <reference types="office-js" />
// Chooses the document host: Word when Office.onReady reports it, else the fake host (demo page,
// browser tests, or taskpane.html opened outside Office). Inside Office the pane waits for Office
// however long it takes (telling the user when it is slow): it never falls into demo mode in Word.
import type { DocumentHost } from '../host/host.ts';
import { FakeHost } from '../host/fake-host.ts';
import { WordHost } from '../host/word-host.ts';
import { S, setDisplayLanguage } from '../strings.ts';

type OfficeGlobal = {
  onReady?: () => Promise<{ host: unknown }>;
  HostType?: { Word: unknown };
  context?: { officeTheme?: { bodyBackgroundColor?: string }; displayLanguage?: string };
};

function officeGlobal(): OfficeGlobal | undefined {
  return (globalThis as { Office?: OfficeGlobal }).Office;
}

class UnsupportedHostError extends Error {
  override name = 'UnsupportedHostError';
}

export interface PickedHost {
  host: DocumentHost;
  officeTheme?: { bodyBackgroundColor?: string };
  /** Office's display language (a BCP 47 tag such as "de-DE"), when Office gave one. */
  displayLanguage?: string;
}

/** onSlow is called once when Office has not answered after `slowMs`. */
export async function pickHost(search: string, onSlow: () => void = () => undefined, slowMs = 5000): Promise<PickedHost> {
  const office = officeGlobal();
  if (office?.onReady) {
    const timer = setTimeout(onSlow, slowMs);
    const info = await office.onReady().finally(() => clearTimeout(timer));
    const displayLanguage = office.context?.displayLanguage;
    if (info.host && info.host === office.HostType?.Word) {
      return { host: new WordHost(), ...(office.context?.officeTheme ? { officeTheme: office.context.officeTheme } : {}), ...(displayLanguage ? { displayLanguage } : {}) };
    }
    if (info.host) {
      setDisplayLanguage(displayLanguage);
      throw new UnsupportedHostError(S.errors.wordOnly(typeof info.host === 'string' ? info.host : JSON.stringify(info.host)));
    }
    if (displayLanguage) return { ...(await fakeHost(search)), displayLanguage };
  }
  return fakeHost(search);
}

/** The fake host (demo page, browser tests), loading ?docx= when given. */
async function fakeHost(search: string): Promise<PickedHost> {
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
  return { host: fake };
}

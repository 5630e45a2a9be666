// Where the pane runs, said for the name of the key it creates: the Office host and platform as
// office-js-helpers detects them, else "Browser", and the operating system the browser reports.
import { OfficeHelpers } from '../util/office-helpers.ts';

const { Utilities } = OfficeHelpers;

export function machineName(): string {
  let where = '';
  try {
    const platform = Utilities.platform;
    const host = Utilities.host;
    if (host && host !== 'WEB') where = `${host[0]}${host.slice(1).toLowerCase()} ${platform ?? ''}`.trim();
  } catch {
    where = '';
  }
  const nav = (globalThis as { navigator?: { platform?: string; userAgentData?: { platform?: string } } }).navigator;
  const os = nav?.userAgentData?.platform || nav?.platform || '';
  return [where || 'Browser', os].filter(Boolean).join(' on ');
}


// Paid accounts for the registry probes: /hyperlink-crossref needs a paid plan and a credit left. Each call
// makes a separate user (a separate account for the registry's fair shares) with its own API key.
import { addUser } from '../../server/cli/accounts.ts';
import { HyperlinkerClient } from '../../shared/api-client.ts';
import type { BenchService } from './harness.ts';

export async function paidAccountKey(service: BenchService, name: string): Promise<string> {
  const email = `${name}-${Date.now() % 1e6}@example.org`;
  await addUser(service.db, { email, password: 'abuse-password', plan: 'pro', credits: 100 });
  const login = await new HyperlinkerClient({ baseUrl: service.url }).login(email, 'abuse-password');
  if (!login.ok) throw new Error(`login failed: ${login.status}`);
  const key = await new HyperlinkerClient({ baseUrl: service.url }).withSession(login.data.token).createKey({ name });
  if (!key.ok) throw new Error(`key creation failed: ${key.status}`);
  return key.data.key;
}

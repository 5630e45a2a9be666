// GET /healthz one at a time in a process of its own (so the bench's client work does not delay it), `intervalMs`
// apart, until stopped; then every latency comes back. bench:api and bench:fleet measure the service's health
// under load with it.
import { spawn } from 'node:child_process';

export interface HealthReport {
  latencies: number[];
  failures: number;
}

const script = (intervalMs: number): string => `
const latencies = []; let failures = 0; let done = false;
process.on('message', () => { done = true; });
while (!done) {
  const t0 = performance.now();
  try { const r = await fetch(process.argv[1] + '/healthz'); await r.arrayBuffer(); if (!r.ok) failures++; } catch { failures++; }
  latencies.push(performance.now() - t0);
  await new Promise((r) => setTimeout(r, ${intervalMs}));
}
process.send({ latencies, failures }, () => process.exit(0));
`;

/** Starts the probe against `url`; `stop()` ends it and gives its report (rejected if the probe process died). */
export function startHealthProbe(url: string, intervalMs: number): { stop: () => Promise<HealthReport> } {
  const child = spawn(process.execPath, ['--input-type=module', '-e', script(intervalMs), url], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const report = new Promise<HealthReport>((resolve, reject) => {
    child.once('message', (m) => resolve(m as HealthReport));
    child.once('exit', (code) => reject(new Error(`health probe exited with ${code}`)));
  });
  report.catch(() => undefined); // observed by stop()
  return {
    stop: () => {
      if (child.connected) child.send('stop');
      return report;
    },
  };
}

/** The p-th percentile of ascending `sorted` (NaN when empty). */
export const percentile = (sorted: number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

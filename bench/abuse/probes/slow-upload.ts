// Probe: slow clients. A stalled upload (headers and 64 KB of a declared 5 MB body, then silence) and
// a slowloris (header lines dripped every 2 s, never finished), side by side: how long the service
// holds each connection before it answers or closes. Capped at the probe's deadline.
import { connect } from 'node:net';
import { Tally } from '../harness.ts';
import type { Probe } from '../probe.ts';

interface Held {
  seconds: number;
  status: number;
  closed: boolean;
}

function hold(port: number, opening: string, drip: string | null, capMs: number): Promise<Held> {
  return new Promise((resolve) => {
    const started = performance.now();
    const socket = connect(port, '127.0.0.1');
    let received = '';
    let timer: NodeJS.Timeout | null = null;
    const done = (closed: boolean): void => {
      if (timer) clearInterval(timer);
      clearTimeout(cap);
      socket.destroy();
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(received)?.[1] ?? 0);
      resolve({ seconds: (performance.now() - started) / 1000, status, closed });
    };
    const cap = setTimeout(() => done(false), capMs);
    socket.on('connect', () => {
      socket.write(opening);
      if (drip) timer = setInterval(() => socket.write(drip), 2000);
    });
    socket.on('data', (d) => {
      received += d.toString();
    });
    socket.on('close', () => done(true));
    socket.on('error', () => undefined);
  });
}

export const slowUploadProbe: Probe = {
  name: 'slow-upload',
  about: 'a stalled 5 MB upload and a slowloris header drip: seconds each connection is held',
  async run({ service, health, deadlineMs }) {
    const boundary = '----slow';
    const head =
      `POST /hyperlink-scan HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${service.apiKey}\r\n` +
      `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${5 * 1024 * 1024}\r\n\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="m.docx"\r\n\r\n` +
      'x'.repeat(64 * 1024);
    health.start();
    const [stalled, loris] = await Promise.all([
      hold(service.port, head, null, deadlineMs),
      hold(service.port, 'POST /docs-events HTTP/1.1\r\nHost: 127.0.0.1\r\n', 'X-Drip: 1\r\n', deadlineMs),
    ]);
    const h = await health.stop();
    const tally = new Tally();
    tally.add(stalled.status);
    tally.add(loris.status);
    const show = (x: Held): string => `${x.closed ? '' : '≥ '}${x.seconds.toFixed(1)} s (${x.status ? `answered ${x.status}` : x.closed ? 'closed' : 'still open at the cap'})`;
    return {
      figures: [`stalled upload held ${show(stalled)}`, `slowloris held ${show(loris)}`, h.text],
      goals: [
        { goal: 'stalled upload released within 60 s', held: stalled.closed && stalled.seconds <= 60, detail: show(stalled) },
        { goal: 'slowloris released within 60 s', held: loris.closed && loris.seconds <= 60, detail: show(loris) },
      ],
      statuses: tally.text,
    };
  },
};

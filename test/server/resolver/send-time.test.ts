import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { test } from 'node:test';
import { whenSent } from '../../../server/resolver/send-time.ts';

test("a request is stamped when Node's fetch writes its headers: after the call, before the server has it", async () => {
  const arrived: number[] = [];
  const server = createServer((_req, res) => { arrived.push(performance.now()); res.end('ok'); });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/works?query.bibliographic=a%20b&rows=10`;
  try {
    const stamps: number[] = [];
    const called = performance.now();
    const stop = whenSent(url, () => stamps.push(performance.now()));
    const other = whenSent(`${url}x`, () => assert.fail('another URL is not stamped'));
    await (await fetch(url)).text();
    stop();
    other();
    assert.equal(stamps.length, 1);
    assert.ok(stamps[0]! >= called && stamps[0]! <= arrived[0]!, `called ${called.toFixed(1)}, stamped ${stamps[0]!.toFixed(1)}, arrived ${arrived[0]!.toFixed(1)}`);
    // Stopped: a later request to the same URL stamps nothing.
    await (await fetch(url)).text();
    assert.equal(stamps.length, 1);
    // The same URL twice at once: each waiter stamped once.
    const twice: string[] = [];
    const stops = ['a', 'b'].map((name) => whenSent(url, () => twice.push(name)));
    await Promise.all([fetch(url).then((r) => r.text()), fetch(url).then((r) => r.text())]);
    stops.forEach((s) => s());
    assert.deepEqual(twice.sort(), ['a', 'b']);
  } finally {
    server.closeAllConnections();
    server.close();
  }
});

// The sign-in admission gate: a bounded number at work, a known pair ahead of the queue, the other lane refused
// past its queue or its wait.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { LoginBusy, LoginGate } from '../../../../server/http/services/login-gate.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

test('at most `concurrency` sign-ins work at once; the rest wait and all complete', async () => {
  const gate = new LoginGate({ concurrency: 2, queue: 10, maxWaitMs: 5000, remember: 10 });
  let working = 0;
  let most = 0;
  const results = await Promise.all(
    Array.from({ length: 8 }, (_, i) =>
      gate.run(false, async () => {
        working += 1;
        most = Math.max(most, working);
        await sleep(10);
        working -= 1;
        return i;
      }),
    ),
  );
  assert.deepEqual(results, [0, 1, 2, 3, 4, 5, 6, 7]);
  assert.equal(most, 2);
  assert.deepEqual(gate.depth(), { running: 0, priority: 0, other: 0 });
});

test('a flood fills the other lane and is refused LoginBusy at once; a known pair goes ahead of the queued flood', async () => {
  const gate = new LoginGate({ concurrency: 1, queue: 4, maxWaitMs: 5000, remember: 10 });
  gate.remember('owner');
  const order: string[] = [];
  const flood = Array.from({ length: 20 }, (_, i) =>
    gate.run(false, async () => {
      await sleep(5);
      order.push(`flood-${i}`);
    }).catch((err: unknown) => void order.push(err instanceof LoginBusy ? 'busy' : 'error')),
  );
  await new Promise(setImmediate);
  assert.equal(order.filter((o) => o === 'busy').length, 15, 'past 1 at work and 4 waiting, refused without waiting');
  const owner = gate.run(gate.isKnown('owner'), async () => void order.push('owner'));
  await Promise.all([...flood, owner]);
  const firstRun = order.findIndex((o) => o.startsWith('flood'));
  assert.equal(order[firstRun + 1], 'owner', `the owner ran right after the sign-in at work: ${order.join(',')}`);
  assert.equal(gate.isKnown('stranger'), false);
});

test('a waiting sign-in of the other lane whose wait ran out is refused when its turn comes', async () => {
  const gate = new LoginGate({ concurrency: 1, queue: 4, maxWaitMs: 50, remember: 10 });
  const slow = gate.run(false, () => sleep(120));
  const waiting = gate.run(false, async () => 'ran');
  await slow;
  await assert.rejects(waiting, LoginBusy);
});

test('the memory of known pairs is bounded, the oldest forgotten first', () => {
  const gate = new LoginGate({ concurrency: 1, queue: 1, maxWaitMs: 1, remember: 2 });
  gate.remember('a');
  gate.remember('b');
  gate.remember('a');
  gate.remember('c');
  assert.deepEqual(['a', 'b', 'c'].map((p) => gate.isKnown(p)), [true, false, true]);
});

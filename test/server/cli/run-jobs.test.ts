// Lanes of work (server/cli/run-jobs.ts): at most N at once, outcomes in the jobs' order, each heard as it finishes.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { runJobs } from '../../../server/cli/run-jobs.ts';

test('jobs run at most N at once, outcomes in input order, each reported as it finishes', async () => {
  const jobs = [1, 2, 3, 4, 5].map((i) => ({ input: `${i}.docx`, output: `o/${i}.docx` }));
  let running = 0;
  let peak = 0;
  const heard: string[] = [];
  const outcomes = await runJobs(jobs, 2, async (job) => {
    running++;
    peak = Math.max(peak, running);
    await new Promise((r) => setTimeout(r, job.input === '1.docx' ? 30 : 5));
    running--;
    return { job, ok: false, error: 'x', ms: 1 };
  }, (o) => heard.push(o.job.input));
  assert.equal(peak, 2);
  assert.deepEqual(outcomes.map((o) => o.job.input), ['1.docx', '2.docx', '3.docx', '4.docx', '5.docx']);
  assert.notEqual(heard[0], '1.docx', 'the slow first file does not hold back the others');
});

// Work on a list of jobs in lanes: at most N at once, each outcome heard as it finishes, all returned in the
// jobs' order (the batch's files, server/cli/batch.ts).

/** Runs the jobs, at most `parallel` at once; `onDone` hears each as it finishes. Outcomes in the jobs' order. */
export async function runJobs<J, O>(jobs: readonly J[], parallel: number, work: (job: J) => Promise<O>, onDone: (o: O) => void): Promise<O[]> {
  const outcomes = new Array<O>(jobs.length);
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < jobs.length) {
      const i = next++;
      outcomes[i] = await work(jobs[i]!);
      onDone(outcomes[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(parallel, jobs.length)) }, lane));
  return outcomes;
}

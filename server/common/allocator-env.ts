// glibc's allocator settings the service runs with (issue 22, item 6). They must be in the environment before the
// process starts (glibc reads them once), so they are set where the service is started: `npm start`
// (package.json), the systemd unit (deploy/hyperlinker@.service) and the benches that run the compiled service;
// test/server/common/allocator-env.test.ts checks that those say the same.
//
// Why: buffers above the mmap threshold are mapped on their own and unmapped whole when freed; below it they come
// from glibc's arenas, which give memory back only from the top of each heap. By default glibc raises the
// threshold to the size of any mapped buffer it frees (up to 32 MB), so after the first 25 MB upload every later
// buffer up to that size (uploads, zip entries, answers, worker-thread allocations) came from the arenas and stayed
// resident when freed: with the engine workers retired after a large task (server/worker/pool.ts), the service
// still held about 185 MB after /hyperlink-scan of the synthetic 25 MB manuscript instead of its idle ~95 MB. A fixed
// threshold (setting it turns the raising off) and a trim threshold of the same size (free memory above it at the
// top of an arena is returned at once) bring that to 88-100 MB, and /hyperlink-apply's peak fell from about 327 to
// about 267 MB (bench/README.md). Small allocations, the vast majority, are
// unaffected.
export const ALLOCATOR_ENV: Readonly<Record<string, string>> = {
  MALLOC_MMAP_THRESHOLD_: '65536',
  MALLOC_TRIM_THRESHOLD_: '65536',
};

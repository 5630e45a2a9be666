// The command line as a user runs it (`node bin/hyperlinker.mjs`, compiled dist/server rebuilt first):
// start-up (`--help`) and `link` on one file, paired with pandoc's plain docx → docx round trip of the
// same file when pandoc is installed (`apt-get install pandoc`). Runs alternate which of the two goes
// first; the ratio is the median of the per-pair ratios, so load on the machine hits both sides alike.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export interface CliBench {
  helpMs: number;
  /** Median of `node -e 0` runs paired with the --help runs: the floor of any start-up on this machine. */
  nodeMs: number;
  linkMs: number;
  pandocMs: number | null;
  /** Median of (link / pandoc) over the pairs; null without pandoc. */
  pairedRatio: number | null;
  note: string | null;
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

function timed(cmd: string, args: string[], env: NodeJS.ProcessEnv): number {
  const t0 = performance.now();
  const r = spawnSync(cmd, args, { env, stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
  const ms = performance.now() - t0;
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed: ${(r.stderr || r.error?.message || `exit ${r.status}`).trim().slice(0, 300)}`);
  return ms;
}

export function hasPandoc(): boolean {
  return spawnSync('pandoc', ['--version'], { stdio: 'ignore' }).status === 0;
}

export function benchCli(repo: string, file: string, runs: number): CliBench {
  const build = spawnSync(process.execPath, [join(repo, 'scripts/build-server.mjs')], { cwd: repo, encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`build:server failed: ${build.stderr}`);
  const env = { ...process.env };
  delete env.HYPERLINKER_FROM_SOURCE;
  delete env.NODE_OPTIONS;
  const bin = resolve(repo, 'bin/hyperlinker.mjs');
  const dir = mkdtempSync(join(tmpdir(), 'hl-bench-cli-'));
  try {
    timed(process.execPath, [bin, '--help'], env); // warm the file cache
    // Paired with bare node's start, which is the floor: NODE_EXTRA_CA_CERTS, for one, makes node read and parse a
    // CA bundle at every start (about 80 ms on a machine that points it at the system bundle).
    const help: number[] = [];
    const bare: number[] = [];
    for (let i = 0; i < runs; i++) {
      bare.push(timed(process.execPath, ['-e', '0'], env));
      help.push(timed(process.execPath, [bin, '--help'], env));
    }
    const link = (): number => timed(process.execPath, [bin, 'link', file, '-o', join(dir, 'linked.docx')], env);
    const pandocOk = hasPandoc();
    const pandoc = (): number => timed('pandoc', [file, '-o', join(dir, 'pandoc.docx')], env);
    link();
    if (pandocOk) pandoc();
    const ours: number[] = [];
    const theirs: number[] = [];
    const ratios: number[] = [];
    for (let i = 0; i < runs; i++) {
      if (!pandocOk) {
        ours.push(link());
        continue;
      }
      const [a, b] = i % 2 === 0 ? [link(), pandoc()] : (([p, l]) => [l, p])([pandoc(), link()]);
      ours.push(a);
      theirs.push(b);
      ratios.push(a / b);
    }
    return {
      helpMs: median(help),
      nodeMs: median(bare),
      linkMs: median(ours),
      pandocMs: pandocOk ? median(theirs) : null,
      pairedRatio: pandocOk ? median(ratios) : null,
      note: pandocOk ? null : 'pandoc not installed (apt-get install pandoc): link vs pandoc skipped',
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Written at exit by the preload of cliLinkMemory: the process's peak RSS (getrusage, the kernel's high-water mark). */
const PEAK_MARK = 'hl-bench-peak-rss';
const PEAK_PRELOAD = `data:text/javascript,process.on('exit',()=>process.stderr.write('\\n${PEAK_MARK} '+process.resourceUsage().maxRSS*1024+'\\n'))`;

export interface CliMemory {
  ms: number;
  /** Highest RSS of the CLI process over its whole life (start-up included), in bytes. */
  peakRss: number;
}

/**
 * `hyperlinker link FILE` once, compiled and started as a user starts it, with SETTINGS; its peak RSS read by
 * the kernel (getrusage maxrss, reported at exit by a preload that loads nothing else), so no sampling can
 * miss the peak.
 */
export function cliLinkMemory(repo: string, file: string, settings: string): CliMemory {
  const build = spawnSync(process.execPath, [join(repo, 'scripts/build-server.mjs')], { cwd: repo, encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`build:server failed: ${build.stderr}`);
  const env = { ...process.env };
  delete env.HYPERLINKER_FROM_SOURCE;
  delete env.NODE_OPTIONS;
  const dir = mkdtempSync(join(tmpdir(), 'hl-bench-cli-'));
  try {
    const t0 = performance.now();
    const r = spawnSync(process.execPath, ['--import', PEAK_PRELOAD, resolve(repo, 'bin/hyperlinker.mjs'), 'link', file, '-o', join(dir, 'linked.docx'), '--settings', settings], { env, stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8', maxBuffer: 1 << 20 });
    const ms = performance.now() - t0;
    const mark = new RegExp(`^${PEAK_MARK} (\\d+)$`, 'm').exec(r.stderr ?? '');
    if (r.status !== 0 || !mark) throw new Error(`link failed: ${(r.stderr || r.error?.message || `exit ${r.status}`).trim().slice(0, 300)}`);
    return { ms, peakRss: Number(mark[1]) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

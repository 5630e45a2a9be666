// What a batch (`hyperlinker link ... --out-dir DIR`, server/cli/batch.ts) runs: the files its arguments name
// (files, the .docx files of folders, a quoted glob in the file name), the output of each in the folder under
// its own name, and the options each file's own `link` process gets.

import { existsSync, readdirSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { UsageError } from './args.ts';
import type { LinkValues } from './link.ts';

/** A quoted glob's last path component, e.g. `*.docx` or `paper-?.docx`, as a regular expression. */
function globPattern(name: string): RegExp {
  const body = name.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*').replace(/\?/g, '[^/]');
  return new RegExp(`^${body}$`);
}

/** Files named, the .docx files directly inside named folders, and the matches of a glob in its last component (sorted). */
export function expandInputs(args: string[]): string[] {
  const out: string[] = [];
  for (const arg of args) {
    if (/[*?]/.test(arg) && !existsSync(arg)) {
      const dir = dirname(arg);
      if (/[*?]/.test(dir)) throw new UsageError(`'${arg}': a glob may use * and ? in the file name only`);
      const pattern = globPattern(basename(arg));
      const found = existsSync(dir) ? readdirSync(dir).filter((n) => pattern.test(n)).sort() : [];
      if (found.length === 0) throw new UsageError(`'${arg}' matches no file`);
      out.push(...found.map((n) => join(dir, n)));
    } else if (existsSync(arg) && statSync(arg).isDirectory()) {
      const found = readdirSync(arg).filter((n) => /\.docx$/i.test(n) && !n.startsWith('~$')).sort();
      if (found.length === 0) throw new UsageError(`folder '${arg}' holds no .docx file`);
      out.push(...found.map((n) => join(arg, n)));
    } else {
      out.push(arg); // a missing file is reported as that file's failure, not the batch's
    }
  }
  return [...new Set(out.map((p) => resolve(p)))];
}

export interface BatchJob {
  input: string;
  output: string;
}

/** Each input's output in `outDir` under its own name; two inputs of one name would overwrite each other: refused. */
export function planOutputs(inputs: string[], outDir: string): BatchJob[] {
  const byName = new Map<string, string>();
  for (const input of inputs) {
    const name = basename(input);
    const other = byName.get(name);
    if (other) throw new UsageError(`'${other}' and '${input}' would both be written to ${join(outDir, name)}: link them in separate batches`);
    byName.set(name, input);
  }
  return inputs.map((input) => ({ input, output: join(resolve(outDir), basename(input)) }));
}

/** The options every file's `link` run gets: the batch's own, less the batch-only ones. */
export function childOptions(values: LinkValues): string[] {
  const out: string[] = [];
  for (const name of ['settings', 'style', 'csl'] as const) if (values[name] !== undefined) out.push(`--${name}`, values[name]!);
  for (const name of ['resolve', 'no-resolve', 'no-cache'] as const) if (values[name]) out.push(`--${name}`);
  return out;
}

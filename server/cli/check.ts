// `hyperlinker check FILE.docx... [--settings JSON] [--resolve [--no-cache]] [--json] [--fail-on error|warning|note|never]`:
// the manuscript checks (server/engine/checks) as a report for people, grouped by severity, each finding with its
// sentence quoted (colour on a terminal), or as JSON. Exit 1 when a finding reaches --fail-on (default error), so a
// submission pipeline can stop on it; several files are checked in turn.

import { basename } from 'node:path';
import type { CheckFinding, CheckSeverity } from '../../shared/contract.ts';
import type { CliCommand } from './command.ts';
import { analyse } from '../engine/scan.ts';
import { countBySeverity, runChecks, type RegistryFacts } from '../engine/checks/index.ts';
import { parseCommandArgs, readInput, settingsFrom, UsageError } from './args.ts';
import { colourOn, painter, type Tone } from './terminal.ts';
import { count } from './summary.ts';

const USAGE = 'usage: hyperlinker check FILE.docx... [--settings JSON] [--resolve [--no-cache]] [--json] [--fail-on error|warning|note|never]';
const SEVERITIES: CheckSeverity[] = ['error', 'warning', 'note'];
const HEADINGS: Record<CheckSeverity, [string, Tone]> = { error: ['Errors', 'red'], warning: ['Warnings', 'yellow'], note: ['Notes', 'dim'] };

export interface CheckReport {
  file: string;
  counts: Record<CheckSeverity, number>;
  findings: CheckFinding[];
}

/** The findings of one manuscript (and, with a resolver report, the registry's). */
export async function checkFile(path: string, options: { settings?: string; resolve?: boolean; noCache?: boolean; quiet?: boolean }): Promise<CheckReport> {
  let settings = await settingsFrom(options.settings);
  const bytes = readInput(path);
  let registry: RegistryFacts | undefined;
  if (options.resolve) {
    settings = { ...settings, doi: true, crossref: true };
    const { resolveManuscript } = await import('./resolve.ts');
    registry = await resolveManuscript(bytes, settings, { noCache: options.noCache === true, quiet: options.quiet === true });
  }
  const { packet } = analyse(bytes, settings);
  const findings = registry ? runChecks(packet, registry) : (packet.checks ?? runChecks(packet));
  return { file: path, counts: countBySeverity(findings), findings };
}

/** The report a person reads: a headline, then the findings grouped by severity with their sentence. */
export function formatReport(report: CheckReport, paint: (tone: Tone, text: string) => string): string[] {
  const c = report.counts;
  const lines = [`${paint('bold', basename(report.file))}: ${[count(c.error, 'error'), count(c.warning, 'warning'), count(c.note, 'note')].join(', ')}`];
  for (const severity of SEVERITIES) {
    const group = report.findings.filter((f) => f.severity === severity);
    if (group.length === 0) continue;
    const [heading, tone] = HEADINGS[severity];
    lines.push('', paint(tone, heading));
    for (const f of group) {
      const where = f.location.part === 'word/document.xml' ? `paragraph ${f.location.paragraph + 1}` : `${f.location.part.replace(/^word\//, '').replace(/\.xml$/, '')} paragraph ${f.location.paragraph + 1}`;
      lines.push(`  ${paint(tone, f.code)} (${where}): ${f.message}`);
      const text = f.text !== undefined ? `${f.context.before}${paint('bold', `»${f.text}«`)}${f.context.after}` : f.context.after;
      if (text.trim()) lines.push(`      ${paint('dim', text.replace(/\s+/g, ' ').trim())}`);
    }
  }
  return lines;
}

function failOn(value: string | undefined): CheckSeverity | 'never' {
  if (value === undefined) return 'error';
  if (value === 'never' || SEVERITIES.includes(value as CheckSeverity)) return value as CheckSeverity | 'never';
  throw new UsageError('--fail-on must be error, warning, note or never');
}

function fails(report: CheckReport, threshold: CheckSeverity | 'never'): boolean {
  if (threshold === 'never') return false;
  const rank = SEVERITIES.indexOf(threshold);
  return SEVERITIES.some((s, i) => i <= rank && report.counts[s] > 0);
}

export const checkCommand: CliCommand = {
  summary: 'report what an editorial office would return the manuscript for (exit 1 at --fail-on)',
  async run(args) {
    const { positional, values } = parseCommandArgs(args, {
      settings: { type: 'string' },
      resolve: { type: 'boolean' },
      'no-cache': { type: 'boolean' },
      json: { type: 'boolean' },
      'fail-on': { type: 'string' },
      quiet: { type: 'boolean', short: 'q' },
    });
    if (positional.length === 0) throw new UsageError(USAGE);
    const threshold = failOn(values['fail-on']);
    const paint = painter(colourOn(process.stdout));
    const reports: CheckReport[] = [];
    let failed = false;
    for (const file of positional) {
      try {
        const report = await checkFile(file, { settings: values.settings, resolve: values.resolve, noCache: values['no-cache'], quiet: values.quiet || values.json });
        reports.push(report);
        if (fails(report, threshold)) failed = true;
        if (!values.json && !values.quiet) process.stdout.write(formatReport(report, paint).join('\n') + '\n\n');
      } catch (err) {
        if (positional.length === 1 || err instanceof UsageError) throw err;
        failed = true;
        process.stderr.write(`hyperlinker check: ${file}: ${err instanceof Error ? err.message : String(err)}\n`);
      }
    }
    if (values.json) process.stdout.write(JSON.stringify(positional.length === 1 ? reports[0] : reports, null, 2) + '\n');
    return failed ? 1 : 0;
  },
};

// `hyperlinker scan FILE.docx [--settings JSON|@file] [--no-style]`: prints the ScanPacket as JSON, with the
// detected citation style (detectedCslId, styleDetection) unless --no-style.

import type { CliCommand } from './command.ts';
import { scan } from '../engine/index.ts';
import { parseCommandArgs, readInput, settingsFrom, UsageError } from './args.ts';
import { detectListStyle } from '../citation-style/index.ts';

export const scanCommand: CliCommand = {
  summary: 'print the ScanPacket of a manuscript',
  async run(args) {
    const { positional, values } = parseCommandArgs(args, { settings: { type: 'string' }, compact: { type: 'boolean' }, 'no-style': { type: 'boolean' } });
    if (positional.length !== 1) throw new UsageError('usage: hyperlinker scan FILE.docx [--settings JSON] [--compact] [--no-style]');
    const settings = await settingsFrom(values.settings);
    const packet = scan(readInput(positional[0]), settings, values['no-style'] ? {} : { detectStyle: detectListStyle });
    process.stdout.write(JSON.stringify(packet, null, values.compact ? 0 : 2) + '\n');
    return 0;
  },
};

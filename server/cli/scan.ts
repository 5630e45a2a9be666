// `hyperlinker scan FILE.docx [--settings JSON|@file] [--no-style]`: prints the ScanPacket as JSON, with the
// detected citation style (detectedCslId, styleDetection) unless --no-style.

import type { CliCommand } from './command.ts';
import { scan } from '../engine/index.ts';
import { parseArgs, readInput, settingsFrom } from './args.ts';
import { detectListStyle } from '../style/index.ts';

export const scanCommand: CliCommand = {
  summary: 'print the ScanPacket of a manuscript',
  async run(args) {
    const { positional, flags } = parseArgs(args, ['compact', 'no-style'], {}, ['settings']);
    if (positional.length !== 1) throw new Error('usage: hyperlinker scan FILE.docx [--settings JSON] [--compact] [--no-style]');
    const settings = await settingsFrom(flags);
    const packet = scan(readInput(positional[0]), settings, flags.has('no-style') ? {} : { detectStyle: detectListStyle });
    process.stdout.write(JSON.stringify(packet, null, flags.has('compact') ? 0 : 2) + '\n');
    return 0;
  },
};

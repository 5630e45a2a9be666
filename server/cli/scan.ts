// `hyperlinker scan FILE.docx [--settings JSON|@file]`: prints the ScanPacket as JSON.

import type { CliCommand } from '../cli.ts';
import { scan } from '../engine/index.ts';
import { parseArgs, readInput, settingsFrom } from './args.ts';

export const scanCommand: CliCommand = {
  summary: 'print the ScanPacket of a manuscript',
  async run(args) {
    const { positional, flags } = parseArgs(args, ['compact']);
    if (positional.length !== 1) throw new Error('usage: hyperlinker scan FILE.docx [--settings JSON] [--compact]');
    const settings = settingsFrom(flags);
    const packet = scan(readInput(positional[0]), settings);
    process.stdout.write(JSON.stringify(packet, null, flags.has('compact') ? 0 : 2) + '\n');
    return 0;
  },
};

import fs from 'node:fs';
import path from 'node:path';
import type { App } from '../app.js';
import { HttpError } from '../lib/http-error.js';
import type { ImportOutcome } from '../modules/library/import.service.js';
import { parseArgs } from './args.js';

export const IMPORT_USAGE = 'usage: npm run import -- <folder> [--platform NAME]';

function progressBar(done: number, total: number, width = 28): string {
  const filled = total === 0 ? width : Math.round((done / total) * width);
  return `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${total}`;
}

/** Imports a music folder, showing progress as it goes and a summary at the end. */
export async function importCommand(app: App, argv: string[]): Promise<string> {
  const { flags, positional } = parseArgs(argv);
  const folder = positional[0];
  if (!folder) throw new HttpError(400, IMPORT_USAGE);
  if (!fs.statSync(folder, { throwIfNoEntry: false })?.isDirectory()) {
    throw new HttpError(400, `Not a folder: ${path.resolve(folder)}`);
  }
  const tty = process.stderr.isTTY;
  const onProgress = (done: number, total: number, outcome: ImportOutcome) => {
    const name = path.basename(outcome.file);
    if (tty) {
      process.stderr.write(`\r\x1b[2K${progressBar(done, total)} ${name.slice(0, 40)}`);
      if (done === total) process.stderr.write('\n');
    } else {
      process.stderr.write(`${progressBar(done, total)} ${outcome.status}: ${name}\n`);
    }
  };
  const report = await app.ctx.services.import.importFolder(path.resolve(folder), {
    platform: flags.get('platform'),
    onProgress,
  });
  const lines = [
    `Imported from ${path.resolve(folder)}:`,
    `  added:           ${report.added}`,
    `  already present: ${report.present}`,
    `  failed:          ${report.failed.length}`,
    ...report.failed.map((f) => `    ${path.relative(path.resolve(folder), f.file)}: ${f.reason}`),
  ];
  return lines.join('\n');
}

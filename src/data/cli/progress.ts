// Import progress on stderr: one line updated in place on a terminal, one line per finished
// stage when stderr is a file or pipe (CI logs stay readable).
import type { ImportProgress } from '../import/importer.js';

export interface ProgressReporter {
  onProgress: ImportProgress;
  /** Ends the in-place line so that later output starts on a fresh line. */
  finish(): void;
}

export function progressReporter(stream: NodeJS.WriteStream = process.stderr): ProgressReporter {
  const interactive = stream.isTTY === true;
  let lastLine = '';
  return {
    onProgress(stage, done, total) {
      const percent = total === 0 ? 100 : Math.floor((done / total) * 100);
      if (interactive) {
        const line = `importing ${stage} ${percent}% (${done}/${total})`;
        if (line === lastLine) return;
        stream.write(`\r\x1b[2K${line}`);
        lastLine = line;
      } else if (done === total) {
        stream.write(`imported ${stage}: ${total}\n`);
      }
    },
    finish() {
      if (interactive && lastLine) stream.write('\n');
      lastLine = '';
    },
  };
}

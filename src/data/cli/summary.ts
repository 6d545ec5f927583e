import type { ImportSummary } from '../import/importer.js';

/** The import summary as an aligned text table, one entity per line. */
export function formatSummary(summary: ImportSummary): string {
  const header = ['entity', 'received', 'inserted', 'updated', 'unchanged'];
  const lines = Object.entries(summary)
    .filter(([, count]) => count.received > 0)
    .map(([entity, count]) => [entity, count.received, count.inserted, count.updated, count.unchanged].map(String));
  const widths = header.map((title, column) => Math.max(title.length, ...lines.map((line) => line[column].length)));
  const render = (cells: string[]) => cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join('  ');
  return [render(header), ...lines.map(render)].join('\n');
}

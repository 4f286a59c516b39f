// How the serving benchmark (serve.mjs) prints: Markdown tables, so that its output can be
// pasted into the performance page as it is.
export const mib = (bytes) => `${Math.round(bytes / 1024 / 1024)}`;
export const ms = (value) => (value === undefined ? '–' : `${Math.round(value)}`);
export const memory = ({ before, peak, after }) => `${mib(before)} / ${mib(peak)} / ${mib(after)}`;
export const loop = (delay) => (delay ? `${ms(delay.p50)} / ${ms(delay.p99)} / ${ms(delay.max)}` : '–');
/** `200×96, 429×2904`: each status and how many times it came. */
export const statuses = (counts) =>
  Object.entries(counts)
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([code, count]) => `${code}×${count}`)
    .join(', ') || 'none';

export function table(title, header, rows) {
  console.log(`\n${title}\n`);
  console.log(`| ${header.join(' | ')} |`);
  console.log(`|${header.map(() => '---').join('|')}|`);
  for (const row of rows) console.log(`| ${row.join(' | ')} |`);
}

/** The same request's statuses, tallied. */
export function tally(list) {
  const counts = {};
  for (const status of list) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}

export const wait = (milliseconds) => new Promise((resolve) => setTimeout(resolve, milliseconds));

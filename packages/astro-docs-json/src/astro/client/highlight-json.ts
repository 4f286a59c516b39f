// Colours for a pretty-printed JSON answer in the playground: keys, strings, numbers and
// literals, as spans the stylesheet colours. Everything else is escaped text.
import { escapeHtml as escape } from '../render/html.ts';

const TOKEN = /("(?:\\.|[^"\\])*")(\s*:)?|\b(true|false|null)\b|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/g;

export function highlightJson(json: string): string {
  let html = '';
  let last = 0;
  for (const match of json.matchAll(TOKEN)) {
    html += escape(json.slice(last, match.index));
    const [whole, string, colon, literal] = match;
    const kind = string ? (colon ? 'key' : 'string') : literal ? 'literal' : 'number';
    html += `<span class="json-${kind}">${escape(string ?? whole)}</span>${colon ? escape(colon) : ''}`;
    last = match.index + whole.length;
  }
  return html + escape(json.slice(last));
}

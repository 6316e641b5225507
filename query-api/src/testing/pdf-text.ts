import { inflateSync } from 'node:zlib';

/** WinAnsi's characters beyond Latin-1 that invoices use (€, dashes, quotes). */
const WIN_ANSI: Record<string, string> = { '\x80': '€', '\x85': '…', '\x95': '•', '\x91': '‘', '\x92': '’', '\x93': '“', '\x94': '”', '\x96': '–', '\x97': '—' };

/**
 * The text drawn on each page of a PDF our renderers wrote (pdfkit, compressed or not), one string per line
 * drawn: pdfkit writes a line as one TJ of WinAnsi hex strings (kerning between them). For tests that read a
 * document back as its reader sees it.
 */
export function pdfText(pdf: Buffer): string[][] {
  const raw = pdf.toString('latin1');
  const pages: string[][] = [];
  const streamPattern = /<<([^]*?)>>\s*stream\r?\n/g;
  for (let match = streamPattern.exec(raw); match; match = streamPattern.exec(raw)) {
    const start = match.index + match[0].length;
    // The stream's own /Length: a compressed stream may end with any byte, a carriage return too, which a search for
    // the end of line before "endstream" would take away (one page in 256 then read as none).
    const length = /\/Length (\d+)(?!\s+\d+\s+R)/.exec(match[1] ?? '');
    const end = length ? start + Number(length[1]) : raw.indexOf('endstream', start);
    const body = Buffer.from(length ? raw.slice(start, end) : raw.slice(start, end).replace(/\r?\n$/, ''), 'latin1');
    streamPattern.lastIndex = end;
    let content: string;
    try {
      content = (/FlateDecode/.test(match[1] ?? '') ? inflateSync(body) : body).toString('latin1');
    } catch {
      continue;
    }
    if (!/ TJ/.test(content)) continue;
    pages.push(
      [...content.matchAll(/\[(.*?)\] TJ/g)].map((line) => {
        const hex = [...(line[1] ?? '').matchAll(/<([0-9a-f]*)>/g)].map((part) => part[1]).join('');
        return Buffer.from(hex, 'hex').toString('latin1').replace(/[\x80-\x9f]/g, (char) => WIN_ANSI[char] ?? char);
      }),
    );
  }
  return pages;
}

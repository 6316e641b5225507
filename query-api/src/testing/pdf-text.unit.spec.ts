import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { pdfText } from './pdf-text';

/** A page's content stream as pdfkit writes one: its dictionary with the length, the bytes, then "\nendstream". */
function page(lines: string[], compress: boolean): Buffer {
  const content = Buffer.from(lines.map((line) => `[<${Buffer.from(line, 'latin1').toString('hex')}>] TJ`).join('\n'), 'latin1');
  const data = compress ? deflateSync(content) : content;
  return Buffer.concat([
    Buffer.from(`1 0 obj\n<<\n/Length ${data.length}${compress ? '\n/Filter /FlateDecode' : ''}\n>>\nstream\n`, 'latin1'),
    data,
    Buffer.from('\nendstream\nendobj\n', 'latin1'),
  ]);
}

describe('pdfText', () => {
  it('reads every page, a compressed one whose last byte is a carriage return too', () => {
    // A page whose compressed bytes end with \r (one in 256 do, by their checksum): found by trying texts.
    let text = '';
    for (let i = 0; i < 1024; i += 1) {
      text = `Total à payer ${'a'.repeat(i)}`;
      if (deflateSync(Buffer.from(`[<${Buffer.from(text, 'latin1').toString('hex')}>] TJ`, 'latin1')).at(-1) === 0x0d) break;
    }
    expect(deflateSync(Buffer.from(`[<${Buffer.from(text, 'latin1').toString('hex')}>] TJ`, 'latin1')).at(-1)).toBe(0x0d);
    const pdf = Buffer.concat([Buffer.from('%PDF-1.3\n'), page(['AVOIR'], true), page([text], true), page(['Merci', 'FACTURE 2'], false)]);
    expect(pdfText(pdf)).toEqual([['AVOIR'], [text], ['Merci', 'FACTURE 2']]);
  });

});

import { describe, expect, it } from 'vitest';
import { cleanFileName, Slots, sniffType } from './attachments';

const PNG_HEAD = Buffer.from('89504e470d0a1a0a0000000d', 'hex');

describe('sniffType', () => {
  it('tells the five accepted types by their first bytes, and nothing else', () => {
    expect(sniffType(PNG_HEAD)).toBe('image/png');
    expect(sniffType(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniffType(Buffer.from('GIF89a'))).toBe('image/gif');
    expect(sniffType(Buffer.from('RIFF\0\0\0\0WEBPVP8 '))).toBe('image/webp');
    expect(sniffType(Buffer.from('%PDF-1.7'))).toBe('application/pdf');
    expect(sniffType(Buffer.from('<html>'))).toBeUndefined();
    expect(sniffType(Buffer.from('RIFF\0\0\0\0WAVE'))).toBeUndefined();
  });
});

describe('cleanFileName', () => {
  it('keeps a name whose extension says its type, in any case', () => {
    expect(cleanFileName('dock photo.png', 'image/png')).toBe('dock photo.png');
    expect(cleanFileName('IMG_0001.JPEG', 'image/jpeg')).toBe('IMG_0001.JPEG');
    expect(cleanFileName('scan.jpg', 'image/jpeg')).toBe('scan.jpg');
  });

  it("replaces an extension of another type with the content's, and adds one when missing", () => {
    expect(cleanFileName('invoice.exe', 'application/pdf')).toBe('invoice.pdf');
    expect(cleanFileName('photo.png', 'application/pdf')).toBe('photo.pdf');
    expect(cleanFileName('report', 'application/pdf')).toBe('report.pdf');
    expect(cleanFileName('picture.', 'image/webp')).toBe('picture.webp');
    expect(cleanFileName('archive.tar.gz', 'image/gif')).toBe('archive.tar.gif');
    expect(cleanFileName('photo', 'image/jpeg')).toBe('photo.jpg');
  });

  it('removes control and bidirectional characters, so a name reads as what it is', () => {
    // "invoice<RLO>fdp.exe" shows as "invoiceexe.pdf" in a list that honours the override.
    expect(cleanFileName('invoice\u202efdp.exe', 'application/pdf')).toBe('invoicefdp.pdf');
    for (const c of [
      '\u202a',
      '\u202b',
      '\u202c',
      '\u202d',
      '\u202e',
      '\u2066',
      '\u2067',
      '\u2068',
      '\u2069',
      '\u200e',
      '\u200f',
      '\u061c',
    ])
      expect(cleanFileName(`a${c}b.png`, 'image/png')).toBe('ab.png');
    expect(cleanFileName('line\r\nbreak\u0000\u007f.png', 'image/png')).toBe('linebreak.png');
    expect(cleanFileName('tab\there.pdf', 'application/pdf')).toBe('tabhere.pdf');
  });

  it('drops paths and characters a disk refuses, and names a nameless file', () => {
    expect(cleanFileName('C:\\Users\\me\\..\\scan.pdf', 'application/pdf')).toBe('scan.pdf');
    expect(cleanFileName('../../etc/passwd', 'image/png')).toBe('passwd.png');
    expect(cleanFileName('a"b<c>d|e:f*g?.png', 'image/png')).toBe('abcdefg.png');
    expect(cleanFileName(undefined, 'image/png')).toBe('attachment.png');
    expect(cleanFileName('\u202e', 'application/pdf')).toBe('attachment.pdf');
    expect(cleanFileName('.htaccess', 'image/png')).toBe('htaccess.png');
    expect(cleanFileName('...', 'image/png')).toBe('attachment.png');
  });

  it('cuts a long name to 120 characters, keeping the extension', () => {
    const name = cleanFileName(`${'x'.repeat(300)}.pdf`, 'application/pdf');
    expect(name).toHaveLength(120);
    expect(name.endsWith('x.pdf')).toBe(true);
  });
});

describe('Slots', () => {
  it('runs at most its limit at once, the others in the order they came', async () => {
    const slots = new Slots(2);
    let running = 0;
    let most = 0;
    const order: number[] = [];
    await Promise.all(
      [1, 2, 3, 4, 5].map((n) =>
        slots.run(async () => {
          running += 1;
          most = Math.max(most, running);
          await new Promise((r) => setTimeout(r, 5));
          order.push(n);
          running -= 1;
        }),
      ),
    );
    expect(most).toBe(2);
    expect(order).toEqual([1, 2, 3, 4, 5]);
  });
});

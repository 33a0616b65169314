import { describe, expect, it } from 'vitest';
import { attachmentIds } from './attachmentLinks';
import { checkFormatList, contentMatches, extensionOf } from './contentCheck';
import { contentDisposition, parseRange, zipEntryNames, zipName } from './fileResponses';
import { fileRefs } from './fileService';
import { cleanFileName } from './uploadReceiver';
import { callLimits, serverLimits } from './uploadRules';

const bytes = (...b: number[]) => Buffer.from(b);

describe('content checks', () => {
  it('accepts a format only with its own signature', () => {
    expect(contentMatches('png', bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0))).toBe(true);
    expect(contentMatches('png', Buffer.from('%PDF-1.4'))).toBe(false);
    expect(contentMatches('pdf', Buffer.from('%PDF-1.4'))).toBe(true);
    expect(contentMatches('docx', Buffer.from('PK\x03\x04rest', 'latin1'))).toBe(true);
    expect(contentMatches('doc', Buffer.from('PK\x03\x04rest', 'latin1'))).toBe(false);
    expect(contentMatches('webp', Buffer.from('RIFF\x00\x00\x00\x00WEBPVP8 ', 'latin1'))).toBe(true);
    expect(contentMatches('exe', Buffer.from('MZ'))).toBe(false);
  });

  it('takes text as text only without NUL bytes or a binary signature', () => {
    expect(contentMatches('csv', Buffer.from('a,b\n1,"x, y"\n'))).toBe(true);
    expect(contentMatches('txt', Buffer.alloc(0))).toBe(true);
    expect(contentMatches('txt', Buffer.from('abc\u0000def'))).toBe(false);
    expect(contentMatches('txt', Buffer.from('%PDF-1.7 looks like text'))).toBe(false);
  });

  it('refuses a configured format it could not check', () => {
    expect(() => checkFormatList(['pdf', 'html'])).toThrow(/html/);
    expect(checkFormatList(['pdf'])).toEqual(['pdf']);
  });

  it('reads extensions from the last dot, never from a leading one', () => {
    expect([extensionOf('a.tar.GZ'), extensionOf('.bashrc'), extensionOf('noext'), extensionOf('x.')]).toEqual([
      'gz',
      '',
      '',
      '',
    ]);
  });
});

describe('upload limits and names', () => {
  it('lets a call narrow the server limits but never widen them', () => {
    const server = serverLimits(100, ['pdf', 'png']);
    expect(callLimits(server, { maxSize: '10', formats: '.PDF, docx' })).toEqual({
      maxBytes: 10 * 1024,
      formats: ['pdf'],
    });
    expect(callLimits(server, { maxSize: '999999' })).toEqual({ maxBytes: 100 * 1024, formats: ['pdf', 'png'] });
    expect(() => callLimits(server, { maxSize: '-1' })).toThrow();
  });

  it('keeps only the last path segment of a client file name, without control characters', () => {
    expect(cleanFileName('../../etc/passwd.txt')).toBe('passwd.txt');
    expect(cleanFileName('..\\..\\windows\\win.ini')).toBe('win.ini');
    expect(cleanFileName('a\u0000b\r\n.pdf')).toBe('ab.pdf');
    expect(cleanFileName('')).toBe('file');
  });

  it('reads ids and storage keys from lists, strings and numbers', () => {
    expect(fileRefs('3, 4,3', 'ids')).toEqual([3, 4]);
    expect(fileRefs([5, 'ab'.repeat(16)], 'ids')).toEqual([5, 'ab'.repeat(16)]);
    expect(() => fileRefs(['../x'], 'ids')).toThrow();
    expect(() => fileRefs([], 'ids')).toThrow();
    expect(attachmentIds('7,8,x,7')).toEqual([7, 8]);
  });
});

describe('download answers', () => {
  it('names the file for every browser, and nothing escapes the header', () => {
    expect(contentDisposition('报价 "final";.xlsx')).toBe(
      `attachment; filename="__ _final__.xlsx"; filename*=UTF-8''%E6%8A%A5%E4%BB%B7%20%22final%22%3B.xlsx`,
    );
  });

  it('parses one byte range as RFC 9110 defines it', () => {
    expect(parseRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(parseRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-5', 100)).toEqual({ start: 95, end: 99 });
    expect(parseRange('bytes=50-500', 100)).toEqual({ start: 50, end: 99 });
    expect(parseRange('bytes=0-1,5-6', 100)).toBeUndefined();
    expect(parseRange('items=0-1', 100)).toBeUndefined();
    expect(() => parseRange('bytes=100-', 100)).toThrow(/not satisfiable/);
    expect(() => parseRange('bytes=9-3', 100)).toThrow(/not satisfiable/);
  });

  it('keeps zip entry names apart and stamps the zip name', () => {
    expect(zipEntryNames(['a.pdf', 'A.pdf', 'a.pdf', 'b'])).toEqual(['a.pdf', 'A (2).pdf', 'a (3).pdf', 'b']);
    expect(zipName(new Date(2026, 10, 22, 9, 5, 7))).toBe('attachments_20261122_090507.zip');
  });
});

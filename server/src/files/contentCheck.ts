/**
 * What a file's extension promises about its bytes. An upload is refused when its content does
 * not match its extension (a renamed executable or HTML page is never stored as ".pdf"), and
 * every stored file is served with the content type of its verified format, never the client's.
 */
interface Signature {
  offset: number;
  bytes: number[];
}

interface FormatRule {
  contentType: string;
  /** Any one of these must match; `text` formats instead must not look binary. */
  signatures?: Signature[];
  text?: boolean;
  /** Shown inside the application (images and PDF); everything else only downloads. */
  inlinePreview?: boolean;
}

const sig = (bytes: number[] | string, offset = 0): Signature => ({
  offset,
  bytes: typeof bytes === 'string' ? [...Buffer.from(bytes, 'latin1')] : bytes,
});
const ZIP = [sig('PK\x03\x04'), sig('PK\x05\x06')];
const OLE = [sig([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])];

export const FORMATS: Record<string, FormatRule> = {
  jpg: { contentType: 'image/jpeg', signatures: [sig([0xff, 0xd8, 0xff])], inlinePreview: true },
  jpeg: { contentType: 'image/jpeg', signatures: [sig([0xff, 0xd8, 0xff])], inlinePreview: true },
  png: {
    contentType: 'image/png',
    signatures: [sig([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])],
    inlinePreview: true,
  },
  gif: { contentType: 'image/gif', signatures: [sig('GIF87a'), sig('GIF89a')], inlinePreview: true },
  bmp: { contentType: 'image/bmp', signatures: [sig('BM')], inlinePreview: true },
  webp: { contentType: 'image/webp', signatures: [sig('WEBP', 8)], inlinePreview: true },
  pdf: { contentType: 'application/pdf', signatures: [sig('%PDF-')], inlinePreview: true },
  doc: { contentType: 'application/msword', signatures: OLE },
  xls: { contentType: 'application/vnd.ms-excel', signatures: OLE },
  ppt: { contentType: 'application/vnd.ms-powerpoint', signatures: OLE },
  docx: { contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', signatures: ZIP },
  xlsx: { contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', signatures: ZIP },
  pptx: { contentType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation', signatures: ZIP },
  zip: { contentType: 'application/zip', signatures: ZIP },
  rar: { contentType: 'application/vnd.rar', signatures: [sig('Rar!\x1a\x07')] },
  '7z': { contentType: 'application/x-7z-compressed', signatures: [sig([0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c])] },
  txt: { contentType: 'text/plain; charset=utf-8', text: true },
  csv: { contentType: 'text/csv; charset=utf-8', text: true },
};

/** Accepted when neither the configuration nor the call narrows the list. */
export const DEFAULT_FORMATS = Object.keys(FORMATS);

/** How many leading bytes the check needs (text files are checked for NUL bytes in this much). */
export const SNIFF_BYTES = 8192;

export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 && dot < fileName.length - 1 ? fileName.slice(dot + 1).toLowerCase() : '';
}

/** Configured formats must all be known: an unknown one could not be checked against content. */
export function checkFormatList(formats: string[]): string[] {
  const unknown = formats.filter((f) => !FORMATS[f]);
  if (unknown.length)
    throw new Error(`Unsupported upload formats ${unknown.join(', ')}; known: ${DEFAULT_FORMATS.join(', ')}`);
  return formats;
}

const matches = (head: Buffer, s: Signature) =>
  head.length >= s.offset + s.bytes.length && s.bytes.every((b, i) => head[s.offset + i] === b);

/** Binary content in a "text" file: NUL bytes, or the signature of any binary format. */
function looksBinary(head: Buffer): boolean {
  if (head.includes(0)) return true;
  return Object.values(FORMATS).some((rule) => rule.signatures?.some((s) => s.bytes.length >= 4 && matches(head, s)));
}

/** Whether the first SNIFF_BYTES of a file are what its extension says. An empty file matches only text. */
export function contentMatches(extension: string, head: Buffer): boolean {
  const rule = FORMATS[extension];
  if (!rule) return false;
  if (rule.text) return !looksBinary(head);
  return rule.signatures!.some((s) => matches(head, s));
}

export function contentTypeOf(extension: string): string {
  return FORMATS[extension]?.contentType ?? 'application/octet-stream';
}

export function previewsInline(extension: string): boolean {
  return FORMATS[extension]?.inlinePreview === true;
}

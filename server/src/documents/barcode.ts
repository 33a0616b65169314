/** Barcodes for printed documents: bwip-js (pure JS, nothing downloaded at install). */

/** A Code 128 barcode as PNG on white, without its own text: documents print the value as PDF text. */
export async function code128Png(value: string): Promise<Buffer> {
  const bwip = await import('bwip-js/node');
  return bwip.toBuffer({
    bcid: 'code128',
    text: value,
    scale: 3,
    height: 12,
    includetext: false,
    paddingwidth: 4,
    backgroundcolor: 'FFFFFF',
  });
}

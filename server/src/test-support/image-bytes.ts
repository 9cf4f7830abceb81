/** Image facts read from the bytes themselves (no decoder): a PNG's size and alpha, an ICO's images. */

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * A PNG's width and height (its IHDR chunk) and whether it can be transparent: a colour type with
 * alpha (4, 6) or a tRNS chunk (transparency for a palette or a colour).
 */
export function pngInfo(png: Buffer): { width: number; height: number; alpha: boolean } {
  if (!png.subarray(0, 8).equals(PNG_SIGNATURE)) throw new Error('not a PNG');
  if (png.toString('latin1', 12, 16) !== 'IHDR') throw new Error('PNG without IHDR first');
  const width = png.readUInt32BE(16);
  const height = png.readUInt32BE(20);
  const colourType = png.readUInt8(25);
  let alpha = colourType === 4 || colourType === 6;
  for (let at = 8; at + 8 <= png.length;) {
    const length = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    if (type === 'tRNS') alpha = true;
    if (type === 'IEND') break;
    at += 12 + length;
  }
  return { width, height, alpha };
}

/** The images of an ICO file (its directory: 0 in a size byte means 256), with their bytes. */
export function icoImages(ico: Buffer): Array<{ width: number; height: number; png: Buffer }> {
  if (ico.readUInt16LE(0) !== 0 || ico.readUInt16LE(2) !== 1) throw new Error('not an ICO file');
  const count = ico.readUInt16LE(4);
  const out: Array<{ width: number; height: number; png: Buffer }> = [];
  for (let i = 0; i < count; i++) {
    const entry = 6 + 16 * i;
    const size = ico.readUInt32LE(entry + 8);
    const offset = ico.readUInt32LE(entry + 12);
    out.push({
      width: ico.readUInt8(entry) || 256,
      height: ico.readUInt8(entry + 1) || 256,
      png: ico.subarray(offset, offset + size),
    });
  }
  return out;
}

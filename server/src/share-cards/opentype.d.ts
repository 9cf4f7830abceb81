/** The part of satori's font parser (@shuding/opentype.js, a fork of opentype.js) the card test uses. */
declare module '@shuding/opentype.js' {
  interface Path {
    toPathData(decimalPlaces?: number): string;
    getBoundingBox(): { x1: number; y1: number; x2: number; y2: number };
  }
  interface Font {
    getPath(text: string, x: number, y: number, fontSize: number): Path;
  }
  const opentype: { parse(buffer: ArrayBuffer): Font };
  export default opentype;
}

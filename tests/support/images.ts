import { crc32, deflateSync } from "node:zlib";

/** A PNG of width × height RGBA pixels, each given by `pixel(x, y)` as [r, g, b, a]. */
export function pngOf(width: number, height: number, pixel: (x: number, y: number) => [number, number, number, number]): Uint8Array {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per channel
  header[9] = 6; // RGBA
  const stride = width * 4 + 1; // each row starts with its filter type, 0 (none)
  const rows = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) rows.set(pixel(x, y), y * stride + 1 + x * 4);
  }
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk("IHDR", header),
      chunk("IDAT", deflateSync(rows)),
      chunk("IEND", Buffer.alloc(0)),
    ]),
  );
}

/** Opaque black. */
export function solidPng(width: number, height: number): Uint8Array {
  return pngOf(width, height, () => [0, 0, 0, 255]);
}

/** A wavy blue stroke on a transparent background, like a signature drawn on a pad. */
export function scribblePng(width = 400, height = 120): Uint8Array {
  const strokeAt = (x: number) => height / 2 + Math.sin(x / 12) * (height / 3) * Math.cos(x / 37);
  return pngOf(width, height, (x, y) => (Math.abs(y - strokeAt(x)) <= 2 ? [10, 30, 110, 255] : [0, 0, 0, 0]));
}

import { constants, createInflate, inflateSync } from "node:zlib";

/**
 * The PDF stream filters that turn a few bytes into many (ISO 32000-1, 7.4), each decoding into
 * at most `limit` bytes: past it a decoder stops and throws DecodeLimitReached, having allocated
 * no more than `limit`. They follow pdf.js's decoders where data is damaged (what pdf.js would
 * still decode, they decode too), so that what they count is what a reader decodes.
 * npm has no decoder for PDF's LZW, RunLength or ASCII85 variants that stops at a size; zlib does.
 */

export class DecodeLimitReached extends Error {
  constructor() {
    super("decoded past the limit");
  }
}

/** A growing output that refuses to grow past `limit`. */
class CappedOutput {
  private buffer: Uint8Array;
  length = 0;

  constructor(
    private readonly limit: number,
    sizeHint: number,
  ) {
    this.buffer = new Uint8Array(Math.min(limit, Math.max(sizeHint, 1024)));
  }

  private makeRoom(extra: number): void {
    const needed = this.length + extra;
    if (needed > this.limit) throw new DecodeLimitReached();
    if (needed <= this.buffer.length) return;
    const grown = new Uint8Array(Math.min(this.limit, Math.max(needed, this.buffer.length * 2)));
    grown.set(this.buffer.subarray(0, this.length));
    this.buffer = grown;
  }

  push(byte: number): void {
    this.makeRoom(1);
    this.buffer[this.length++] = byte;
  }

  pushRepeated(byte: number, count: number): void {
    this.makeRoom(count);
    this.buffer.fill(byte, this.length, this.length + count);
    this.length += count;
  }

  pushBytes(bytes: Uint8Array): void {
    this.makeRoom(bytes.length);
    this.buffer.set(bytes, this.length);
    this.length += bytes.length;
  }

  result(): Uint8Array {
    return this.buffer.subarray(0, this.length);
  }
}

/**
 * FlateDecode. zlib stops at `limit` (maxOutputLength) and at the end of the compressed data, so
 * the rest of the file after the stream costs nothing. Data that breaks off or goes wrong midway is
 * inflated as far as it goes, as pdf.js does, the slower way (a stream) since zlib's one-call form
 * keeps nothing when it fails.
 */
export async function inflateWithin(input: Uint8Array, limit: number): Promise<Uint8Array> {
  let output: Uint8Array;
  try {
    // zlib's smallest limit is 1 byte; a byte over a limit of 0 is refused below.
    output = inflateSync(input, { maxOutputLength: Math.max(limit, 1), finishFlush: constants.Z_SYNC_FLUSH });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ERR_BUFFER_TOO_LARGE") throw new DecodeLimitReached();
    return inflateAsFarAsItGoes(input, limit);
  }
  if (output.length > limit) throw new DecodeLimitReached();
  return output;
}

function inflateAsFarAsItGoes(input: Uint8Array, limit: number): Promise<Uint8Array> {
  const output = new CappedOutput(limit, input.length * 4);
  const inflate = createInflate({ finishFlush: constants.Z_SYNC_FLUSH });
  return new Promise((resolve, reject) => {
    inflate.on("data", (chunk: Buffer) => {
      try {
        output.pushBytes(chunk);
      } catch (error) {
        inflate.destroy();
        reject(error);
      }
    });
    inflate.on("error", () => resolve(output.result()));
    inflate.on("end", () => resolve(output.result()));
    inflate.end(input);
  });
}

/** LZWDecode, as pdf.js's LZWStream reads it (codes of 9 to 12 bits, 256 clears, 257 ends). */
export function lzwDecodeWithin(input: Uint8Array, limit: number, earlyChange: number): Uint8Array {
  const output = new CappedOutput(limit, input.length * 4);
  const values = new Uint8Array(4096);
  const lengths = new Uint16Array(4096);
  const previousCodes = new Uint16Array(4096);
  const sequence = new Uint8Array(4096);
  for (let i = 0; i < 256; i++) {
    values[i] = i;
    lengths[i] = 1;
  }
  let sequenceLength = 0;
  let codeLength = 9;
  let nextCode = 258;
  let previousCode = 0;
  let cached = 0;
  let bitsCached = 0;
  let position = 0;
  for (;;) {
    while (bitsCached < codeLength) {
      if (position >= input.length) return output.result();
      cached = ((cached << 8) | input[position++]) & 0xffffff;
      bitsCached += 8;
    }
    bitsCached -= codeLength;
    const code = (cached >>> bitsCached) & ((1 << codeLength) - 1);
    const hadSequence = sequenceLength > 0;
    if (code < 256) {
      sequence[0] = code;
      sequenceLength = 1;
    } else if (code >= 258) {
      if (code < nextCode) {
        sequenceLength = lengths[code];
        for (let j = sequenceLength - 1, q = code; j >= 0; j--) {
          sequence[j] = values[q];
          q = previousCodes[q];
        }
      } else {
        sequence[sequenceLength++] = sequence[0];
      }
    } else if (code === 256) {
      codeLength = 9;
      nextCode = 258;
      sequenceLength = 0;
      continue;
    } else {
      return output.result(); // 257: end of data
    }
    if (hadSequence) {
      previousCodes[nextCode] = previousCode;
      lengths[nextCode] = lengths[previousCode] + 1;
      values[nextCode] = sequence[0];
      nextCode++;
      const widened = nextCode + earlyChange;
      codeLength = widened & (widened - 1) ? codeLength : Math.min(Math.log2(widened) + 1, 12) | 0;
    }
    previousCode = code;
    // Past 4096 bytes pdf.js reads its sequence's missing bytes as zeros; so does this.
    output.pushBytes(sequence.subarray(0, Math.min(sequenceLength, 4096)));
    if (sequenceLength > 4096) output.pushRepeated(0, sequenceLength - 4096);
  }
}

/** RunLengthDecode: a length byte, then 1 to 128 bytes as they are or one byte 2 to 128 times; 128 ends. */
export function runLengthDecodeWithin(input: Uint8Array, limit: number): Uint8Array {
  const output = new CappedOutput(limit, input.length * 2);
  let position = 0;
  while (position < input.length) {
    const length = input[position++];
    if (length === 128) break;
    if (length < 128) {
      const literal = input.subarray(position, position + length + 1);
      output.pushBytes(literal);
      position += literal.length;
    } else {
      if (position >= input.length) break;
      output.pushRepeated(input[position++], 257 - length);
    }
  }
  return output.result();
}

function hexValue(char: number): number {
  if (char >= 0x30 && char <= 0x39) return char - 0x30;
  if ((char >= 0x41 && char <= 0x46) || (char >= 0x61 && char <= 0x66)) return (char & 0x0f) + 9;
  return -1;
}

/** ASCIIHexDecode: pairs of hex digits, anything else skipped, `>` ends; a last odd digit counts as d0. */
export function asciiHexDecodeWithin(input: Uint8Array, limit: number): Uint8Array {
  const output = new CappedOutput(limit, input.length / 2);
  let high = -1;
  for (const char of input) {
    if (char === 0x3e) break;
    const digit = hexValue(char);
    if (digit < 0) continue;
    if (high < 0) {
      high = digit;
    } else {
      output.push((high << 4) | digit);
      high = -1;
    }
  }
  if (high >= 0) output.push(high << 4);
  return output.result();
}

const isWhiteSpace = (char: number) => char === 0x20 || char === 0x09 || char === 0x0a || char === 0x0d || char === 0x0c || char === 0x00;

/** ASCII85Decode: groups of five characters `!` to `u` make four bytes, `z` four zeros, `~` ends. */
export function ascii85DecodeWithin(input: Uint8Array, limit: number): Uint8Array {
  const output = new CappedOutput(limit, input.length);
  const group: number[] = [];
  const flush = () => {
    if (group.length < 2) return;
    let value = 0;
    for (let i = 0; i < 5; i++) value = value * 85 + ((i < group.length ? group[i] : 0x75) - 0x21);
    for (let i = 0; i < group.length - 1; i++) output.push((value >>> (24 - 8 * i)) & 0xff);
  };
  for (const char of input) {
    if (isWhiteSpace(char)) continue;
    if (char === 0x7e) break;
    if (char === 0x7a && group.length === 0) {
      output.pushRepeated(0, 4);
      continue;
    }
    group.push(char);
    if (group.length === 5) {
      flush();
      group.length = 0;
    }
  }
  flush();
  return output.result();
}

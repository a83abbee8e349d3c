// A gzip body made of pieces compressed apart (issue 30): a spliced page's fixed runs are
// compressed once and kept, and an answer compresses only what is its own. Each piece is raw
// deflate ending on a byte boundary (a sync flush) with no final block, so pieces follow one
// another as one deflate stream (as pigz joins its blocks); one empty final block closes it.
// The gzip trailer's CRC-32 of the whole is combined from the pieces' own, as zlib's
// crc32_combine does, so no answer reads the whole page again.
import zlib from "node:zlib";

export interface GzipPiece {
  /** Raw deflate blocks, none final, ending byte-aligned. */
  readonly deflated: Buffer;
  /** CRC-32 and length of the bytes the piece stands for. */
  readonly crc: number;
  readonly length: number;
}

/** A piece compressed at `level` (a kept run at 9, compressed once; an answer's own at 1). */
export function deflatePiece(bytes: Buffer, level: number): GzipPiece {
  return {
    deflated: zlib.deflateRawSync(bytes, { level, finishFlush: zlib.constants.Z_SYNC_FLUSH }),
    crc: zlib.crc32(bytes),
    length: bytes.length,
  };
}

const STORED_MAX = 0xffff;

/** A piece sent as it is, in stored blocks: for bytes too few to be worth compressing (a nonce, an id). */
export function storedPiece(bytes: Buffer): GzipPiece {
  const blocks: Buffer[] = [];
  let at = 0;
  do {
    const chunk = bytes.subarray(at, at + STORED_MAX);
    // BFINAL 0 and BTYPE 00 (stored) padded to the byte; then LEN and its one's complement.
    const header = Buffer.alloc(5);
    header.writeUInt16LE(chunk.length, 1);
    header.writeUInt16LE(~chunk.length & 0xffff, 3);
    blocks.push(header, chunk);
    at += STORED_MAX;
  } while (at < bytes.length);
  return { deflated: Buffer.concat(blocks), crc: zlib.crc32(bytes), length: bytes.length };
}

// A final block with fixed codes and nothing but its end: BFINAL 1, BTYPE 01, end-of-block 0000000.
const FINAL_BLOCK = Buffer.from([0x03, 0x00]);
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xff]);

/** The pieces, in order, as one gzip body. */
export function gzipOf(pieces: readonly GzipPiece[]): Buffer {
  let crc = 0;
  let length = 0;
  for (const piece of pieces) {
    crc = crc32Combine(crc, piece.crc, piece.length);
    length += piece.length;
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(length % 2 ** 32, 4);
  return Buffer.concat([GZIP_HEADER, ...pieces.map((p) => p.deflated), FINAL_BLOCK, trailer]);
}

// CRC-32 arithmetic modulo its polynomial (zlib's crc32.c, multmodp and x2nmodp), reflected.
const POLY = 0xedb88320;

function multModP(a: number, b: number): number {
  let m = 1 << 31;
  let p = 0;
  for (;;) {
    if (a & m) {
      p ^= b;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    b = b & 1 ? (b >>> 1) ^ POLY : b >>> 1;
  }
  return p >>> 0;
}

// x^(2^n) modulo the polynomial, for n = 0..31.
const X2N: number[] = [1 << 30];
for (let n = 1; n < 32; n++) X2N.push(multModP(X2N[n - 1]!, X2N[n - 1]!));

/** x^(n * 2^k) modulo the polynomial. */
function x2nModP(n: number, k: number): number {
  let p = 1 << 31;
  while (n) {
    if (n & 1) p = multModP(X2N[k & 31]!, p);
    n = Math.floor(n / 2);
    k++;
  }
  return p >>> 0;
}

/** The CRC-32 of A then B, from A's, B's and B's length. */
export function crc32Combine(crcA: number, crcB: number, lengthB: number): number {
  return (multModP(x2nModP(lengthB, 3), crcA) ^ crcB) >>> 0;
}

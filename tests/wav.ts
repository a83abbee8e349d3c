// A WAV file for the speech tests: 16 kHz, mono, 16-bit PCM, `dataBytes` of silence after its
// 44-byte header (what the shop's media sniffing and both speech engines read).
export function silentWav(dataBytes: number): Buffer<ArrayBuffer> {
  const b = Buffer.alloc(44 + dataBytes);
  b.write("RIFF", 0);
  b.writeUInt32LE(36 + dataBytes, 4);
  b.write("WAVE", 8);
  b.write("fmt ", 12);
  b.writeUInt32LE(16, 16);
  b.writeUInt16LE(1, 20);
  b.writeUInt16LE(1, 22);
  b.writeUInt32LE(16000, 24);
  b.writeUInt32LE(32000, 28);
  b.writeUInt16LE(2, 32);
  b.writeUInt16LE(16, 34);
  b.write("data", 36);
  b.writeUInt32LE(dataBytes, 40);
  return b;
}

/** A WAV's length in seconds from its header, or null for another container (not measured). */
export function wavSeconds(bytes: Uint8Array): number | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const text = (at: number) => String.fromCharCode(...bytes.subarray(at, at + 4));
  if (bytes.length < 44 || text(0) !== "RIFF" || text(8) !== "WAVE") return null;
  const byteRate = view.getUint32(28, true);
  return byteRate > 0 ? (bytes.length - 44) / byteRate : null;
}

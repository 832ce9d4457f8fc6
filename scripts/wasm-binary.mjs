// The pieces of the wasm binary format that build.sh's wasm steps read and write
// (short-wasm-names.mjs, order-wasm-functions.mjs): LEB128 integers, names and import
// descriptions. A malformed or cut-off wasm throws; each script turns that into its own
// message and a failed build.

// An unsigned LEB128 number at `pos`: [value, the position after it].
export function readU32(buf, pos) {
  let result = 0;
  let shift = 0;
  for (;;) {
    // A cut-off file or a run of continuation bytes is refused, not read past its end.
    if (pos >= buf.length || shift > 28) throw new Error("a malformed or cut-off wasm (LEB128)");
    const byte = buf[pos++];
    result |= (byte & 0x7f) << shift;
    if (byte < 0x80) return [result >>> 0, pos];
    shift += 7;
  }
}

export function u32(n) {
  const out = [];
  do {
    let byte = n & 0x7f;
    n >>>= 7;
    if (n) byte |= 0x80;
    out.push(byte);
  } while (n);
  return Buffer.from(out);
}

// A name (length, UTF-8 bytes) at `pos`: [text, the position after it].
export function readName(buf, pos) {
  const [len, start] = readU32(buf, pos);
  if (start + len > buf.length) throw new Error("a malformed or cut-off wasm (name)");
  return [buf.toString("utf8", start, start + len), start + len];
}

export const name = (s) => {
  const bytes = Buffer.from(s, "utf8");
  return Buffer.concat([u32(bytes.length), bytes]);
};

// Past one import's description (after its two names): [kind, the position after it].
export function skipImportDesc(buf, pos) {
  const kind = buf[pos++];
  const limits = (p) => {
    const flags = buf[p++];
    [, p] = readU32(buf, p);
    if (flags & 1) [, p] = readU32(buf, p);
    return p;
  };
  if (kind === 0) return [kind, readU32(buf, pos)[1]]; // function: type index
  if (kind === 1) return [kind, limits(pos + 1)]; // table: reftype, limits
  if (kind === 2) return [kind, limits(pos)]; // memory: limits
  if (kind === 3) return [kind, pos + 2]; // global: valtype, mutability
  if (kind === 4) return [kind, readU32(buf, pos + 1)[1]]; // tag: attribute, type index
  throw new Error(`unknown import kind ${kind}`);
}

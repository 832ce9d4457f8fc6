// Names each function of the wasm by its place in the order that compresses best, for
// `wasm-opt --reorder-functions-by-name` to put the bodies in (scripts/build.sh, step 0b).
//
//   node scripts/order-wasm-functions.mjs APP_bg.wasm
//
// Why: brotli finds more and nearer repeats when alike function bodies sit together. LLVM
// lays them out in its own order; sorting the bodies by their bytes (their locals first, then
// their code) puts the many small, near-identical ones (closures, monomorphised copies) side
// by side. Measured on the release wasm of 2026-11-29: 239,192 B brotli in LLVM's order,
// 234,171 B sorted by bytes, 234,211 B by size, 234,412 B by code without locals, 235,109 B
// by reversed bytes (each written by the same wasm-opt command). The order changes nothing a
// browser runs: every call, export and table entry follows its function (wasm-opt renumbers
// them). The names only steer wasm-opt, which writes no name section without -g (its
// --strip-debug in build.sh makes sure). A name section already there is replaced.
import { readFileSync, writeFileSync } from "node:fs";
import { name, readName, readU32, skipImportDesc, u32 } from "./wasm-binary.mjs";

const [wasmPath] = process.argv.slice(2);
if (!wasmPath) {
  console.error("usage: order-wasm-functions.mjs APP_bg.wasm");
  process.exit(2);
}
const fail = (msg) => {
  console.error(`order-wasm-functions: ${msg}`);
  process.exit(1);
};
// wasm-binary.mjs throws on a malformed wasm: the same message and a failed build.
process.on("uncaughtException", (e) => fail(e.message));

const wasm = readFileSync(wasmPath);
if (wasm.length < 8 || wasm.readUInt32LE(0) !== 0x6d736100) fail(`${wasmPath} is not a wasm module`);

let imports = null;
let code = null;
let targetFeatures = false;
const kept = [wasm.subarray(0, 8)]; // every section but an old name section
for (let pos = 8; pos < wasm.length; ) {
  const id = wasm[pos];
  const [size, start] = readU32(wasm, pos + 1);
  if (start + size > wasm.length) fail(`section ${id} runs past the end of ${wasmPath}`);
  const custom = id === 0 ? readName(wasm, start)[0] : null;
  if (custom !== "name") kept.push(wasm.subarray(pos, start + size));
  if (custom === "target_features") targetFeatures = true;
  if (id === 2) imports = wasm.subarray(start, start + size);
  if (id === 10) code = wasm.subarray(start, start + size);
  pos = start + size;
}
if (!code) fail("no code section");
// build.sh's wasm-opt reads the features the wasm uses from this section; without it,
// wasm-opt would assume its defaults and might reject (or mis-write) the wasm.
if (!targetFeatures) fail("no target_features section for wasm-opt to read the features from");

// A function's index counts the imported functions first.
let importedFunctions = 0;
if (imports) {
  let [count, p] = readU32(imports, 0);
  for (let i = 0; i < count; i++) {
    [, p] = readName(imports, p); // module
    [, p] = readName(imports, p); // field
    let kind;
    [kind, p] = skipImportDesc(imports, p);
    if (kind === 0) importedFunctions++;
  }
  if (p !== imports.length) fail("the import section was not read to its end");
}

const [count, first] = readU32(code, 0);
const bodies = [];
let p = first;
for (let i = 0; i < count; i++) {
  const [size, start] = readU32(code, p);
  bodies.push({ index: i, bytes: code.subarray(start, start + size) });
  p = start + size;
}
if (p !== code.length) fail("the code section was not read to its end");

// Sorted by bytes; Array.prototype.sort is stable, so equal bodies keep LLVM's order and the
// build stays reproducible.
const ranked = [...bodies].sort((a, b) => Buffer.compare(a.bytes, b.bytes));
const width = String(count).length;
const names = new Array(count);
ranked.forEach((f, rank) => {
  names[f.index] = `f${String(rank).padStart(width, "0")}`;
});
const entries = [u32(count)];
for (let i = 0; i < count; i++) entries.push(u32(importedFunctions + i), name(names[i]));
const functionNames = Buffer.concat(entries);
const section = Buffer.concat([name("name"), Buffer.from([1]), u32(functionNames.length), functionNames]);
writeFileSync(wasmPath, Buffer.concat([...kept, Buffer.from([0]), u32(section.length), section]));
console.log(`order-wasm-functions: ${count} functions named by their place in byte order`);

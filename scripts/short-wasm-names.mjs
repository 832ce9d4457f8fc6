// Short names for the wasm's imports and wasm-bindgen's closure and runtime exports, in the
// .wasm and its JS glue together (scripts/build.sh, step 0b).
//
//   node scripts/short-wasm-names.mjs APP_bg.wasm APP.js
//
// Why: wasm-bindgen names every import `__wbg_<method>_<16 hex digits>` under the module
// "./kennel-desk_bg.js", and each closure's invoke export by its whole Rust type (up to 334
// characters). The names are written twice, once in the wasm and once in the glue, and the
// hex digits do not compress. Nothing reads them but the glue's imports object and its
// calls into the wasm, so a name of one or two letters does the same work. The wasm finds its
// imports by (module, name), so the two files are rewritten as a pair; a name that is not
// found exactly where expected stops the build rather than leaving a wasm that cannot link.
// wasm-bindgen's runtime exports (`__wbindgen_realloc`, `__externref_table_alloc`, ...) get
// `$N` names too: the glue reads them as properties of the instance's exports (`c.<name>`
// once minified), realloc 25 times. An export the glue never names goes: `main` (the start
// export calls it), the panic=unwind handler's globals
// (`__abort_handler`, `__instance_terminated`; this build aborts), `__wbindgen_free` and
// leptos's split marker. `memory` and `__wbindgen_malloc` keep their names: the first is what
// a reader of the module looks for, the second is called by the e2e test that plants a trap
// (tests/e2e/start.rs). The custom sections go too.
import { readFileSync, writeFileSync } from "node:fs";
import { name, readName, readU32, skipImportDesc, u32 } from "./wasm-binary.mjs";

const [wasmPath, jsPath] = process.argv.slice(2);
if (!wasmPath || !jsPath) {
  console.error("usage: short-wasm-names.mjs APP_bg.wasm APP.js");
  process.exit(2);
}
const fail = (msg) => {
  console.error(`short-wasm-names: ${msg}`);
  process.exit(1);
};
// wasm-binary.mjs throws on a malformed wasm: the same message and a failed build.
process.on("uncaughtException", (e) => fail(e.message));

const wasm = readFileSync(wasmPath);
let js = readFileSync(jsPath, "utf8");

// A whole identifier of the glue. Every name renamed here carries a hash, a Rust path or
// wasm-bindgen's `__` prefix, so a whole-identifier match cannot hit anything else.
const ident = (s) =>
  new RegExp(`(?<![\\w$])${s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![\\w$])`, "g");

// Names of one or two characters that are JS identifiers: a..Z, then two-letter ones.
const FIRST = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
const REST = FIRST + "0123456789_$";
function shortName(i) {
  if (i >= FIRST.length * (1 + REST.length)) fail(`more than ${FIRST.length * (1 + REST.length)} imports`);
  if (i < FIRST.length) return FIRST[i];
  i -= FIRST.length;
  return FIRST[Math.floor(i / REST.length) % FIRST.length] + REST[i % REST.length];
}

const renames = new Map(); // old JS property name -> new
const dropped = []; // exports the glue does not name
const exportNames = new Set(); // the renamed exports among `renames`
let glueModule = null;
const MODULE = "a";
const sections = [];
let pos = 8;
if (wasm.readUInt32LE(0) !== 0x6d736100) fail(`${wasmPath} is not a wasm module`);
while (pos < wasm.length) {
  const id = wasm[pos];
  const [size, start] = readU32(wasm, pos + 1);
  const end = start + size;
  if (end > wasm.length) fail(`section ${id} runs past the end of ${wasmPath}`);
  let body = wasm.subarray(start, end);
  if (id === 2) {
    // Import section: each import from the glue's module gets the next short name.
    const [count, p0] = readU32(body, 0);
    const parts = [u32(count)];
    let p = p0;
    let n = 0;
    for (let i = 0; i < count; i++) {
      let mod, field;
      [mod, p] = readName(body, p);
      [field, p] = readName(body, p);
      const descStart = p;
      [, p] = skipImportDesc(body, p);
      if (mod.startsWith("./") && mod.endsWith("_bg.js")) {
        if (glueModule && glueModule !== mod) fail(`two glue modules: ${glueModule}, ${mod}`);
        glueModule = mod;
        const short = shortName(n++);
        if (renames.has(field)) fail(`import ${field} twice`);
        renames.set(field, short);
        parts.push(name(MODULE), name(short));
      } else {
        parts.push(name(mod), name(field));
      }
      parts.push(body.subarray(descStart, p));
    }
    // A description this reader does not know would be misread: then it would not end here.
    if (p !== body.length) fail("the import section was not read to its end");
    body = Buffer.concat(parts);
  } else if (id === 7) {
    // Export section: the closures' invoke exports (named after their Rust types) and
    // wasm-bindgen's runtime exports get `$N`, which no Rust or wasm-bindgen export is called;
    // an export the glue does not name is left out.
    const [count, p0] = readU32(body, 0);
    const parts = [];
    let p = p0;
    let kept = 0;
    for (let i = 0; i < count; i++) {
      let field;
      [field, p] = readName(body, p);
      const descStart = p;
      p = readU32(body, p + 1)[1]; // kind, index
      if (field !== "memory" && !ident(field).test(js)) {
        dropped.push(field);
        continue;
      }
      if (
        (field.startsWith("wasm_bindgen_") && field.includes("closure")) ||
        (/^__(wbindgen|externref)_/.test(field) && field !== "__wbindgen_malloc")
      ) {
        // One map renames the glue's words for both: a name that were an import's and an
        // export's would be renamed once, and the pair would not link.
        if (renames.has(field)) fail(`${field} is an import's and an export's name`);
        const short = `$${exportNames.size}`;
        renames.set(field, short);
        exportNames.add(field);
        parts.push(name(short));
      } else {
        parts.push(name(field));
      }
      parts.push(body.subarray(descStart, p));
      kept++;
    }
    if (p !== body.length) fail("the export section was not read to its end");
    body = Buffer.concat([u32(kept), ...parts]);
  }
  // Custom sections (producers, target_features, leptos's wasm_split marker: 269 B) are notes
  // for tools; the browser skips them, so they are not shipped.
  if (id !== 0) sections.push(Buffer.from([id]), u32(body.length), body);
  pos = end;
}
if (!glueModule) fail("no imports from the glue module (already shortened?)");

// --- The glue: the imports object's keys and its reads of the renamed exports. ---
const moduleKey = JSON.stringify(glueModule);
if (js.split(moduleKey).length !== 2) fail(`expected ${moduleKey} once in ${jsPath}`);
js = js.replace(moduleKey, () => MODULE);
for (const [old, short] of renames) {
  const re = ident(old);
  const hits = (js.match(re) || []).length;
  // An import is one key of the imports object; an export is read from one or more places
  // (and must be read somewhere, or it would have been left out above).
  const many = exportNames.has(old);
  if (many ? hits < 1 : hits !== 1) {
    fail(`expected ${old} ${many ? "at least once" : "once"} in ${jsPath}, found ${hits}`);
  }
  js = js.replace(re, () => short);
}

const out = Buffer.concat([wasm.subarray(0, 8), ...sections]);
if (!WebAssembly.validate(out)) fail("the rewritten wasm does not validate");
writeFileSync(wasmPath, out);
writeFileSync(jsPath, js);
console.log(
  `short-wasm-names: ${renames.size} names shortened, exports left out: ${dropped.join(", ") || "none"} (${wasm.length} -> ${out.length} B wasm)`,
);

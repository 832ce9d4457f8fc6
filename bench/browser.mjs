// Kennel Desk's browser benchmark: the release app against a bare-JavaScript floor, measured
// side by side in one run, in real headless Chromium (Debian's, driven by playwright-core; no
// browser is downloaded). Run it through `scripts/bench.sh browser`, which builds the app and
// devapi and passes the paths below. Prints a table and writes the figures as JSON.
//
// It asserts nothing: the machines here are noisy, so it reports medians of several runs and,
// above all, ratios against the floor measured in the same run.
//
//   node bench/browser.mjs --modules DIR --devapi BIN --site DIR --out FILE
//        [--sizes 1000,10000,50000] [--runs 5] [--lighthouse] [--lighthouse-runs 3]
//        [--chromium /usr/bin/chromium]

import { createRequire } from "node:module";
import { spawn, execFileSync } from "node:child_process";
import { readdirSync, readFileSync, writeFileSync, mkdirSync } from "node:fs";
import { gzipSync, brotliCompressSync, constants as zlib } from "node:zlib";
import { cpus } from "node:os";
import path from "node:path";

const args = parseArgs(process.argv.slice(2));
const require = createRequire(path.join(path.resolve(args.modules), "noop.js"));
const { chromium } = require("playwright-core");

const CHROMIUM = args.chromium || "/usr/bin/chromium";
// The flags shared/toolchain.md verified for headless Chromium as root on a closed network.
const FLAGS = [
  "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
  "--disable-background-networking", "--disable-component-update", "--disable-sync",
  "--disable-dev-shm-usage", "--enable-precise-memory-info", "--js-flags=--expose-gc",
];
const SIZES = (args.sizes || "1000,10000,50000").split(",").map(Number);
const RUNS = Number(args.runs || 5);
// Lighthouse runs, reported as medians with each run's figure: a single run's LCP moved by up
// to 60 ms from run to run of the same build (2 495 against 2 551 ms), across the 2.5 s line.
const LH_RUNS = Number(args["lighthouse-runs"] || 3);
// The app's rows and the floor's rows; both pages are watched by the same observer.
const ROWS = "table tbody tr";
// Typed into the search box one key at a time, each word then cleared: 31 keystrokes over
// names, locations, care notes and customer ids that the generated data contains.
const WORDS = ["bella", "run a", "insulin", "c-12", "maine"];
const PATIENCE_MS = 180_000;

// Runs in every page before its own scripts. It records, in ms since navigation start:
// - firstRow: the frame after the first booking row entered the DOM;
// - names: the frame after every row in the viewport shows its animal's name (the app marks
//   a name still loading with a trailing "…");
// and keeps the wasm instance's memory so its size can be read after load.
const INSTRUMENT = `(() => {
  const kd = (window.__kd = { firstRow: null, names: null, memory: null });
  const keepMemory = (fn) => async function (...a) {
    const r = await fn.apply(this, a);
    const instance = r && r.instance ? r.instance : r;
    try {
      for (const v of Object.values(instance.exports || {}))
        if (v instanceof WebAssembly.Memory) kd.memory = v;
    } catch (e) {}
    return r;
  };
  WebAssembly.instantiateStreaming = keepMemory(WebAssembly.instantiateStreaming);
  WebAssembly.instantiate = keepMemory(WebAssembly.instantiate);
  let rowSeen = false, namesSeen = false;
  const check = () => {
    const rows = document.querySelectorAll(${JSON.stringify(ROWS)});
    if (!rows.length) return;
    if (!rowSeen) {
      rowSeen = true;
      requestAnimationFrame(() => { kd.firstRow = performance.now(); });
    }
    if (!namesSeen && document.querySelector(".kd-animal-link")) {
      for (const tr of rows) {
        if (tr.getBoundingClientRect().top > innerHeight) break;
        const a = tr.querySelector(".kd-animal-link");
        if (a && a.textContent.trim().endsWith("…")) return;
      }
      namesSeen = true;
      requestAnimationFrame(() => { kd.names = performance.now(); });
    }
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, characterData: true });
})();`;

function parseArgs(argv) {
  const out = {};
  for (let i = 0; i < argv.length; i++) {
    const key = argv[i].replace(/^--/, "");
    const next = argv[i + 1];
    if (next === undefined || next.startsWith("--")) out[key] = true;
    else out[key] = argv[++i];
  }
  return out;
}

const median = (xs) => {
  const s = xs.filter((x) => x != null && Number.isFinite(x)).sort((a, b) => a - b);
  if (!s.length) return null;
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const percentile = (xs, p) => {
  const s = xs.filter(Number.isFinite).sort((a, b) => a - b);
  if (!s.length) return null;
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};

/// Starts devapi with N generated bookings serving `site`; resolves with its URL.
function startDevapi(n) {
  return new Promise((resolve, reject) => {
    const child = spawn(args.devapi, ["--generate", String(n), "--dist", args.site, "--host", "127.0.0.1", "--port", "0"], {
      // Its per-request log (stderr) would drown the table.
      stdio: ["ignore", "pipe", "ignore"],
    });
    let buffer = "";
    const timer = setTimeout(() => reject(new Error("devapi did not start")), 60_000);
    child.stdout.on("data", (chunk) => {
      buffer += chunk;
      const m = buffer.match(/devapi listening on (\S+)/);
      if (m) {
        clearTimeout(timer);
        // Drain its request log so the pipe never fills and stalls the server.
        child.stdout.removeAllListeners("data");
        child.stdout.resume();
        resolve({ url: m[1].replace(/\/$/, ""), child });
      }
    });
    child.on("exit", (code) => reject(new Error(`devapi exited with ${code}`)));
  });
}

async function waitFor(page, fn) {
  await page.waitForFunction(fn, null, { timeout: PATIENCE_MS, polling: 50 });
}

/// Runs in the page: types WORDS into its search box one key at a time, each word then
/// cleared, and times each key from the input event to the next paint. The same for the app
/// and the floor.
async function typeWords(words) {
  const input = document.querySelector('input[type="search"]');
  if (!input) return null;
  // "Next paint": a frame's rAF runs before its paint, and a task queued from it runs
  // after that paint.
  const paint = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
  const times = [];
  const counts = [];
  input.focus();
  for (const word of words) {
    for (let i = 1; i <= word.length + 1; i++) {
      const value = i <= word.length ? word.slice(0, i) : "";
      const t0 = performance.now();
      input.value = value;
      input.dispatchEvent(new Event("input", { bubbles: true }));
      await paint();
      times.push(performance.now() - t0);
      // About a fast typist's pace: faster than the URL write's pause.
      await new Promise((r) => setTimeout(r, 80));
    }
    counts.push(document.querySelectorAll("table tbody tr").length);
  }
  return { times, counts };
}

/// The main thread's CPU time while `run` runs in `page`, from Chromium's own counters (CDP
/// `Performance.getMetrics`), in ms: script, layout, style and all tasks. Wall-clock latency
/// on this kind of machine moves by more than a change of a few percent of script (the same
/// two builds measured 2.5 ms of search p95 apart in one hour and the same in the next);
/// CPU time over a load's keys does not move with the machine's phase as much.
async function mainThreadDuring(page, run) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Performance.enable");
  const read = async () => Object.fromEntries((await cdp.send("Performance.getMetrics")).metrics.map((m) => [m.name, m.value]));
  const before = await read();
  const result = await run();
  const after = await read();
  const ms = (k) => (after[k] - before[k]) * 1000;
  await cdp.detach();
  return { result, cpu: { script: ms("ScriptDuration"), layout: ms("LayoutDuration"), style: ms("RecalcStyleDuration"), tasks: ms("TaskDuration") } };
}

/// One cold load of the floor page (a new browser context has an empty cache), then, with
/// `interact`, the same keystrokes as the app's.
async function floorRun(browser, url, interact) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const page = await context.newPage();
    await page.addInitScript(INSTRUMENT);
    await page.goto(`${url}/floor.html`, { waitUntil: "commit" });
    await waitFor(page, () => window.__kd && window.__kd.firstRow != null);
    const firstRow = await page.evaluate(() => window.__kd.firstRow);
    if (!interact) return { firstRow, search: null };
    // As the app: half a second after the first screen.
    await page.waitForTimeout(500);
    const { result: search, cpu } = await mainThreadDuring(page, () => page.evaluate(typeWords, WORDS));
    return { firstRow, search, searchCpu: cpu };
  } finally {
    await context.close();
  }
}

/// One cold load of the app's booking list, then the interactions on the loaded page.
async function appRun(browser, url, interact) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const page = await context.newPage();
    await page.addInitScript(INSTRUMENT);
    await page.goto(`${url}/bookings`, { waitUntil: "commit" });
    await waitFor(page, () => window.__kd && window.__kd.firstRow != null && window.__kd.names != null);
    // Let late requests land before counting them.
    await page.waitForTimeout(500);
    const load = await page.evaluate(ROWS_ => {
      const paths = performance.getEntriesByType("resource").map((e) => new URL(e.name).pathname);
      const list = paths.filter((p) => p.endsWith("/api/bookings")).length;
      const animals = paths.filter((p) => p.includes("/api/animals/"));
      const rows = document.querySelectorAll(ROWS_);
      const table = rows.length ? rows[0].closest("table") : null;
      if (window.gc) window.gc();
      const heap = performance.memory ? performance.memory.usedJSHeapSize : 0;
      const wasm = window.__kd.memory ? window.__kd.memory.buffer.byteLength : 0;
      return {
        firstRow: window.__kd.firstRow,
        names: window.__kd.names,
        requests: {
          list,
          animals: animals.length,
          repeats: Math.max(0, list - 1) + animals.length - new Set(animals).size,
        },
        rowsInDom: rows.length,
        listElements: table ? table.querySelectorAll("*").length : 0,
        memoryBytes: heap + wasm,
      };
    }, ROWS);
    if (interact) {
      const { result: search, cpu } = await mainThreadDuring(page, () => page.evaluate(typeWords, WORDS));
      load.search = search;
      load.searchCpu = cpu;
      load.sort = await page.evaluate(async () => {
        const button = document.querySelector("table thead th button");
        if (!button) return null;
        const paint = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
        const times = [];
        for (let i = 0; i < 6; i++) {
          const t0 = performance.now();
          button.click();
          await paint();
          times.push(performance.now() - t0);
          await new Promise((r) => setTimeout(r, 100));
        }
        return times;
      });
    }
    return load;
  } finally {
    await context.close();
  }
}

/// Medians over `runs` of each part of their `searchCpu`, or null without keystrokes.
function cpuMedians(runs) {
  const cpus = runs.map((r) => r.searchCpu).filter(Boolean);
  if (!cpus.length) return null;
  return Object.fromEntries(Object.keys(cpus[0]).map((k) => [k, median(cpus.map((c) => c[k]))]));
}

function bundleSizes(site) {
  const files = readdirSync(site).filter((f) => /\.(wasm|js|css)$/.test(f));
  const rows = files.map((f) => {
    const data = readFileSync(path.join(site, f));
    return {
      file: f,
      raw: data.length,
      gzip: gzipSync(data, { level: 9 }).length,
      brotli: brotliCompressSync(data, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }).length,
    };
  });
  const total = rows.reduce((t, r) => ({ raw: t.raw + r.raw, gzip: t.gzip + r.gzip, brotli: t.brotli + r.brotli }), { raw: 0, gzip: 0, brotli: 0 });
  return { files: rows, total };
}

function lighthouse(url) {
  const cli = require.resolve("lighthouse/cli/index.js");
  const flags = ["--headless=new", ...FLAGS].join(" ");
  const out = execFileSync(process.execPath, [cli, `${url}/bookings`, "--quiet", "--output=json", "--output-path=stdout",
    "--only-categories=performance", `--chrome-flags=${flags}`], {
    env: { ...process.env, CHROME_PATH: CHROMIUM },
    maxBuffer: 256 * 1024 * 1024,
  });
  const report = JSON.parse(out.toString());
  // Which element the LCP is: what the figure measures (the search box's placeholder, which
  // the wasm renders, in every run so far; the start line index.html shows before the wasm
  // would be its own kind of figure).
  // Lighthouse 13 names it in the LCP breakdown insight (a "node" item); older ones in an
  // audit of its own.
  const lcpNode =
    report.audits["lcp-breakdown-insight"]?.details?.items?.find((i) => i.type === "node") ??
    report.audits["largest-contentful-paint-element"]?.details?.items?.[0]?.items?.[0]?.node;
  return {
    score: Math.round(report.categories.performance.score * 100),
    lcpMs: report.audits["largest-contentful-paint"].numericValue,
    lcpElement: lcpNode ? `"${lcpNode.nodeLabel}" (${lcpNode.selector})` : null,
    // The score's other parts: blocking time weighs 30 %, more than the LCP's 25 %.
    fcpMs: report.audits["first-contentful-paint"].numericValue,
    tbtMs: report.audits["total-blocking-time"].numericValue,
    cls: report.audits["cumulative-layout-shift"].numericValue,
    formFactor: report.configSettings.formFactor,
    throttling: report.configSettings.throttlingMethod,
    // Lighthouse's own CPU figure for the machine (higher is faster): the simulation scales
    // the tasks it saw, so the same build's TBT and score follow it (a machine at 1 149
    // scored 84 with 519 ms of TBT where earlier runs on faster ones scored 97-98).
    benchmarkIndex: report.environment?.benchmarkIndex ?? null,
  };
}

// `runs` Lighthouse runs on the same server: the medians, and every run as it measured.
function lighthouseRuns(url, runs) {
  const all = Array.from({ length: runs }, () => lighthouse(url));
  const mid = (key) => median(all.map((r) => r[key]));
  return {
    ...all[0],
    score: mid("score"), lcpMs: mid("lcpMs"), fcpMs: mid("fcpMs"), tbtMs: mid("tbtMs"), cls: mid("cls"),
    benchmarkIndex: mid("benchmarkIndex"),
    lcpElement: [...new Set(all.map((r) => r.lcpElement))].join(" / "),
    runs: all,
  };
}

const fmt = (ms) => (ms == null ? "n/a" : `${Math.round(ms)} ms`);
const fmtRatio = (x) => (x == null ? "n/a" : `${x.toFixed(2)}×`);
const kb = (b) => `${(b / 1024).toFixed(1)} KB`;

async function main() {
  const sizes = bundleSizes(args.site);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS, headless: true });
  const version = browser.version();
  const results = [];
  let lh = null;
  try {
    for (const n of SIZES) {
      const { url, child } = await startDevapi(n);
      try {
        // One unmeasured load of each warms the server and the OS file cache.
        await floorRun(browser, url, false);
        await appRun(browser, url, false);
        const floor = [];
        const app = [];
        for (let r = 0; r < RUNS; r++) {
          // Interleaved, so drift in the machine's load hits both sides alike.
          floor.push(await floorRun(browser, url, true));
          app.push(await appRun(browser, url, true));
        }
        const search = app.flatMap((a) => (a.search ? a.search.times : []));
        const floorSearch = floor.flatMap((f) => (f.search ? f.search.times : []));
        const sort = app.flatMap((a) => a.sort || []);
        const row = {
          n,
          runs: RUNS,
          floorFirstRowMs: median(floor.map((f) => f.firstRow)),
          appFirstRowMs: median(app.map((a) => a.firstRow)),
          appNamesMs: median(app.map((a) => a.names)),
          searchP50Ms: search.length ? percentile(search, 50) : null,
          searchP95Ms: search.length ? percentile(search, 95) : null,
          searchKeystrokes: search.length,
          floorSearchP50Ms: floorSearch.length ? percentile(floorSearch, 50) : null,
          floorSearchP95Ms: floorSearch.length ? percentile(floorSearch, 95) : null,
          sortMedianMs: sort.length ? median(sort) : null,
          // CPU time of the main thread over one load's keystrokes (median of the loads).
          searchCpuMs: cpuMedians(app),
          floorSearchCpuMs: cpuMedians(floor),
          requests: app[app.length - 1].requests,
          rowsInDom: median(app.map((a) => a.rowsInDom)),
          listElements: median(app.map((a) => a.listElements)),
          memoryMB: median(app.map((a) => a.memoryBytes)) / (1024 * 1024),
          raw: { floor, app },
        };
        row.firstRowRatio = row.appFirstRowMs / row.floorFirstRowMs;
        row.searchP95Ratio = row.searchP95Ms != null && row.floorSearchP95Ms ? row.searchP95Ms / row.floorSearchP95Ms : null;
        results.push(row);
        if (args.lighthouse && n === SIZES[0]) lh = lighthouseRuns(url, LH_RUNS);
      } finally {
        child.kill();
      }
    }
  } finally {
    await browser.close();
  }

  const machine = `${cpus().length} × ${cpus()[0].model.trim()}`;
  const date = new Date().toISOString().slice(0, 10);
  console.log(`\nKennel Desk browser benchmark, ${date}, ${machine}, ${version}, medians of ${RUNS} cold loads`);
  console.log("\nBundle (dist: wasm + JS + CSS)");
  for (const f of sizes.files) console.log(`  ${f.file.padEnd(44)} ${kb(f.raw).padStart(10)} raw ${kb(f.gzip).padStart(10)} gzip ${kb(f.brotli).padStart(10)} brotli`);
  console.log(`  ${"total".padEnd(44)} ${kb(sizes.total.raw).padStart(10)} raw ${kb(sizes.total.gzip).padStart(10)} gzip ${kb(sizes.total.brotli).padStart(10)} brotli`);
  const head = ["bookings", "floor 1st row", "app 1st row", "ratio", "names shown", "search p50", "search p95", "floor search p50 / p95", "search p95 ratio", "sort", "requests list/animals/repeats", "rows", "list DOM", "heap+wasm"];
  const lines = results.map((r) => [
    String(r.n), fmt(r.floorFirstRowMs), fmt(r.appFirstRowMs), fmtRatio(r.firstRowRatio), fmt(r.appNamesMs),
    r.searchP50Ms == null ? "n/a" : `${r.searchP50Ms.toFixed(1)} ms`, r.searchP95Ms == null ? "n/a" : `${r.searchP95Ms.toFixed(1)} ms`,
    r.floorSearchP95Ms == null ? "n/a" : `${r.floorSearchP50Ms.toFixed(1)} / ${r.floorSearchP95Ms.toFixed(1)} ms`, fmtRatio(r.searchP95Ratio),
    r.sortMedianMs == null ? "n/a (no sortable header)" : `${r.sortMedianMs.toFixed(1)} ms`,
    `${r.requests.list}/${r.requests.animals}/${r.requests.repeats}`, String(r.rowsInDom), String(r.listElements), `${r.memoryMB.toFixed(1)} MB`,
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const print = (cells) => console.log("| " + cells.map((c, i) => c.padEnd(widths[i])).join(" | ") + " |");
  console.log("");
  print(head);
  console.log("|" + widths.map((w) => "-".repeat(w + 2)).join("|") + "|");
  lines.forEach(print);
  console.log(`\nMain thread over one load's ${WORDS.reduce((n, w) => n + w.length + 1, 0)} search keystrokes (CPU time, Chromium's counters, medians):`);
  for (const r of results) {
    const [a, f] = [r.searchCpuMs, r.floorSearchCpuMs];
    if (!a || !f) continue;
    const part = (c) => `script ${c.script.toFixed(0)}, layout + style ${(c.layout + c.style).toFixed(0)}, all tasks ${c.tasks.toFixed(0)} ms`;
    console.log(`  ${String(r.n).padStart(6)}: app ${part(a)}; floor ${part(f)}; app script ${fmtRatio(a.script / f.script)} the floor's`);
  }
  if (lh) {
    const each = (key, f) => lh.runs.map((r) => f(r[key])).join(", ");
    console.log(`\nLighthouse (${lh.formFactor}, ${lh.throttling} throttling) on /bookings at ${SIZES[0]} bookings, medians of ${lh.runs.length} runs: score ${lh.score}, LCP ${fmt(lh.lcpMs)}, TBT ${fmt(lh.tbtMs)}, FCP ${fmt(lh.fcpMs)}, CLS ${lh.cls.toFixed(3)}`);
    console.log(`  each run: score ${each("score", String)}; LCP ${each("lcpMs", fmt)}; TBT ${each("tbtMs", fmt)}`);
    console.log(`LCP element: ${lh.lcpElement || "not reported"}`);
    console.log(`Lighthouse's CPU benchmark index of this machine: ${lh.benchmarkIndex ?? "not reported"} (higher is faster)`);
  }

  mkdirSync(path.dirname(args.out), { recursive: true });
  writeFileSync(args.out, JSON.stringify({ date, machine, chromium: version, sizes, results, lighthouse: lh }, null, 2));
  console.log(`\nFigures written to ${args.out}`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});

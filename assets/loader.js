// The chapters' loader (pkg-<hash>/__wasm_split.js; scripts/site.mjs fills in the "__…__"
// values from xtask's packs.json and adds one export per chapter).
//
// The main module calls `__wasm_split_load_<chapter>(callbackIndex, callbackData)` (the import
// Leptos's `#[lazy]` split points make, wasm_split_helpers): once the chapter's code is in, the
// loader calls the function at `callbackIndex` of the main module's table with `callbackData`
// and whether it succeeded. The chapter's code is in packs (xtask/src/main.rs): each pack file
// holds ONE wasm module (the pack's chunks and chapter module merged by wasm-merge), fetched with
// its integrity and compiled as soon as it arrives, and the data of the modules merged into it,
// written into memory once per module before the pack's module is first instantiated. A
// chapter costs its packs' instantiations: the common pack's (once) and its own. A pack: u32
// header length, JSON header {w: bytes of the module, m: [[chunk number or chapter, bytes of
// its data]…]}, the module, the data (per module: u32 address, u32 length, bytes…). A pack's
// module imports the main module's memory, table and stack pointer from `w` (xtask checks that
// the main module exports them).
import { initSync } from "./warpscope.js";

let shared;
/** The main module's memory, table and stack pointer (initSync returns the running module's
 * exports). */
function getSharedImports() {
    if (shared === undefined) {
        const { memory, __indirect_function_table, __wasm_split_shared0 } = initSync(undefined, undefined);
        shared = { memory, __indirect_function_table, __wasm_split_shared0 };
    }
    return shared;
}
/** The import the main module calls: runs `load`, then calls back into the main module. */
function wrapAsyncCb(load) {
    return async (callbackIndex, callbackData) => {
        let success = false;
        try {
            await load();
            success = true;
        } catch (e) {
            console.error(e);
        } finally {
            getSharedImports().__indirect_function_table.get(callbackIndex)(callbackData, success);
        }
    };
}
// __wsSri: pack → integrity; __wsNeeds: chapter → its packs, in the order they are
// instantiated; __wsLater: chapter → its later module (`occupancy_later`: the parts its page
// builds after the first paint).
const __wsSri = "__SRI__";
const __wsNeeds = "__NEEDS__";
const __wsLater = "__LATER__";
const __wsPacks = {};
const __wsInst = {};
const __wsData = new Set(); // modules whose data is in memory
// The chapters' stylesheet: a route page links its chapter's share of it
// (link[data-ws-chapters="<module>"], scripts/css-prune.mjs; the classroom's page the whole sheet,
// data-ws-chapters="*"). Before any other chapter is mounted the loader links the whole sheet
// after it (the home page's first chapter too): the whole sheet linked after a share decides
// every property as the whole sheet alone would, while two shares could order the rules they
// both hold differently. Resolves once it is in (or failed to load: the chapter then shows
// unstyled rather than not at all).
let __wsCssIn = null;
const __wsLoaded = (link) => link.sheet ? Promise.resolve() : new Promise((resolve) => {
    link.addEventListener("load", resolve);
    link.addEventListener("error", resolve);
});
// A chapter's later module is styled by its chapter's share.
const __wsChapterOf = Object.fromEntries(Object.entries(__wsLater).map(([chapter, later]) => [later, chapter]));
const __wsStyledBy = (module) => __wsChapterOf[module] ?? module;
function __wsCss(module) {
    const own = document.querySelector(`link[data-ws-chapters="${__wsStyledBy(module)}"]`);
    if (own) return __wsLoaded(own);
    if (!__wsCssIn) {
        let link = document.querySelector('link[data-ws-chapters="*"]');
        if (!link) {
            link = document.createElement("link");
            link.rel = "stylesheet";
            link.href = new URL("__CHAPTER_CSS__", import.meta.url).href;
            link.integrity = "__CHAPTER_CSS_SRI__";
            link.setAttribute("data-ws-chapters", "*");
            document.head.append(link);
        }
        __wsCssIn = __wsLoaded(link);
    }
    return __wsCssIn;
}
// A pack's module starts compiling (off the main thread) as soon as its bytes arrive.
function __wsPack(name) {
    let p = __wsPacks[name];
    if (p === undefined) {
        p = __wsPacks[name] = fetch(new URL("./pack-" + name + ".wasm", import.meta.url), { integrity: __wsSri[name] }).then((r) => {
            if (!r.ok) throw new Error("pack-" + name + ".wasm: HTTP " + r.status);
            return r.arrayBuffer();
        }).then((buf) => {
            const len = new DataView(buf).getUint32(0, true);
            const header = JSON.parse(new TextDecoder().decode(new Uint8Array(buf, 4, len)));
            let off = 4 + len;
            const module = WebAssembly.compile(new Uint8Array(buf, off, header.w));
            module.catch(() => {});
            off += header.w;
            const data = [];
            for (const [m, size] of header.m) {
                data.push([typeof m === "number" ? "chunk_" + m : "split_" + m, new Uint8Array(buf, off, size)]);
                off += size;
            }
            return { module, data };
        });
        p.catch(() => { if (__wsPacks[name] === p) delete __wsPacks[name]; });
    }
    return p;
}
// Instantiates pack `name`'s module once: first the data of its modules not yet in memory
// (a chunk of a few chapters is in each of their packs: its data is written only once).
function __wsInstantiate(name) {
    let p = __wsInst[name];
    if (p === undefined) {
        p = __wsInst[name] = __wsPack(name).then(async ({ module, data }) => {
            const compiled = await module;
            const imports = getSharedImports();
            const mem = new Uint8Array(imports.memory.buffer);
            for (const [stem, bytes] of data) {
                if (__wsData.has(stem)) continue;
                __wsData.add(stem);
                const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
                for (let at = 0; at < bytes.length; ) {
                    const addr = view.getUint32(at, true);
                    const len = view.getUint32(at + 4, true);
                    mem.set(bytes.subarray(at + 8, at + 8 + len), addr);
                    at += 8 + len;
                }
            }
            await WebAssembly.instantiate(compiled, { w: imports });
            // For the benchmark's phases of a first load (tools/bench.mjs), beside the app's "ws:main"
            // and "ws:mounted".
            performance.mark("ws:pack:" + name);
        });
        p.catch(() => { if (__wsInst[name] === p) delete __wsInst[name]; });
    }
    return p;
}
function __wsChapter(module) {
    let loading;
    const load = () => {
        // Its packs are fetched in parallel, instantiated in order (the common one first).
        preloadChapter(module);
        if (loading === undefined) {
            // Mounted once its stylesheet is in too.
            const packs = __wsNeeds[module].reduce((prev, name) => prev.then(() => __wsInstantiate(name)), Promise.resolve());
            const p = loading = Promise.all([packs, __wsCss(module)]).then(() => {});
            p.catch(() => { if (loading === p) loading = undefined; });
        }
        return loading;
    };
    return wrapAsyncCb(load);
}
/** Starts fetching chapter module `module`'s packs (link hover or focus, the next chapter once
 * the page is idle, the chapter being opened) and the stylesheet its load would link, then its
 * later module's packs; loads nothing. Resolves once the module's own packs' bytes are in and
 * they are compiling (never rejects). */
export function preloadChapter(module) {
    if (__wsNeeds[module] && !__wsCssIn && !document.querySelector(`link[data-ws-chapters="${__wsStyledBy(module)}"], link[data-ws-chapters="*"], link[data-ws-preload]`)) {
        // The whole sheet (see __wsCss), into the browser's cache: a preload with the same
        // integrity as the stylesheet link __wsCss adds, which then takes it from there.
        const link = document.createElement("link");
        link.rel = "preload";
        link.as = "style";
        link.href = new URL("__CHAPTER_CSS__", import.meta.url).href;
        link.integrity = "__CHAPTER_CSS_SRI__";
        link.setAttribute("data-ws-preload", "");
        document.head.append(link);
    }
    const own = Promise.all((__wsNeeds[module] ?? []).map((name) => __wsPack(name).catch(() => {})));
    // Then the packs of its later module (the parts its page builds after the first paint),
    // behind its own and behind the main module: on a slow network they never take bandwidth
    // from the first answer's bytes (a deep link fetches the main module beside the chapter's
    // packs; its last bytes would otherwise share the line with the later module).
    Promise.all([own, __wsMainIn]).then(() => { for (const name of __wsNeeds[__wsLater[module]] ?? []) __wsPack(name).catch(() => {}); });
    return own;
}
let __wsMainArrived;
const __wsMainIn = new Promise((resolve) => (__wsMainArrived = resolve));
/** Called by the entry (start.js) once the main module is in and started. */
export function mainStarted() {
    __wsMainArrived();
}

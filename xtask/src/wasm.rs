//! The wasm steps of packing, through wasmparser (reading) and wasm-encoder (writing).
//!
//! A split module (the splitter's output, WebAssembly core spec §5 binary format) imports only
//! the main module's memory, function table and stack pointer (`__wasm_split`.`memory`,
//! `.__indirect_function_table`, `.__wasm_split_shared0`), exports nothing and has no start
//! function: it only writes its functions into the shared table (active element segments) and
//! its data into memory (active data segments). So a pack's modules can be merged into one by
//! binaryen's wasm-merge, once their data is taken out ([`split_data`]): the data rides beside
//! the merged module in the pack file ([`pack_file`]) and the loader writes each module's data
//! into memory once, however many packs hold a copy of that module.

use std::ops::Range;

use serde::Serialize;
use wasm_encoder::{
    ExportKind, ExportSection, GlobalType, ImportSection, MemoryType, Module, RawSection, RefType,
    TableType, ValType,
};
use wasmparser::{DataKind, ExternalKind, Operator, Parser, Payload, TypeRef};

/// The module the split modules import the main module's shared items from.
pub const SHARED_MODULE: &str = "__wasm_split";
/// The shared items: memory, function table and stack pointer, as the split modules name them.
pub const SHARED: [&str; 3] = [
    "memory",
    "__indirect_function_table",
    "__wasm_split_shared0",
];

/// What is wrong with a module that is not a split module of the expected shape.
pub type Error = String;

/// A split module without its data, and that data.
#[derive(Debug, PartialEq, Eq)]
pub struct Stripped {
    /// The module without its data and data count sections.
    pub code: Vec<u8>,
    /// Its active data segments, each as u32 address, u32 length (little-endian), then the bytes.
    pub data: Vec<u8>,
    /// The minimum size of the memory it imports (64 KiB pages), if it imports it.
    pub memory_min: Option<u64>,
    /// The minimum size of the table it imports (entries), if it imports it.
    pub table_min: Option<u64>,
}

fn range(r: Range<u64>) -> Range<usize> {
    r.start as usize..r.end as usize
}

/// Takes the data out of `module`. Errors where it is not a split module as described above
/// (another import, an export, a start function, a passive segment or one whose address is not
/// an `i32.const`).
pub fn split_data(module: &[u8]) -> Result<Stripped, Error> {
    let mut out = Module::new();
    let mut data = Vec::new();
    let (mut memory_min, mut table_min) = (None, None);
    for payload in Parser::new(0).parse_all(module) {
        let payload = payload.map_err(|e| e.to_string())?;
        match &payload {
            Payload::DataSection(reader) => {
                for segment in reader.clone() {
                    let segment = segment.map_err(|e| e.to_string())?;
                    let DataKind::Active {
                        memory_index: 0,
                        offset_expr,
                    } = segment.kind
                    else {
                        return Err("a data segment that is not active in memory 0".into());
                    };
                    let ops: Vec<Operator> = offset_expr
                        .get_operators_reader()
                        .into_iter()
                        .collect::<Result<_, _>>()
                        .map_err(|e| e.to_string())?;
                    let [Operator::I32Const { value }, Operator::End] = ops.as_slice() else {
                        return Err("a data segment whose address is not an i32.const".into());
                    };
                    let len = u32::try_from(segment.data.len()).map_err(|e| e.to_string())?;
                    data.extend_from_slice(&(*value as u32).to_le_bytes());
                    data.extend_from_slice(&len.to_le_bytes());
                    data.extend_from_slice(segment.data);
                }
                continue;
            }
            Payload::DataCountSection { .. } => continue,
            Payload::ExportSection(reader) if reader.count() > 0 => {
                return Err("a split module that exports something".into());
            }
            Payload::StartSection { .. } => {
                return Err("a split module with a start function".into())
            }
            Payload::ImportSection(reader) => {
                for import in reader.clone().into_imports() {
                    let import = import.map_err(|e| e.to_string())?;
                    let expected = match import.name {
                        "memory" => matches!(import.ty, TypeRef::Memory(_)),
                        "__indirect_function_table" => matches!(import.ty, TypeRef::Table(_)),
                        "__wasm_split_shared0" => matches!(import.ty, TypeRef::Global(_)),
                        _ => false,
                    };
                    if import.module != SHARED_MODULE || !expected {
                        return Err(format!(
                            "an unexpected import {}.{}",
                            import.module, import.name
                        ));
                    }
                    match import.ty {
                        TypeRef::Memory(m) => memory_min = Some(m.initial),
                        TypeRef::Table(t) => table_min = Some(t.initial),
                        _ => {}
                    }
                }
            }
            _ => {}
        }
        if let Some((id, r)) = payload.as_section() {
            out.section(&RawSection {
                id,
                data: &module[range(r)],
            });
        }
    }
    Ok(Stripped {
        code: out.finish(),
        data,
        memory_min,
        table_min,
    })
}

/// The module the main module imports its chapter loaders from (wasm_split_helpers).
pub const LOADER_MODULE: &str = "./__wasm_split.js";

/// Checks the main module against what the site's loader (assets/loader.js) gives and takes:
/// it imports `__wasm_split_load_<chapter>` from [`LOADER_MODULE`] for exactly the `chapters`
/// (functions), and exports the [`SHARED`] items the packs import.
pub fn check_main<'a>(
    module: &[u8],
    chapters: impl IntoIterator<Item = &'a str>,
) -> Result<(), Error> {
    let mut loads = std::collections::BTreeSet::new();
    let mut exports = std::collections::BTreeSet::new();
    for payload in Parser::new(0).parse_all(module) {
        match payload.map_err(|e| e.to_string())? {
            Payload::ImportSection(reader) => {
                for import in reader.into_imports() {
                    let import = import.map_err(|e| e.to_string())?;
                    if import.module != LOADER_MODULE {
                        continue;
                    }
                    let chapter = import
                        .name
                        .strip_prefix("__wasm_split_load_")
                        .filter(|_| matches!(import.ty, TypeRef::Func(_)))
                        .ok_or_else(|| format!("an unexpected loader import {}", import.name))?;
                    loads.insert(chapter.to_string());
                }
            }
            Payload::ExportSection(reader) => {
                for export in reader {
                    exports.insert(export.map_err(|e| e.to_string())?.name.to_string());
                }
            }
            _ => {}
        }
    }
    let want: std::collections::BTreeSet<String> = chapters.into_iter().map(String::from).collect();
    if loads != want {
        return Err(format!(
            "the main module loads {loads:?}, the split graph has {want:?}"
        ));
    }
    match SHARED.iter().find(|s| !exports.contains(**s)) {
        Some(missing) => Err(format!("the main module does not export {missing}")),
        None => Ok(()),
    }
}

/// A 32-bit, unshared memory of at least `minimum` 64 KiB pages, without a maximum.
fn memory_type(minimum: u64) -> MemoryType {
    MemoryType {
        minimum,
        maximum: None,
        memory64: false,
        shared: false,
        page_size_log2: None,
    }
}

/// The module wasm-merge links a pack's modules against: it imports the three shared items from
/// `w` and exports them under the names the split modules import them by (so every module's
/// imports become one import each of the merged module).
pub fn base_module(memory_min: u64, table_min: u64) -> Vec<u8> {
    let mut imports = ImportSection::new();
    let memory = memory_type(memory_min);
    let table = TableType {
        element_type: RefType::FUNCREF,
        table64: false,
        minimum: table_min,
        maximum: None,
        shared: false,
    };
    let global = GlobalType {
        val_type: ValType::I32,
        mutable: true,
        shared: false,
    };
    imports.import("w", SHARED[0], memory);
    imports.import("w", SHARED[1], table);
    imports.import("w", SHARED[2], global);
    let mut exports = ExportSection::new();
    exports.export(SHARED[0], ExportKind::Memory, 0);
    exports.export(SHARED[1], ExportKind::Table, 0);
    exports.export(SHARED[2], ExportKind::Global, 0);
    let mut m = Module::new();
    m.section(&imports);
    m.section(&exports);
    m.finish()
}

/// `module` without the exports named in `names` (the merged module's re-exports of the shared
/// items, which nothing reads); every other section as it is.
pub fn without_exports(module: &[u8], names: &[&str]) -> Result<Vec<u8>, Error> {
    let mut out = Module::new();
    for payload in Parser::new(0).parse_all(module) {
        let payload = payload.map_err(|e| e.to_string())?;
        if let Payload::ExportSection(reader) = &payload {
            let mut kept = ExportSection::new();
            for export in reader.clone() {
                let e = export.map_err(|e| e.to_string())?;
                if names.contains(&e.name) {
                    continue;
                }
                let kind = match e.kind {
                    ExternalKind::Func | ExternalKind::FuncExact => ExportKind::Func,
                    ExternalKind::Table => ExportKind::Table,
                    ExternalKind::Memory => ExportKind::Memory,
                    ExternalKind::Global => ExportKind::Global,
                    ExternalKind::Tag => ExportKind::Tag,
                };
                kept.export(e.name, kind, e.index);
            }
            if !kept.is_empty() {
                out.section(&kept);
            }
            continue;
        }
        if let Some((id, r)) = payload.as_section() {
            out.section(&RawSection {
                id,
                data: &module[range(r)],
            });
        }
    }
    Ok(out.finish())
}

/// A module's entry in a pack header: a chunk by its number, a chapter's module by its name.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum ModuleId {
    /// `chunk_<n>`, renumbered ([`crate::plan::Plan::chunk_ids`]).
    Chunk(usize),
    /// `split_<chapter>`.
    Chapter(String),
}

#[derive(Serialize)]
struct Header<'a> {
    /// Bytes of the merged module.
    w: usize,
    /// Each module's id and the bytes of its data, in the order the data follows.
    m: Vec<(&'a ModuleId, usize)>,
}

/// A pack file: a u32 (little-endian) header length, the JSON header `{"w": bytes of the
/// module, "m": [[module id, bytes of its data], …]}`, the merged module, then each module's
/// data ([`Stripped::data`]) in the header's order. The header rides in the pack, so the
/// page's loader stays small.
pub fn pack_file(merged: &[u8], modules: &[(ModuleId, Vec<u8>)]) -> Vec<u8> {
    let header = Header {
        w: merged.len(),
        m: modules.iter().map(|(id, d)| (id, d.len())).collect(),
    };
    let header = serde_json::to_vec(&header).expect("a header of numbers and names serialises");
    let mut out = Vec::new();
    out.extend_from_slice(&(header.len() as u32).to_le_bytes());
    out.extend_from_slice(&header);
    out.extend_from_slice(merged);
    for (_, d) in modules {
        out.extend_from_slice(d);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use wasm_encoder::{
        CodeSection, ConstExpr, CustomSection, DataSection, ElementSection, Elements, EntityType,
        Function, FunctionSection, Instruction, TypeSection,
    };

    /// A split module of the expected shape: the three imports, one function written into the
    /// table, two data segments, a custom section.
    fn split_module() -> Vec<u8> {
        let mut m = Module::new();
        let mut types = TypeSection::new();
        types.ty().function([], []);
        m.section(&types);
        let mut imports = ImportSection::new();
        imports.import(SHARED_MODULE, "memory", EntityType::Memory(memory_type(17)));
        imports.import(
            SHARED_MODULE,
            "__indirect_function_table",
            EntityType::Table(TableType {
                element_type: RefType::FUNCREF,
                table64: false,
                minimum: 900,
                maximum: None,
                shared: false,
            }),
        );
        m.section(&imports);
        let mut funcs = FunctionSection::new();
        funcs.function(0);
        m.section(&funcs);
        let mut elems = ElementSection::new();
        elems.active(
            Some(0),
            &ConstExpr::i32_const(5),
            Elements::Functions([0].as_slice().into()),
        );
        m.section(&elems);
        m.section(&wasm_encoder::DataCountSection { count: 2 });
        let mut code = CodeSection::new();
        let mut f = Function::new([]);
        f.instruction(&Instruction::End);
        code.function(&f);
        m.section(&code);
        let mut data = DataSection::new();
        data.active(0, &ConstExpr::i32_const(1024), b"abc".iter().copied());
        data.active(0, &ConstExpr::i32_const(-8), b"zz".iter().copied());
        m.section(&data);
        m.section(&CustomSection {
            name: "name".into(),
            data: b"\x00".as_slice().into(),
        });
        m.finish()
    }

    #[test]
    fn the_data_comes_out_as_address_length_bytes_and_the_rest_stays() {
        let s = split_data(&split_module()).unwrap();
        let mut want = Vec::new();
        want.extend_from_slice(&1024u32.to_le_bytes());
        want.extend_from_slice(&3u32.to_le_bytes());
        want.extend_from_slice(b"abc");
        want.extend_from_slice(&(-8i32 as u32).to_le_bytes());
        want.extend_from_slice(&2u32.to_le_bytes());
        want.extend_from_slice(b"zz");
        assert_eq!(s.data, want);
        assert_eq!((s.memory_min, s.table_min), (Some(17), Some(900)));
        // The module left is valid and has no data (nor data count) section.
        wasmparser::validate(&s.code).unwrap();
        for p in Parser::new(0).parse_all(&s.code) {
            let p = p.unwrap();
            assert!(!matches!(
                p,
                Payload::DataSection(_) | Payload::DataCountSection { .. }
            ));
        }
        // Taking out nothing more leaves the same bytes.
        assert_eq!(split_data(&s.code).unwrap().code, s.code);
    }

    #[test]
    fn a_module_of_another_shape_is_refused() {
        let mut m = Module::new();
        let mut imports = ImportSection::new();
        imports.import(
            "env",
            "f",
            EntityType::Global(GlobalType {
                val_type: ValType::I32,
                mutable: false,
                shared: false,
            }),
        );
        m.section(&imports);
        assert!(split_data(&m.finish()).unwrap_err().contains("env.f"));

        let mut m = Module::new();
        let mut exports = ExportSection::new();
        exports.export("x", ExportKind::Memory, 0);
        let mut mems = wasm_encoder::MemorySection::new();
        mems.memory(memory_type(1));
        m.section(&mems);
        m.section(&exports);
        assert!(split_data(&m.finish()).unwrap_err().contains("exports"));
    }

    #[test]
    fn the_base_module_reexports_the_shared_items_and_they_can_be_dropped() {
        let base = base_module(17, 900);
        wasmparser::validate(&base).unwrap();
        let names = |m: &[u8]| -> Vec<String> {
            Parser::new(0)
                .parse_all(m)
                .filter_map(|p| match p.unwrap() {
                    Payload::ExportSection(r) => Some(
                        r.into_iter()
                            .map(|e| e.unwrap().name.to_string())
                            .collect::<Vec<_>>(),
                    ),
                    _ => None,
                })
                .flatten()
                .collect()
        };
        assert_eq!(names(&base), SHARED.map(String::from).to_vec());
        let bare = without_exports(&base, &SHARED).unwrap();
        wasmparser::validate(&bare).unwrap();
        assert!(names(&bare).is_empty());
        assert_eq!(
            without_exports(&base, &["memory"])
                .map(|m| names(&m))
                .unwrap()
                .len(),
            2
        );
    }

    #[test]
    fn the_main_module_must_load_every_chapter_and_export_the_shared_items() {
        let main = |loads: &[&str], export_table: bool| {
            let mut m = Module::new();
            let mut types = TypeSection::new();
            types.ty().function([ValType::I32, ValType::I32], []);
            m.section(&types);
            let mut imports = ImportSection::new();
            for l in loads {
                imports.import(
                    LOADER_MODULE,
                    &format!("__wasm_split_load_{l}"),
                    EntityType::Function(0),
                );
            }
            m.section(&imports);
            let mut mems = wasm_encoder::MemorySection::new();
            mems.memory(memory_type(1));
            let mut exports = ExportSection::new();
            exports.export("memory", ExportKind::Memory, 0);
            if export_table {
                exports.export("__indirect_function_table", ExportKind::Table, 0);
            }
            exports.export("__wasm_split_shared0", ExportKind::Global, 0);
            m.section(&mems);
            m.section(&exports);
            m.finish()
        };
        assert_eq!(
            check_main(&main(&["chip", "quiz"], true), ["quiz", "chip"]),
            Ok(())
        );
        assert!(check_main(&main(&["chip"], true), ["quiz", "chip"])
            .unwrap_err()
            .contains("loads"));
        assert!(check_main(&main(&["chip"], false), ["chip"])
            .unwrap_err()
            .contains("__indirect_function_table"));
    }

    #[test]
    fn a_pack_file_is_length_header_module_data() {
        let p = pack_file(
            b"WASM",
            &[
                (ModuleId::Chunk(3), b"xy".to_vec()),
                (ModuleId::Chapter("chip".into()), vec![]),
            ],
        );
        let len = u32::from_le_bytes(p[..4].try_into().unwrap()) as usize;
        let header: serde_json::Value = serde_json::from_slice(&p[4..4 + len]).unwrap();
        assert_eq!(
            header,
            serde_json::json!({"w": 4, "m": [[3, 2], ["chip", 0]]})
        );
        assert_eq!(&p[4 + len..], b"WASMxy");
    }
}

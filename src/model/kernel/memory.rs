//! Global memory as the lab keeps it: one sparse buffer per pointer parameter, in 4 KiB pages
//! materialised on first write, with the distinct 32-byte sectors each instruction kind touched.
//!
//! * **Initial contents** (what a load of a never-written element returns): scalar number `j`
//!   of a buffer (element `j` of a `float*`, component `j` of a `float4*` buffer read as floats,
//!   …) holds `j mod 16` converted to the buffer's component type (`bool`: `j mod 16 ≠ 0`). The
//!   fixture's host program (`tests/gpu/kernel_lab_ncu.cu`) fills its buffers with the same pattern.
//! * **Addresses**: buffer `k` starts at `(k + 1) · 2^40`, 256-byte aligned as cudaMalloc's
//!   allocations are (PG "Device Memory Accesses": at least 256-byte alignment). Only an
//!   address's offset from a 32-byte boundary matters to the counts.
//! * **Limits**: [`MAX_WRITTEN_BYTES`] of written pages and [`MAX_TOUCHED_BYTES`] of touched
//!   pages, so no kernel can exhaust memory.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use super::types::{bits_of_int, ScalarType};

/// Bytes of one page of the sparse store.
pub const PAGE_BYTES: u64 = 4096;

/// Most bytes of global memory a launch may write (whole pages counted).
pub const MAX_WRITTEN_BYTES: u64 = 64 << 20;

/// Most bytes of global memory a launch may touch, read or written (whole pages counted).
pub const MAX_TOUCHED_BYTES: u64 = 1 << 30;

/// Virtual address of buffer `k` (256-byte aligned, far apart).
pub fn buffer_base(k: u32) -> u64 {
    (u64::from(k) + 1) << 40
}

/// A multiplicative hasher for page numbers (the keys are small integers chosen by the lab, not
/// by an adversary across a network).
#[derive(Default)]
pub(crate) struct PageHasher(u64);

impl Hasher for PageHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for b in bytes {
            self.0 = (self.0 ^ u64::from(*b)).wrapping_mul(0x100_0000_01B3);
        }
    }
    fn write_u64(&mut self, v: u64) {
        self.0 = v.wrapping_mul(0x9E37_79B9_7F4A_7C15).rotate_left(29);
    }
}

#[derive(Clone, Debug, Default)]
struct Page {
    data: Option<Box<[u8]>>,
    /// Bit `s` of the 128: sector `s` of the page was loaded / stored.
    loaded: [u64; 2],
    stored: [u64; 2],
}

/// One pointer parameter's buffer.
#[derive(Clone, Debug)]
pub(crate) struct Buffer {
    /// Scalar type of the pattern (the pointee's component type).
    pub comp: ScalarType,
    /// `pattern_bits(j, comp)` for `j` in 0..16.
    pattern: [u64; 16],
    pages: HashMap<u64, Page, BuildHasherDefault<PageHasher>>,
    /// One past the highest byte touched (0: untouched).
    pub extent_bytes: u64,
    /// Distinct sectors loaded / stored.
    pub load_sectors: u64,
    pub store_sectors: u64,
}

/// Why a memory operation could not be done.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum MemLimit {
    Written,
    Touched,
}

/// All buffers of a launch.
#[derive(Clone, Debug)]
pub(crate) struct GlobalMemory {
    pub buffers: Vec<Buffer>,
    written_pages: u64,
    touched_pages: u64,
}

/// Bits of scalar `j` of the initial pattern.
#[inline]
pub(crate) fn pattern_bits(j: u64, comp: ScalarType) -> u64 {
    bits_of_int((j % 16) as i64, comp)
}

impl GlobalMemory {
    pub fn new(comps: &[ScalarType]) -> GlobalMemory {
        GlobalMemory {
            buffers: comps
                .iter()
                .map(|c| Buffer {
                    comp: *c,
                    pattern: std::array::from_fn(|j| pattern_bits(j as u64, *c)),
                    pages: HashMap::default(),
                    extent_bytes: 0,
                    load_sectors: 0,
                    store_sectors: 0,
                })
                .collect(),
            written_pages: 0,
            touched_pages: 0,
        }
    }

    /// One warp-level access of buffer `buf`: for each lane in `mask`, `regs.len()` scalars of
    /// `comp` type at byte offset `offs[lane]`, loaded into or stored from lane `lane` of
    /// `regs`. Lanes are taken in order and grouped by page, so a coalesced access looks up one
    /// or two pages.
    pub fn access(
        &mut self,
        buf: usize,
        offs: &[u64; 32],
        mask: u32,
        comp: ScalarType,
        regs: &mut [[u64; 32]],
        store: bool,
    ) -> Result<(), MemLimit> {
        let GlobalMemory {
            buffers,
            written_pages,
            touched_pages,
        } = self;
        let Some(b) = buffers.get_mut(buf) else {
            return Ok(());
        };
        let cb = u64::from(comp.bytes());
        let shift = cb.trailing_zeros();
        let width = cb * regs.len() as u64;
        let mut rest = mask;
        let mut top = 0;
        while rest != 0 {
            let key = offs[rest.trailing_zeros() as usize] / PAGE_BYTES;
            let mut group = 0u32;
            for (l, o) in offs.iter().enumerate() {
                if o / PAGE_BYTES == key {
                    group |= 1 << l;
                }
            }
            group &= rest;
            rest &= !group;
            if !b.pages.contains_key(&key) {
                if (*touched_pages + 1) * PAGE_BYTES > MAX_TOUCHED_BYTES {
                    return Err(MemLimit::Touched);
                }
                *touched_pages += 1;
            }
            let page = b.pages.entry(key).or_default();
            if store && page.data.is_none() {
                if (*written_pages + 1) * PAGE_BYTES > MAX_WRITTEN_BYTES {
                    return Err(MemLimit::Written);
                }
                *written_pages += 1;
                page.data = Some(new_page(&b.pattern, b.comp));
            }
            let words = if store {
                &mut page.stored
            } else {
                &mut page.loaded
            };
            let before = words[0].count_ones() + words[1].count_ones();
            let (mut lo, mut hi) = (0u64, 0u64);
            let mut g = group;
            while g != 0 {
                let l = g.trailing_zeros() as usize;
                g &= g - 1;
                let off = offs[l];
                top = top.max(off);
                let sector = (off % PAGE_BYTES) / 32;
                let bit = 1u64 << (sector & 63);
                if sector < 64 {
                    lo |= bit;
                } else {
                    hi |= bit;
                }
            }
            words[0] |= lo;
            words[1] |= hi;
            let added = u64::from(words[0].count_ones() + words[1].count_ones() - before);
            if store {
                b.store_sectors += added;
            } else {
                b.load_sectors += added;
            }
            for (k, r) in regs.iter_mut().enumerate() {
                let kb = k as u64 * cb;
                let mut g = group;
                match (&mut page.data, store) {
                    (Some(data), true) => {
                        while g != 0 {
                            let l = g.trailing_zeros() as usize;
                            g &= g - 1;
                            write_le(
                                data,
                                ((offs[l] + kb) % PAGE_BYTES) as usize,
                                cb as usize,
                                r[l],
                            );
                        }
                    }
                    (Some(data), false) => {
                        while g != 0 {
                            let l = g.trailing_zeros() as usize;
                            g &= g - 1;
                            r[l] =
                                read_le(data, ((offs[l] + kb) % PAGE_BYTES) as usize, cb as usize);
                        }
                    }
                    (None, _) => {
                        while g != 0 {
                            let l = g.trailing_zeros() as usize;
                            g &= g - 1;
                            r[l] = b.pattern[(((offs[l] + kb) >> shift) % 16) as usize];
                        }
                    }
                }
            }
        }
        if mask != 0 {
            b.extent_bytes = b.extent_bytes.max(top + width);
        }
        Ok(())
    }
}

/// A page filled with the initial pattern of a buffer of `comp` scalars. Every page starts at
/// a scalar index that is a multiple of 16 (4096 / 8 = 512), so each is the same 16 scalars
/// repeated.
fn new_page(pattern: &[u64; 16], comp: ScalarType) -> Box<[u8]> {
    let cb = comp.bytes() as usize;
    let mut block = [0u8; 128];
    for (k, v) in pattern.iter().enumerate() {
        write_le(&mut block, k * cb, cb, *v);
    }
    let mut data = vec![0u8; PAGE_BYTES as usize].into_boxed_slice();
    for chunk in data.chunks_mut(16 * cb) {
        chunk.copy_from_slice(block.get(..chunk.len()).unwrap_or_default());
    }
    data
}

/// The `n`-byte little-endian value at `data[at..]` (0 past the end).
#[inline]
pub(crate) fn read_le(data: &[u8], at: usize, n: usize) -> u64 {
    match (n, data.get(at..at + n)) {
        (4, Some(b)) => u64::from(u32::from_le_bytes([b[0], b[1], b[2], b[3]])),
        (8, Some(b)) => u64::from_le_bytes([b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7]]),
        (_, Some(b)) => b.iter().rev().fold(0, |v, x| (v << 8) | u64::from(*x)),
        (_, None) => 0,
    }
}

/// Writes the low `n` bytes of `v` little-endian at `data[at..]` (nothing past the end).
#[inline]
pub(crate) fn write_le(data: &mut [u8], at: usize, n: usize, v: u64) {
    match (n, data.get_mut(at..at + n)) {
        (4, Some(b)) => b.copy_from_slice(&(v as u32).to_le_bytes()),
        (8, Some(b)) => b.copy_from_slice(&v.to_le_bytes()),
        (_, Some(b)) => {
            for (i, x) in b.iter_mut().enumerate() {
                *x = (v >> (8 * i)) as u8;
            }
        }
        (_, None) => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unwritten_memory_reads_the_pattern_and_writes_stick() {
        let mut m = GlobalMemory::new(&[ScalarType::Float, ScalarType::Int]);
        let mut regs = [[0u64; 32]; 4];
        let at = |o: u64| std::array::from_fn(|l| o + 16 * l as u64);
        m.access(0, &at(17 * 4), 1, ScalarType::Float, &mut regs, false)
            .expect("in limits");
        let vals: Vec<f32> = regs.iter().map(|r| f32::from_bits(r[0] as u32)).collect();
        assert_eq!(vals, [1.0, 2.0, 3.0, 4.0]);
        let mut one = [[(-5i32) as u32 as u64; 32]; 1];
        m.access(1, &at(8), 1, ScalarType::Int, &mut one, true)
            .expect("in limits");
        one[0][0] = 0;
        m.access(1, &at(8), 1, ScalarType::Int, &mut one, false)
            .expect("in limits");
        assert_eq!(one[0][0] as u32 as i32, -5);
        m.access(1, &at(12), 1, ScalarType::Int, &mut one, false)
            .expect("in limits");
        assert_eq!(one[0][0], 3, "the rest of a written page keeps the pattern");
        assert_eq!(
            (
                m.buffers[0].load_sectors,
                m.buffers[1].store_sectors,
                m.buffers[1].load_sectors
            ),
            (1, 1, 1)
        );
        assert_eq!(m.buffers[0].extent_bytes, 84);
    }

    #[test]
    fn written_bytes_are_limited() {
        let mut m = GlobalMemory::new(&[ScalarType::Int]);
        let pages = MAX_WRITTEN_BYTES / PAGE_BYTES;
        let mut one = [[1u64; 32]; 1];
        for p in 0..pages {
            m.access(0, &[p * PAGE_BYTES; 32], 1, ScalarType::Int, &mut one, true)
                .expect("in limits");
        }
        assert_eq!(
            m.access(
                0,
                &[pages * PAGE_BYTES; 32],
                1,
                ScalarType::Int,
                &mut one,
                true
            ),
            Err(MemLimit::Written)
        );
    }
}

//! Global memory as the lab keeps it: one sparse buffer per pointer parameter, in 4 KiB pages
//! materialised on first write, with the distinct 32-byte sectors each instruction kind touched.
//!
//! * **Initial contents** (what a load of a never-written element returns): scalar number `j`
//!   of a buffer (element `j` of a `float*`, component `j` of a `float4*` buffer read as floats,
//!   …) holds `j mod 16` converted to the buffer's component type (`bool`: `j mod 16 ≠ 0`). The
//!   H200 fixture's host program fills its buffers with the same pattern.
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
    loaded: u128,
    stored: u128,
}

/// One pointer parameter's buffer.
#[derive(Clone, Debug)]
pub(crate) struct Buffer {
    /// Scalar type of the pattern (the pointee's component type).
    pub comp: ScalarType,
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
                .map(|c| Buffer { comp: *c, pages: HashMap::default(), extent_bytes: 0, load_sectors: 0, store_sectors: 0 })
                .collect(),
            written_pages: 0,
            touched_pages: 0,
        }
    }

    /// Marks the sector of byte offset `off` touched and returns the page (created if new).
    fn page(&mut self, buf: usize, off: u64, width: u32, store: bool) -> Result<Option<&mut Page>, MemLimit> {
        let Some(b) = self.buffers.get_mut(buf) else { return Ok(None) };
        b.extent_bytes = b.extent_bytes.max(off + u64::from(width));
        let key = off / PAGE_BYTES;
        if !b.pages.contains_key(&key) {
            if (self.touched_pages + 1) * PAGE_BYTES > MAX_TOUCHED_BYTES {
                return Err(MemLimit::Touched);
            }
            self.touched_pages += 1;
        }
        let page = b.pages.entry(key).or_default();
        let bit = 1u128 << ((off % PAGE_BYTES) / 32);
        let set = if store { &mut page.stored } else { &mut page.loaded };
        if *set & bit == 0 {
            *set |= bit;
            if store {
                b.store_sectors += 1;
            } else {
                b.load_sectors += 1;
            }
        }
        Ok(Some(page))
    }

    /// Loads `comps` scalars of `comp` type from byte offset `off` of buffer `buf` into `out`.
    pub fn load(&mut self, buf: usize, off: u64, comp: ScalarType, out: &mut [u64]) -> Result<(), MemLimit> {
        let cb = u64::from(comp.bytes());
        let width = (cb * out.len() as u64) as u32;
        let Some(page) = self.page(buf, off, width, false)? else { return Ok(()) };
        match &page.data {
            Some(data) => {
                for (k, o) in out.iter_mut().enumerate() {
                    let at = ((off + k as u64 * cb) % PAGE_BYTES) as usize;
                    *o = read_le(data, at, cb as usize);
                }
            }
            None => {
                for (k, o) in out.iter_mut().enumerate() {
                    *o = pattern_bits((off + k as u64 * cb) / cb, comp);
                }
            }
        }
        Ok(())
    }

    /// Stores `vals` (scalars of `comp` type) at byte offset `off` of buffer `buf`.
    pub fn store(&mut self, buf: usize, off: u64, comp: ScalarType, vals: &[u64]) -> Result<(), MemLimit> {
        let cb = u64::from(comp.bytes());
        let width = (cb * vals.len() as u64) as u32;
        let pattern = self.buffers.get(buf).map_or(ScalarType::Int, |b| b.comp);
        let fresh = match self.buffers.get(buf) {
            Some(b) => b.pages.get(&(off / PAGE_BYTES)).is_none_or(|p| p.data.is_none()),
            None => return Ok(()),
        };
        if fresh {
            if (self.written_pages + 1) * PAGE_BYTES > MAX_WRITTEN_BYTES {
                return Err(MemLimit::Written);
            }
            self.written_pages += 1;
        }
        let Some(page) = self.page(buf, off, width, true)? else { return Ok(()) };
        let data = page.data.get_or_insert_with(|| new_page(off / PAGE_BYTES, pattern));
        for (k, v) in vals.iter().enumerate() {
            let at = ((off + k as u64 * cb) % PAGE_BYTES) as usize;
            write_le(data, at, cb as usize, *v);
        }
        Ok(())
    }
}

/// A page filled with the initial pattern of a buffer of `comp` scalars.
fn new_page(key: u64, comp: ScalarType) -> Box<[u8]> {
    let cb = u64::from(comp.bytes());
    let mut data = vec![0u8; PAGE_BYTES as usize].into_boxed_slice();
    let first = key * PAGE_BYTES / cb;
    for k in 0..PAGE_BYTES / cb {
        write_le(&mut data, (k * cb) as usize, cb as usize, pattern_bits(first + k, comp));
    }
    data
}

#[inline]
pub(crate) fn read_le(data: &[u8], at: usize, n: usize) -> u64 {
    let mut v = 0u64;
    for (i, b) in data.iter().skip(at).take(n).enumerate() {
        v |= u64::from(*b) << (8 * i);
    }
    v
}

#[inline]
pub(crate) fn write_le(data: &mut [u8], at: usize, n: usize, v: u64) {
    for (i, b) in data.iter_mut().skip(at).take(n).enumerate() {
        *b = (v >> (8 * i)) as u8;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unwritten_memory_reads_the_pattern_and_writes_stick() {
        let mut m = GlobalMemory::new(&[ScalarType::Float, ScalarType::Int]);
        let mut out = [0u64; 4];
        m.load(0, 17 * 4, ScalarType::Float, &mut out).expect("in limits");
        let vals: Vec<f32> = out.iter().map(|b| f32::from_bits(*b as u32)).collect();
        assert_eq!(vals, [1.0, 2.0, 3.0, 4.0]);
        m.store(1, 8, ScalarType::Int, &[(-5i32) as u32 as u64]).expect("in limits");
        let mut one = [0u64; 1];
        m.load(1, 8, ScalarType::Int, &mut one).expect("in limits");
        assert_eq!(one[0] as u32 as i32, -5);
        m.load(1, 12, ScalarType::Int, &mut one).expect("in limits");
        assert_eq!(one[0], 3, "the rest of a written page keeps the pattern");
        assert_eq!((m.buffers[0].load_sectors, m.buffers[1].store_sectors, m.buffers[1].load_sectors), (1, 1, 1));
        assert_eq!(m.buffers[0].extent_bytes, 84);
    }

    #[test]
    fn written_bytes_are_limited() {
        let mut m = GlobalMemory::new(&[ScalarType::Int]);
        let pages = MAX_WRITTEN_BYTES / PAGE_BYTES;
        for p in 0..pages {
            m.store(0, p * PAGE_BYTES, ScalarType::Int, &[1]).expect("in limits");
        }
        assert_eq!(m.store(0, pages * PAGE_BYTES, ScalarType::Int, &[1]), Err(MemLimit::Written));
    }
}

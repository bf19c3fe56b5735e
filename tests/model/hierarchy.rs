//! Grid / block / warp / lane arithmetic: spec §3's linear thread id, round trips over random
//! shapes, and agreement with the divergence model's launch masks.

use proptest::prelude::*;
use warpscope::model::hierarchy::{Dim3, DimLimits, HierarchyError, Launch};
use warpscope::model::simt::{launch_mask, warps_per_block};
use warpscope::model::WARP_SIZE;

/// A legal block: x·y·z ≤ 1024 with z ≤ 64.
fn block() -> impl Strategy<Value = Dim3> {
    (1u32..=64)
        .prop_flat_map(|z| (Just(z), 1u32..=1024 / z))
        .prop_flat_map(|(z, y)| (1u32..=1024 / (y * z), Just(y), Just(z)))
        .prop_map(|(x, y, z)| Dim3::new(x, y, z))
}

fn grid() -> impl Strategy<Value = Dim3> {
    (1u32..=4096, 1u32..=65_535, 1u32..=65_535).prop_map(|(x, y, z)| Dim3::new(x, y, z))
}

#[test]
fn spec_example_block_48_has_a_half_warp() {
    // spec §3: blockDim 48 → warp 0 0xFFFFFFFF, warp 1 0x0000FFFF.
    let l = Launch::new(Dim3::new(1, 1, 1), Dim3::new(48, 1, 1), &DimLimits::CUDA).expect("legal");
    assert_eq!((l.warp_mask(0), l.warp_mask(1)), (0xFFFF_FFFF, 0x0000_FFFF));
}

#[test]
fn the_course_launch_256_by_128_has_four_warps_per_block() {
    // Course 000 §5.6: <<<256, 128>>>, 4 warps per block.
    let l =
        Launch::new(Dim3::new(256, 1, 1), Dim3::new(128, 1, 1), &DimLimits::CUDA).expect("legal");
    assert_eq!((l.warps_per_block(), l.threads()), (4, 32_768));
}

#[test]
fn limits_follow_the_gpu() {
    for gpu in warpscope::model::gpu_spec::GpuSpec::all() {
        let limits = DimLimits::for_gpu(&gpu);
        assert_eq!(limits.max_threads_per_block, 1024, "{}", gpu.id);
        let err = Launch::new(Dim3::new(1, 1, 1), Dim3::new(1024, 2, 1), &limits);
        assert!(matches!(
            err,
            Err(HierarchyError::BlockTooLarge { threads: 2048, .. })
        ));
    }
}

proptest! {
    #[test]
    fn global_and_block_thread_round_trip(g in grid(), b in block(), pick in any::<u64>()) {
        let Ok(l) = Launch::new(g, b, &DimLimits::CUDA) else { return Ok(()); };
        let global = pick % l.threads();
        let t = l.thread_at(global).expect("in range");
        prop_assert_eq!(t.global, global);
        let again = l.thread(t.block_idx, t.thread_idx).expect("in range");
        prop_assert_eq!(again, t);
        prop_assert_eq!(l.thread_idx_of(t.tid), Some(t.thread_idx));
        prop_assert_eq!(t.tid, t.thread_idx.x + t.thread_idx.y * b.x + t.thread_idx.z * b.x * b.y);
        prop_assert_eq!(t.global_xyz.0, u64::from(t.block_idx.x) * u64::from(b.x) + u64::from(t.thread_idx.x));
    }

    #[test]
    fn warp_and_lane_agree_with_launch_masks(b in block()) {
        let l = Launch::new(Dim3::new(1, 1, 1), b, &DimLimits::CUDA).expect("legal");
        let threads = l.threads_per_block();
        prop_assert_eq!(l.warps_per_block(), warps_per_block(threads));
        let mut live = vec![0u32; l.warps_per_block() as usize];
        for tid in 0..threads {
            let idx = l.thread_idx_of(tid).expect("in block");
            let t = l.thread(Dim3::default(), idx).expect("in range");
            prop_assert_eq!((t.warp, t.lane), (tid / WARP_SIZE, tid % WARP_SIZE));
            prop_assert!(launch_mask(threads, t.warp) & (1 << t.lane) != 0);
            live[t.warp as usize] |= 1 << t.lane;
        }
        for (w, mask) in live.iter().enumerate() {
            prop_assert_eq!(*mask, launch_mask(threads, w as u32));
            prop_assert_eq!(*mask, l.warp_mask(w as u32));
        }
    }

    #[test]
    fn any_shape_is_checked_never_panics(g in any::<(u32, u32, u32)>(), b in any::<(u32, u32, u32)>()) {
        let (g, b) = (Dim3::new(g.0, g.1, g.2), Dim3::new(b.0, b.1, b.2));
        if let Ok(l) = Launch::new(g, b, &DimLimits::CUDA) {
            prop_assert!(u64::from(g.x) * u64::from(b.x) <= i32::MAX as u64);
            prop_assert!(l.threads_per_block() <= 1024);
            let _ = l.thread_at(l.threads() - 1).expect("last thread");
        }
    }
}

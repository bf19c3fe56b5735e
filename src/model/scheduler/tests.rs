//! Tests of the parent module.
//!
//! Test code only: compiled for `cargo test` (`#[cfg(test)] mod` in its parent).
#![cfg(test)]

use super::*;

#[test]
fn warps_are_spread_round_robin() {
    let c = SchedulerConfig {
        resident_warps: 6,
        ..SchedulerConfig::default()
    };
    let counts: Vec<u32> = (0..4).map(|s| c.warps_on_scheduler(s)).collect();
    assert_eq!(counts, [2, 2, 1, 1]);
}

#[test]
fn lone_warp_iteration_is_t1() {
    let c = SchedulerConfig {
        resident_warps: 1,
        latency_cycles: 100,
        independent_per_load: 3,
        loads_in_flight: 1,
        ..SchedulerConfig::default()
    };
    assert_eq!(c.unloaded_iteration_cycles(), 100);
    let u = steady_state_utilisation(&c);
    assert!((u - 4.0 / (4.0 * 100.0)).abs() < 1e-12, "{u}");
}

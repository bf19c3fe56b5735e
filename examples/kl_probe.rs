use warpscope::model::kernel::{parse, presets, run};
fn main() {
    for p in presets() {
        let k = parse(p.source).unwrap();
        let mut best = f64::MAX;
        let mut r = None;
        for _ in 0..5 {
            let t = std::time::Instant::now();
            r = Some(run(&k, &p.launch()).unwrap());
            best = best.min(t.elapsed().as_secs_f64() * 1e3);
        }
        let r = r.unwrap();
        println!("{:20} ld {:>6}/{:>7} st {:>6}/{:>7} sld {:>6}/{:>7} c{:>6} sst {:>6}/{:>7} c{:>6} steps {:>8} div {:>6} flops {:>8} smem {} {:.1} ms",
            p.id, r.global_load.requests, r.global_load.sectors, r.global_store.requests, r.global_store.sectors,
            r.shared_load.instructions, r.shared_load.wavefronts, r.totals.shared_load_bank_conflicts,
            r.shared_store.instructions, r.shared_store.wavefronts, r.totals.shared_store_bank_conflicts,
            r.steps, r.totals.divergent_branches, r.flops(), r.static_smem_bytes, best);
    }
}

use warpscope::model::kernel::{parse, preset, run};
fn main() {
    let p = preset(&std::env::args().nth(1).unwrap_or("grid-stride-copy".into())).unwrap();
    let k = parse(p.source).unwrap();
    for _ in 0..5 { let r = run(&k, &p.launch()).unwrap(); std::hint::black_box(r); }
}

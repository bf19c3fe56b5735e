//! The wasm entry point: panic hook, then mount the app. Two performance marks ("ws:main" when
//! the wasm starts running, "ws:mounted" when the first view is in the DOM) let `make bench`
//! split the time to interactive into loading and rendering.

fn mark(name: &str) {
    if let Some(p) = web_sys::window().and_then(|w| w.performance()) {
        let _ = p.mark(name);
    }
}

fn main() {
    mark("ws:main");
    // The dispatch simulation's hot loop stays in the main module with the allocator it calls
    // on every block: split into a chapter's module, each of those calls crosses modules and
    // the simulation of 2^20 blocks took 1.7× as long (README, budgets).
    std::hint::black_box(warpscope::model::dispatch::Simulator::run as fn(_) -> _);
    console_error_panic_hook::set_once();
    leptos::mount::mount_to_body(warpscope::ui::App);
    // The static "Loading" message of index.html (and its failure fallback) is no longer needed.
    if let Some(boot) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id("gx-boot"))
    {
        boot.remove();
    }
    mark("ws:mounted");
}

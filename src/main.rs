//! The wasm entry point: panic hook, then mount the app. Two performance marks ("ws:main" when
//! the wasm starts running, "ws:mounted" when the first view is in the DOM) let `make bench`
//! split the time to interactive into loading and rendering.

fn mark(name: &str) {
    if let Some(p) = web_sys::window().and_then(|w| w.performance()) {
        let _ = p.mark(name);
    }
}

/// Builds chapter `slug`'s body once off the page, so that opening it runs compiled code
/// (`assets/start.js` calls it once the next chapter's modules are fetched and the page is idle;
/// see `warpscope::ui::shell::warm_chapter`).
#[wasm_bindgen::prelude::wasm_bindgen]
pub fn warm_chapter(slug: &str) {
    warpscope::ui::shell::warm_chapter(slug);
}

fn main() {
    mark("ws:main");
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

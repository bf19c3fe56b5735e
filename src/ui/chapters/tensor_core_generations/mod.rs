//! Chapter 10, inside the Tensor Core, generation by generation (the course's third text): the
//! PE array stepped cycle by cycle, datasheet peaks rebuilt from units, Volta's quad-pairs
//! against Ampere's whole-warp fragment, Hopper's warp group and asynchronous protocol, wgmma's
//! register fragments thread by thread, the shared-memory matrix descriptor and its swizzle over
//! the banks, Blackwell's Tensor Memory and `tcgen05.ld` lane maps, the data path by
//! generation, WMMA against mma.sync, and mma.sync against wgmma on an H200.
//!
//! Model: [`crate::model::tensor_core_gen`] and [`crate::model::measured::tensor_core_peak`].
//! State: [`state::GenState`] (inputs → one memo; the newest paths' parts in [`newest`]).

mod controls;
mod descriptor;
mod history;
mod newest;
mod pe;
mod peak;
pub mod state;
pub(crate) mod text;
mod tmem;
mod tmem_ld;
mod warps;
mod wgmma_map;

use leptos::prelude::*;

use crate::ui::shell::{after_first_paint_split, ChapterBody, UrlInputs};
use state::GenState;

/// The chapter's body inside the shell's frame.
pub struct Page;

impl ChapterBody for Page {
    type Inputs = state::GenInputs;
    const INTRO: &'static [crate::ui::i18n::Tr] = &text::INTRO;
    const QUESTIONS: &'static [&'static crate::ui::content::questions::BankQuestion] =
        crate::ui::content::questions::TENSOR_CORE_GENERATIONS;

    fn body(inputs: UrlInputs<Self::Inputs>) -> AnyView {
        let state = GenState::new(inputs);
        provide_context(state);
        view! {
            <pe::PeSection/>
            // The rest follows after the first paint (chapter → chapter: shell `staged`).
            {after_first_paint_split(|| Box::pin(later()))}
        }
        .into_any()
    }
}

/// The parts after the first figure, in the chapter's later module (fetched after the first
/// paint: shell `staged`).
#[::leptos::wasm_split::wasm_split(tensor_core_generations_later, wasm_split_path = ::leptos::wasm_split)]
fn later() -> AnyView {
    view! {
        <peak::PeakSection/>
        <warps::VoltaSection/>
        <warps::HopperSection/>
        <wgmma_map::WgmmaMapSection/>
        <descriptor::DescriptorSection/>
        <tmem::TmemSection/>
        <tmem_ld::LdSection/>
        <history::PathSection/>
        <history::WmmaSection/>
        <history::MeasuredSection/>
    }
    .into_any()
}

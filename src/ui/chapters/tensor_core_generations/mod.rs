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

use crate::ui::shell::chapter_body;
use state::GenState;

chapter_body! {
    inputs: state::GenInputs,
    state: GenState,
    intro: text::INTRO,
    questions: TENSOR_CORE_GENERATIONS,
    first: |state| {
        view! {
            <pe::PeSection/>
        }
    },
    later(tensor_core_generations_later): {
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
    },
}

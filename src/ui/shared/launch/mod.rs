//! The kernel launch several chapters share: the inputs of NVIDIA's occupancy calculator
//! (GPU, threads per block, registers per thread, static and dynamic shared memory, carveout),
//! their URL keys and limits. The occupancy chapter edits it; the dispatch chapter reads the same
//! keys and adds its own.

pub mod bars;
pub mod text;

use serde::{Deserialize, Serialize};

use crate::model::gpu_spec::GpuSpec;
use crate::model::occupancy::{Carveout, KernelConfig};
use crate::ui::shell::ChapterInputs;
use crate::ui::url::keys::launch as key;
use crate::ui::url::{to_query, Notice, QueryReader};

/// How the dynamic shared-memory input is typed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SmemUnit {
    /// Bytes, slider in steps of 128 B.
    B,
    /// KiB, slider in steps of 1 KiB.
    Kib,
}

/// What the sweep graphs put on the y axis.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum YAxis {
    /// Occupancy, percent.
    Pct,
    /// Resident warps per SM.
    Warps,
}

/// Every input of the launch. Field names are the URL keys.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct LaunchInputs {
    /// GPU preset id.
    pub gpu: String,
    /// Threads per block.
    pub threads: u32,
    /// Registers per thread.
    pub regs: u32,
    /// Static shared memory per block, bytes.
    pub smem: u32,
    /// Dynamic shared memory per block, bytes.
    pub dsmem: u32,
    /// The unit the dynamic shared memory is typed in.
    pub dunit: SmemUnit,
    /// Carveout preference in percent, or −1 for none (CUDA's `-1` default).
    pub carveout: i32,
    /// The sweep graphs' y axis.
    pub y: YAxis,
}

/// Ranges of every numeric input: the one place sliders, typed numbers and permalinks clamp to.
pub mod limits {
    /// Threads per block: typed 1..=1024; the slider moves in whole warps.
    pub const THREADS: (u32, u32) = (1, 1024);
    /// Registers per thread (ptxas never emits more than 255).
    pub const REGS: (u32, u32) = (1, 255);
    /// Static shared memory: ptxas accepts at most 48 KiB.
    pub const STATIC_SMEM: (u32, u32) = (0, 48 * 1024);
    /// Dynamic shared memory: up to 256 KiB (more than any preset's per-block limit, so the
    /// "does not fit" message can be reached).
    pub const DYNAMIC_SMEM: (u32, u32) = (0, 256 * 1024);
    /// Carveout: −1 (no preference) or 0..=100 %.
    pub const CARVEOUT: (i32, i32) = (-1, 100);
}

impl Default for LaunchInputs {
    fn default() -> Self {
        LaunchInputs {
            gpu: "a100".into(),
            threads: 256,
            regs: 64,
            smem: 0,
            dsmem: 0,
            dunit: SmemUnit::Kib,
            carveout: -1,
            y: YAxis::Pct,
        }
    }
}

impl LaunchInputs {
    /// Reads the occupancy keys from `r` (the dispatch chapter shares them).
    pub fn read(r: &mut QueryReader) -> LaunchInputs {
        use limits::*;
        let d = LaunchInputs::default();
        let ids: Vec<&str> = GpuSpec::presets().iter().map(|g| g.id).collect();
        LaunchInputs {
            gpu: r.one_of(key::GPU, &d.gpu, &ids),
            threads: r.num(key::THREADS, d.threads, THREADS.0, THREADS.1),
            regs: r.num(key::REGS, d.regs, REGS.0, REGS.1),
            smem: r.num(key::SMEM, d.smem, STATIC_SMEM.0, STATIC_SMEM.1),
            dsmem: r.num(key::DSMEM, d.dsmem, DYNAMIC_SMEM.0, DYNAMIC_SMEM.1),
            dunit: r.choice(key::DUNIT, d.dunit),
            carveout: r.num(key::CARVEOUT, d.carveout, CARVEOUT.0, CARVEOUT.1),
            y: r.choice(key::Y, d.y),
        }
    }

    /// The GPU preset (A100 if the id is unknown, which `read` already prevents).
    pub fn gpu_spec(&self) -> GpuSpec {
        GpuSpec::by_id(&self.gpu).unwrap_or_else(GpuSpec::a100_sxm)
    }

    /// The carveout as the model's type.
    pub fn carveout_model(&self) -> Carveout {
        match u32::try_from(self.carveout) {
            Ok(p) => Carveout::Percent(p),
            Err(_) => Carveout::Default,
        }
    }

    /// The kernel as the model's input.
    pub fn kernel(&self) -> KernelConfig {
        KernelConfig {
            threads_per_block: self.threads,
            regs_per_thread: self.regs,
            static_smem_bytes: self.smem,
            dynamic_smem_bytes: self.dsmem,
            carveout: self.carveout_model(),
        }
    }
}

impl ChapterInputs for LaunchInputs {
    /// Reads a permalink's query; never panics; unknown/bad values become notices.
    fn from_query(query: &str) -> (LaunchInputs, Vec<Notice>) {
        let mut r = QueryReader::parse(query);
        let inputs = LaunchInputs::read(&mut r);
        (inputs, r.finish())
    }

    /// The query string for this state (only non-default values).
    fn to_query(&self) -> String {
        to_query(self, &LaunchInputs::default())
    }
}

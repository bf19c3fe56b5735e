//! The live sentence under a dispatch canvas: time, wave, blocks started / finished / running,
//! idle SMs, and the hovered SM's blocks. Shared by the model figure and the H200 replay.

use crate::model::dispatch::Timeline;
use crate::ui::format::grouped;
use crate::ui::i18n::Lang;

use super::canvas::moment;
use super::text;

/// How the time axis is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TimeUnit {
    /// Simulated cycles.
    Cycles,
    /// Measured nanoseconds, printed in µs.
    Nanoseconds,
}

/// Nanoseconds as microseconds with one decimal (the replay's figures).
pub fn micros(ns: u32) -> String {
    format!("{:.1}", f64::from(ns) / 1000.0)
}

impl TimeUnit {
    /// "Cycle 250 of 3,000" / "t = 50.8 of 253.9 µs", in the reader's language.
    pub fn stamp(self, t: u32, end: u32, lang: Lang) -> String {
        match self {
            TimeUnit::Cycles => text::cycle_stamp(t, end, lang),
            TimeUnit::Nanoseconds => format!("t = {} / {} µs", micros(t), micros(end)),
        }
    }
}

/// The readout of `tl` at `t`, with the blocks on `hovered` if any.
pub fn readout(tl: &dyn Timeline, t: u32, unit: TimeUnit, hovered: Option<u32>, l: Lang) -> String {
    // Two schedules share one clock in the replay: past its own end a schedule stays at its end.
    let t = t.min(tl.makespan_cycles());
    let m = moment(tl, t);
    let running = m.started.saturating_sub(m.completed);
    let mut buf = Vec::new();
    tl.resident_at_into(t, &mut buf);
    let slots = tl.blocks_per_sm().max(1) as usize;
    let idle = buf
        .chunks(slots)
        .filter(|c| c.iter().all(Option::is_none))
        .count();
    let waves = grouped(tl.wave_count().into());
    let tail = if m.tail_wave == Some(m.current_wave) && m.started > 0 {
        text::THE_TAIL.get(l)
    } else {
        ""
    };
    let hover = hovered
        .map(|sm| {
            let blocks: Vec<u32> = buf
                .get(sm as usize * slots..(sm as usize + 1) * slots)
                .unwrap_or(&[])
                .iter()
                .flatten()
                .copied()
                .collect();
            let list = blocks
                .iter()
                .map(u32::to_string)
                .collect::<Vec<_>>()
                .join(", ");
            text::sm_resident(sm, blocks.len(), &list, l)
        })
        .unwrap_or_default();
    let now = unit.stamp(t, tl.makespan_cycles(), l);
    let (started, completed, running) = (
        grouped(m.started.into()),
        grouped(m.completed.into()),
        grouped(running.into()),
    );
    let (wave, sms) = (grouped(u64::from(m.current_wave) + 1), tl.sm_count());
    let sentence = text::readout(
        &text::Readout {
            now,
            wave,
            waves,
            tail,
            started,
            completed,
            running,
            idle,
            sms,
            one_started: m.started == 1,
        },
        l,
    );
    sentence + &hover
}

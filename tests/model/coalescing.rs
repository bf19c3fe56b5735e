//! Not yet written: see the open issue that introduces `model::coalescing`.

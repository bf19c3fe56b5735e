//! Not yet written: see the open issue that introduces `model::w8a8`.

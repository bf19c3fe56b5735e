//! Not yet written: see the open issue that introduces this module.

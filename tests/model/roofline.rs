//! Roofline tests (written with the foundation issue).

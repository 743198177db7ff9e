//! The two visitor writes. Both accept JSON (the UI's fetch) or a plain
//! form post (the same form before JavaScript has loaded).

pub mod contact;
pub mod input;
pub mod newsletter;

//! E-mail: the messages (askama templates), signed links inside them, and
//! the worker that delivers the outbox over SMTP.

pub mod messages;
pub mod signing;
pub mod worker;

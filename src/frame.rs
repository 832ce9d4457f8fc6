//! The browser's frames: work that must come after the next paint. Used by the data layer
//! (a large answer is decoded after the page has painted) and by the tables (rows below
//! the window are built, and measured, after the rows that show have been painted).

use futures::channel::oneshot;
use futures::future::select;
use leptos::prelude::{request_animation_frame, set_timeout};
use std::time::Duration;

/// Runs `f` in a task right after the next paint: a task queued from a frame callback runs
/// after that frame's paint.
pub fn after_paint(f: impl FnOnce() + 'static) {
    request_animation_frame(move || set_timeout(f, Duration::from_millis(0)));
}

/// Resolves in a task after the next paint, or after 100 ms if no frame comes (a hidden tab
/// draws none).
pub async fn next_paint() {
    let (tx, rx) = oneshot::channel();
    after_paint(move || {
        let _ = tx.send(());
    });
    let _ = select(rx, gloo_timers::future::TimeoutFuture::new(100)).await;
}

//! The browser's frames: work that must come after the next paint. Used by the data layer
//! (a large answer is decoded after the page has painted) and by the tables (rows below
//! the window are built, and measured, after the rows that show have been painted), and by
//! the booking list for the work its first rows do not need.

use futures::channel::oneshot;
use futures::future::select;
use js_sys::{Function, Object, Reflect};
use leptos::prelude::{request_animation_frame, set_timeout};
use std::time::Duration;
use wasm_bindgen::{closure::Closure, JsCast, JsValue};

/// Runs `f` in a task right after the next paint: a task queued from a frame callback runs
/// after that frame's paint.
pub fn after_paint(f: impl FnOnce() + 'static) {
    // Boxed: one copy of the frame and timer closures for every caller.
    let f: Box<dyn FnOnce()> = Box::new(f);
    request_animation_frame(move || set_timeout(f, Duration::from_millis(0)));
}

/// As [`after_paint`], for work nobody waits for (the booking list's search texts, whole
/// sort, location choices and name index's start): at background priority where the
/// browser has `scheduler.postTask` (Chromium; Firefox's recent versions too, not measured
/// here; not Safari), so answers that came in meanwhile are read first. The first screen's
/// animal look-ups answer within a few ms of the first rows, but their bodies are read in
/// tasks queued only then, behind these: at 10 000 bookings the rows' names showed 140–170
/// ms after the first row, 80 ms sooner with this (README, Performance). Elsewhere a plain
/// task, as `after_paint`.
pub fn after_paint_background(f: impl FnOnce() + 'static) {
    // Boxed: one copy of `background` for every caller.
    let f: Box<dyn FnOnce()> = Box::new(f);
    request_animation_frame(move || background(f));
}

fn background(f: Box<dyn FnOnce()>) {
    let scheduler = Reflect::get(&js_sys::global(), &"scheduler".into())
        .ok()
        .filter(JsValue::is_object);
    let post = scheduler.as_ref().and_then(|s| {
        Reflect::get(s, &"postTask".into())
            .ok()?
            .dyn_into::<Function>()
            .ok()
    });
    match (scheduler, post) {
        (Some(scheduler), Some(post)) => {
            let options = Object::new();
            let _ = Reflect::set(&options, &"priority".into(), &"background".into());
            let task: JsValue = Closure::once_into_js(f);
            // The promise it returns settles with the task; nothing here waits for it. With
            // these arguments it does not throw (a bad priority or an aborted signal would).
            let _ = post.call2(&scheduler, &task, &options);
        }
        _ => set_timeout(f, Duration::from_millis(0)),
    }
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

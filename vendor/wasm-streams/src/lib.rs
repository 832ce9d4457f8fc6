//! Kennel Desk's stand-in for [wasm-streams] 0.5, patched in by the app's Cargo.toml.
//!
//! Leptos turns on server_fn's `browser` feature whatever the app's features, and that pulls
//! in wasm-streams for server functions' streaming bodies. Kennel Desk has no server
//! functions, so none of it runs, yet the real crate's `#[wasm_bindgen]` JS classes
//! (`IntoUnderlyingSource`, `IntoUnderlyingSink`, `IntoUnderlyingByteSource`) are exports,
//! which no linker may drop: 12 KB of wasm (3.5 KB brotli) and their classes in the JS glue,
//! on every cold start (README, Performance). This crate has the one type server_fn uses,
//! [`ReadableStream`], with the same methods, built on plain closures instead of exported
//! classes, so whatever nothing calls is left out of the build.
//!
//! It works as the real one does for what server_fn does with it: a JS stream read as a Rust
//! stream of chunks (`from_raw` + `into_stream`; dropping it cancels the JS stream), and a
//! Rust stream offered as a JS stream that takes one item per `pull`, none before the first
//! read (`from_stream` + `into_raw`; a cancel drops the Rust stream).
//!
//! [wasm-streams]: https://crates.io/crates/wasm-streams

use futures_util::stream::{Stream, StreamExt};
use std::cell::RefCell;
use std::future::Future;
use std::pin::Pin;
use std::rc::Rc;
use std::task::{Context, Poll};
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::{future_to_promise, JsFuture};

/// The raw web types, as `wasm_streams::readable::sys` names them.
pub mod readable {
    pub mod sys {
        pub use web_sys::ReadableStream;
    }
}

/// A JS `ReadableStream`, readable as a Rust [`Stream`] and makeable from one.
pub struct ReadableStream {
    raw: web_sys::ReadableStream,
}

impl ReadableStream {
    pub fn from_raw(raw: web_sys::ReadableStream) -> Self {
        Self { raw }
    }

    /// A JS stream whose every `pull` takes the next item of `stream`: a chunk is enqueued,
    /// an error errors the stream, the end closes it. The Rust stream is dropped at its end,
    /// at an error and when the JS stream is cancelled.
    pub fn from_stream<St>(stream: St) -> Self
    where
        St: Stream<Item = Result<JsValue, JsValue>> + 'static,
    {
        let stream: Shared<St> = Rc::new(RefCell::new(Some(Box::pin(stream))));
        let pulled = stream.clone();
        let pull =
            Closure::<dyn FnMut(JsValue) -> js_sys::Promise>::new(move |controller: JsValue| {
                let controller: web_sys::ReadableStreamDefaultController =
                    controller.unchecked_into();
                let stream = pulled.clone();
                future_to_promise(async move {
                    match NextOf(&stream).await {
                        Some(Ok(chunk)) => controller.enqueue_with_chunk(&chunk)?,
                        Some(Err(e)) => {
                            stream.borrow_mut().take();
                            controller.error_with_e(&e);
                        }
                        None => {
                            stream.borrow_mut().take();
                            controller.close()?;
                        }
                    }
                    Ok(JsValue::UNDEFINED)
                })
            });
        let cancel = Closure::<dyn FnMut(JsValue)>::new(move |_reason: JsValue| {
            stream.borrow_mut().take();
        });
        let source = js_sys::Object::new();
        // Setting a property on a fresh plain object cannot fail.
        let _ = js_sys::Reflect::set(&source, &"pull".into(), pull.as_ref());
        let _ = js_sys::Reflect::set(&source, &"cancel".into(), cancel.as_ref());
        // The JS stream calls them for as long as it lives, which this crate cannot see; they
        // hold only the shared stream, dropped at its end.
        pull.forget();
        cancel.forget();
        // No item taken before the first read (the default would pull one at once).
        let strategy = web_sys::QueuingStrategy::new();
        strategy.set_high_water_mark(0.0);
        // A plain object with `pull` and `cancel` is a valid source: the constructor does not
        // throw for it. Should it ever, the stream is an empty one rather than a panic.
        let raw =
            web_sys::ReadableStream::new_with_underlying_source_and_strategy(&source, &strategy)
                .or_else(|_| web_sys::ReadableStream::new())
                .unwrap_or_else(|_| JsValue::UNDEFINED.unchecked_into());
        Self { raw }
    }

    pub fn into_raw(self) -> web_sys::ReadableStream {
        self.raw
    }

    /// The stream's chunks, read one at a time through its default reader.
    pub fn into_stream(self) -> IntoStream {
        let reader: web_sys::ReadableStreamDefaultReader = self.raw.get_reader().unchecked_into();
        IntoStream {
            reader: Some(reader),
            pending: None,
        }
    }
}

/// A Rust stream shared by the JS stream's `pull` and `cancel`; `None` once dropped.
type Shared<St> = Rc<RefCell<Option<Pin<Box<St>>>>>;

/// The next item of a shared stream, as a future (the end, once it is dropped).
struct NextOf<'a, St>(&'a Shared<St>);

impl<St: Stream> Future for NextOf<'_, St> {
    type Output = Option<St::Item>;

    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Self::Output> {
        match self.0.borrow_mut().as_mut() {
            Some(stream) => stream.poll_next_unpin(cx),
            None => Poll::Ready(None),
        }
    }
}

/// [`ReadableStream::into_stream`]: each chunk as `Ok`, a failed read as `Err` (and the end).
/// Dropped before its end, it cancels the JS stream, as the real crate's does.
pub struct IntoStream {
    reader: Option<web_sys::ReadableStreamDefaultReader>,
    pending: Option<JsFuture>,
}

impl Stream for IntoStream {
    type Item = Result<JsValue, JsValue>;

    fn poll_next(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        let Some(reader) = self.reader.clone() else {
            return Poll::Ready(None);
        };
        let read = self
            .pending
            .get_or_insert_with(|| JsFuture::from(reader.read()));
        let result = match Pin::new(read).poll(cx) {
            Poll::Pending => return Poll::Pending,
            Poll::Ready(result) => result,
        };
        self.pending = None;
        match result {
            Ok(step) => {
                let done = js_sys::Reflect::get(&step, &"done".into())
                    .map(|d| d.is_truthy())
                    .unwrap_or(true);
                if done {
                    self.reader = None;
                    return Poll::Ready(None);
                }
                Poll::Ready(Some(js_sys::Reflect::get(&step, &"value".into())))
            }
            Err(e) => {
                self.reader = None;
                Poll::Ready(Some(Err(e)))
            }
        }
    }
}

impl Drop for IntoStream {
    fn drop(&mut self) {
        if let Some(reader) = self.reader.take() {
            // Awaited, so that a rejection is handled rather than reported as unhandled.
            let cancelled = JsFuture::from(reader.cancel());
            wasm_bindgen_futures::spawn_local(async move {
                let _ = cancelled.await;
            });
        }
    }
}

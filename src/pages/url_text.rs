//! A text field whose value lives in the URL's query: the booking list's and the invoice
//! list's search, and the invoice list's customer and dates.

use leptos::prelude::*;
use leptos_router::hooks::{query_signal_with_options, use_location, use_navigate};
use leptos_router::NavigateOptions;
use std::time::Duration;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;

/// How long typing must pause before the URL is written: the rows narrow at every key, but
/// rewriting the address bar per keystroke would make it flicker.
const URL_DELAY: Duration = Duration::from_millis(250);

/// One URL parameter as a signal pair. A change replaces the history entry's query (Back
/// should leave the list, not replay the typing or the filters) and keeps the scroll position.
pub(super) fn param(key: &'static str) -> (Memo<Option<String>>, SignalSetter<Option<String>>) {
    query_signal_with_options::<String>(
        key,
        NavigateOptions {
            replace: true,
            scroll: false,
            ..Default::default()
        },
    )
}

/// A field's text as a URL parameter: none when blank.
pub(super) fn some_text(text: String) -> Option<String> {
    (!text.trim().is_empty()).then_some(text)
}

/// A text parameter of the URL with a local copy that follows every keystroke; the URL
/// follows once typing pauses, and the copy follows the URL when something else changes it
/// (Back, a link, a reload).
#[derive(Clone, Copy)]
pub struct UrlText {
    /// The query parameter, also the field's `name`.
    pub key: &'static str,
    /// What the field shows: every keystroke at once.
    pub local: RwSignal<String>,
    set_url: SignalSetter<Option<String>>,
    /// The value this field last wrote to the URL (or found there): a URL change to it is
    /// our own write coming back, not a link, and must not reset what was typed since.
    written: StoredValue<String>,
    /// The write waiting for typing to pause.
    timer: StoredValue<Option<TimeoutHandle>>,
    /// Writes a text into the URL now (see [`UrlText::flush`]).
    write_now: StoredValue<Box<dyn Fn(String)>, LocalStorage>,
}

impl UrlText {
    /// The field for query parameter `key`, read from the URL now.
    pub fn new(key: &'static str) -> UrlText {
        let (url, set_url) = param(key);
        let first = url.get_untracked().unwrap_or_default();
        // `set_url` navigates a frame later; this at once, through the router, so that it
        // comes before a link's own navigation, which the router starts in a task.
        let (navigate, location) = (use_navigate(), use_location());
        let write_now = move |text: String| {
            let mut query = location.query.get_untracked();
            match some_text(text) {
                Some(text) => query.replace(key, text),
                None => {
                    query.remove(key);
                }
            }
            let path = location.pathname.get_untracked();
            let hash = location.hash.get_untracked();
            let options = NavigateOptions {
                replace: true,
                scroll: false,
                ..Default::default()
            };
            navigate(&format!("{path}{}{hash}", query.to_query_string()), options);
        };
        let field = UrlText {
            key,
            local: RwSignal::new(first.clone()),
            set_url,
            written: StoredValue::new(first),
            timer: StoredValue::new(None),
            write_now: StoredValue::new_local(Box::new(write_now)),
        };
        crate::effect::effect(move || {
            let from_url = url.get().unwrap_or_default();
            if from_url != field.written.get_value() {
                // A link or Back set it: that wins over a write still waiting for a pause.
                field.cancel();
                field.written.set_value(from_url.clone());
                field.local.set(from_url);
            }
        });
        // A link followed while a write waits (a row opened right after typing): the write
        // goes into the entry being left first, or Back found the list without the search.
        // In the capture phase, before the router's own listener: after it, its navigation
        // (a task of its own) had already run when a tap's listeners went on.
        let on_click = Closure::<dyn Fn(web_sys::Event)>::new(move |ev: web_sys::Event| {
            let on_link = ev
                .target()
                .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
                .and_then(|el| el.closest("a[href]").ok().flatten())
                .is_some();
            if on_link {
                field.flush();
            }
        });
        let listen = move |add: bool| {
            let (target, f) = (window(), on_click.as_ref().unchecked_ref());
            let _ = if add {
                target.add_event_listener_with_callback_and_bool("click", f, true)
            } else {
                target.remove_event_listener_with_callback_and_bool("click", f, true)
            };
        };
        listen(true);
        // (The page's cleanup may be asked to be Send; the app has one thread.)
        let stop = send_wrapper::SendWrapper::new(move || listen(false));
        // A pending write must not outlive the page: its values go with it.
        on_cleanup(move || {
            stop();
            field.cancel();
        });
        field
    }

    /// Writes what was typed into the URL now if that write is still waiting for a pause:
    /// before the page is left for a link or by Enter, so that Back brings the search back.
    pub fn flush(self) {
        if self.timer.try_get_value().flatten().is_none() {
            return;
        }
        self.cancel();
        let Some(text) = self.local.try_get_untracked() else {
            return;
        };
        self.written.try_set_value(text.clone());
        self.write_now.try_with_value(|write| write(text));
    }

    /// A keystroke: the local copy now, the URL once typing pauses for [`URL_DELAY`].
    pub fn input(self, text: String) {
        self.cancel();
        self.local.set(text.clone());
        let handle = set_timeout_with_handle(
            move || {
                // `try_`: nothing in a timer may panic (an abort ends the app).
                self.written.try_set_value(text.clone());
                self.set_url.set(some_text(text));
            },
            URL_DELAY,
        )
        .ok();
        self.timer.try_set_value(handle);
    }

    /// Empties the field and its parameter ("Clear filters"), forgetting a write waiting
    /// for a pause. Through the query signal, as the booking list's filters clear: the
    /// writes of several fields land as one.
    pub fn clear(self) {
        self.cancel();
        self.written.set_value(String::new());
        self.local.set(String::new());
        self.set_url.set(None);
    }

    /// Drops the write waiting for a pause, if any.
    fn cancel(self) {
        if let Some(handle) = self.timer.try_get_value().flatten() {
            handle.clear();
        }
        self.timer.try_set_value(None);
    }
}

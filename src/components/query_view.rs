//! Renders a cached query in whichever state it is in.

use super::states::{ErrorState, Loading, NotFound};
use crate::api::{ApiError, Query};
use leptos::prelude::*;
use std::sync::Arc;

/// How much a section says about freshness: the page's main data shows when it was loaded
/// and offers Refresh; related sections (a booking's invoices) speak up only when a refresh
/// failed, so a page does not repeat "Updated … Refresh" three times.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Role {
    Main,
    Related,
}

/// A value derived from one answer, compared by identity: a memo of it notifies only when a
/// new answer arrived, without comparing 50 000 strings to find out.
#[derive(Clone)]
pub struct Derived<T>(pub Arc<T>);

impl<T> PartialEq for Derived<T> {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

/// What a single-record page shows when the service does not know the id.
pub struct Missing {
    pub message: String,
    pub back_href: String,
    pub back_label: String,
}

/// The untyped side of a query, so the views around the data are compiled once, not once
/// per page and data type (the generic version was monomorphised per call site).
#[derive(Clone)]
struct Parts {
    error: ArcRwSignal<Option<ApiError>>,
    loading: ArcRwSignal<bool>,
    loaded_at: ArcRwSignal<Option<f64>>,
    stale: ArcRwSignal<bool>,
    /// Whether there is data, read (and tracked) like the data signal.
    has_data: Arc<dyn Fn() -> bool + Send + Sync>,
    retry: Callback<()>,
    /// Said after a failed refresh's words, when there is something (`query_view_and`).
    note: Option<Signal<Option<String>>>,
    keep: FocusKeep,
}

/// Keeps a keyboard user's place on the query's own buttons while they are rebuilt: Refresh
/// turns into a failed refresh's Retry, the error state's Retry gives way to the data's
/// Refresh (or to itself again). Focus fell to the page's body there, and the next Tab started
/// from the top of the page.
#[derive(Clone)]
struct FocusKeep {
    /// While a press of one of the query's buttons, made with focus on it, waits for its
    /// answer: the element around the query's line and state, which holds the button shown.
    around: StoredValue<Option<web_sys::Element>, LocalStorage>,
    loading: ArcRwSignal<bool>,
}

/// The query's buttons, from the element around its line and state.
const BUTTONS: &str = ":scope > :is(.kd-freshness, .kd-notice--error, .kd-state--error) > button";

impl FocusKeep {
    /// `retry`, noting where focus is to stay until its answer is shown.
    fn pressing(&self, retry: Callback<()>) -> Callback<()> {
        let around = self.around;
        Callback::new(move |_| {
            // Kept for a keyboard's press only (the button shows its focus ring then): a
            // pointer's click also focuses a button in Chromium, but that reader's eyes and
            // hand are elsewhere by the time the answer comes.
            let focused = document()
                .active_element()
                .filter(|f| f.matches(":focus-visible").unwrap_or(false));
            let el = focused
                .as_ref()
                .and_then(|f| f.parent_element()?.parent_element());
            let ours = el
                .as_ref()
                .and_then(|el| el.query_selector(BUTTONS).ok().flatten());
            around.set_value(el.filter(|_| ours.is_some() && ours == focused));
            retry.run(());
        })
    }

    /// After a rebuild of the line or the state, in the frame after it is mounted.
    fn restore(&self) {
        let (around, loading) = (self.around, self.loading.clone());
        request_animation_frame(move || {
            let Some(el) = around.try_get_value().flatten() else {
                return;
            };
            if !loading.get_untracked() {
                around.set_value(None);
            }
            // Without scrolling: the reader may have scrolled away since the press.
            crate::a11y::refocus(&el, BUTTONS, None, false);
        });
    }
}

impl Parts {
    /// Counts the current view as a user of `query`, and takes its untyped signals.
    fn of<T: PartialEq + Send + Sync + 'static>(query: &Query<T>, role: Role) -> Parts {
        // The page's own data is kept fresh while it is mounted (and only then); a related
        // section (a booking's invoices, drawn from the whole invoice list) only holds it, so
        // a detail page never downloads whole lists on the interval.
        if role == Role::Main {
            query.watch();
        } else {
            query.hold();
        }
        let (q, data) = (query.clone(), query.data.clone());
        Parts {
            error: query.error.clone(),
            loading: query.loading.clone(),
            loaded_at: query.loaded_at.clone(),
            stale: query.stale.clone(),
            has_data: Arc::new(move || data.with(Option::is_some)),
            retry: Callback::new(move |_| q.refresh()),
            note: None,
            keep: FocusKeep {
                around: StoredValue::new_local(None),
                loading: query.loading.clone(),
            },
        }
    }
}

/// Renders `query`:
/// - before the first answer: the loading state;
/// - with data: `render(data)`, plus a line saying how fresh it is, and, when a later refresh
///   failed, a notice with Retry above it. The last good data stays on screen;
/// - with no data and a 404: the not-found state (when `missing` is given);
/// - with no data and another error: the error state with Retry.
///
/// `render` runs again only when new data arrives, not when loading or error state changes.
pub fn query_view<T, V>(
    query: Query<T>,
    role: Role,
    loading: &'static str,
    missing: Option<Missing>,
    render: impl Fn(Arc<T>) -> V + Send + Sync + 'static,
) -> impl IntoView
where
    T: PartialEq + Send + Sync + 'static,
    V: IntoView + 'static,
{
    query_view_and(query, None, None, role, loading, missing, render)
}

/// As [`query_view`], with its Refresh and Retry asking for `also` too: the board's owes
/// flags come from the invoices, so its Refresh refreshes them with the bookings. A failed
/// refresh's notice ends with `note` when it has one: the board's owes line, when the
/// invoices failed alike.
pub fn query_view_and<T, V>(
    query: Query<T>,
    also: Option<Callback<()>>,
    note: Option<Signal<Option<String>>>,
    role: Role,
    loading: &'static str,
    missing: Option<Missing>,
    render: impl Fn(Arc<T>) -> V + Send + Sync + 'static,
) -> impl IntoView
where
    T: PartialEq + Send + Sync + 'static,
    V: IntoView + 'static,
{
    let mut parts = Parts::of(&query, role);
    parts.note = note;
    if let Some(also) = also {
        let own = parts.retry;
        parts.retry = Callback::new(move |_| {
            own.run(());
            also.run(());
        });
    }
    let data = query.data;
    let shown: Arc<dyn Fn() -> Option<AnyView> + Send + Sync> =
        Arc::new(move || data.get().map(|data| render(data).into_any()));
    query_view_untyped(parts, role, loading, missing, shown)
}

fn query_view_untyped(
    parts: Parts,
    role: Role,
    loading: &'static str,
    missing: Option<Missing>,
    shown: Arc<dyn Fn() -> Option<AnyView> + Send + Sync>,
) -> AnyView {
    let (error, keep) = (parts.error.clone(), parts.keep.clone());
    let retry = keep.pressing(parts.retry);
    let record = missing.is_some();
    let missing = Arc::new(missing);
    let body = move || match shown() {
        Some(view) => view,
        None => match (error.get(), missing.as_ref()) {
            (Some(ApiError::NotFound), Some(m)) => view! {
                <NotFound
                    message=m.message.clone()
                    back_href=m.back_href.clone()
                    back_label=m.back_label.clone()
                />
            }
            .into_any(),
            (Some(error), _) => {
                keep.restore();
                view! { <ErrorState error on_retry=retry/> }.into_any()
            }
            (None, _) => view! { <Loading message=loading/> }.into_any(),
        },
    };
    view! {
        {freshness(parts, role, record)}
        {body}
    }
    .into_any()
}

/// A list page's data, for a page that builds its controls before the first answer.
pub struct Live<T: Send + Sync + 'static> {
    /// The last good answer; an empty one until the first arrives.
    pub data: Signal<Arc<T>>,
    /// Whether an answer (or a stored copy) has arrived.
    pub loaded: Memo<bool>,
}

/// For the list pages, whose search box and filters are there before the list is (staff type
/// while it downloads, and nothing moves when it comes): the data as a signal that is `empty`
/// until the first answer, and the view of the query's states for the page to place below
/// its controls: the freshness line, and before the first answer the loading or error state.
/// Later answers flow into the views built on `data` instead of replacing them, so a long
/// list's rows, scroll position and focus survive the minute's refresh (the table diffs its
/// keyed rows; an unchanged answer changes nothing).
pub fn query_live<T>(
    query: Query<T>,
    role: Role,
    loading: &'static str,
    empty: T,
) -> (Live<T>, AnyView)
where
    T: PartialEq + Send + Sync + 'static,
{
    let parts = Parts::of(&query, role);
    let (data, empty) = (query.data, Arc::new(empty));
    let live = Live {
        loaded: Memo::new({
            let data = data.clone();
            move |_| data.with(Option::is_some)
        }),
        data: Signal::derive(move || data.get().unwrap_or_else(|| empty.clone())),
    };
    let states = live_states(parts, role, loading, live.loaded);
    (live, states)
}

fn live_states(parts: Parts, role: Role, loading: &'static str, loaded: Memo<bool>) -> AnyView {
    let fallback = {
        let (error, keep) = (parts.error.clone(), parts.keep.clone());
        let retry = keep.pressing(parts.retry);
        move || {
            if loaded.get() {
                return None;
            }
            Some(match error.get() {
                Some(error) => {
                    keep.restore();
                    view! { <ErrorState error on_retry=retry/> }.into_any()
                }
                None => view! { <Loading message=loading/> }.into_any(),
            })
        }
    };
    view! {
        {freshness(parts, role, false)}
        {fallback}
    }
    .into_any()
}

/// The line above data: when it was loaded, a Refresh button, and a failed refresh's
/// message. Nothing before the first data (the loading or error state shows then).
/// While a refresh runs its button says so with `aria-disabled` and ignores presses: a
/// `disabled` button loses the focus it has.
/// `record`: the data is one record (its page says "No booking with id X" when it is not
/// found), not a list.
fn freshness(parts: Parts, role: Role, record: bool) -> impl IntoView {
    let keep = parts.keep.clone();
    let retry = keep.pressing(parts.retry);
    move || {
        if !(parts.has_data)() {
            return None;
        }
        keep.restore();
        let at = parts
            .loaded_at
            .get()
            .map(crate::format::time_of)
            .unwrap_or_default();
        let t = crate::i18n::t();
        let refreshing = parts.loading.get();
        let stale = parts.stale.get();
        let view = match parts.error.get() {
            Some(error) => view! {
                <div class="kd-notice kd-notice--error" role="alert">
                    <span>
                        {
                            // A record shown that its endpoint no longer finds has gone
                            // (deleted, merged): "check the API address", a list's 404
                            // advice, sent staff to the settings.
                            let error = match error {
                                ApiError::NotFound if record => t.err_record_gone.to_string(),
                                error => error.to_string(),
                            };
                            let mut words = if stale {
                                (t.refresh_failed_stored)(&error, &at)
                            } else {
                                (t.refresh_failed)(&error, &at)
                            };
                            if let Some(note) = parts.note.and_then(|n| n.get()) {
                                words.push(' ');
                                words.push_str(&note);
                            }
                            words
                        }
                    </span>
                    <button
                        type="button"
                        class="kd-button"
                        aria-disabled=refreshing.then_some("true")
                        on:click=move |_| if !refreshing { retry.run(()) }
                    >
                        {if refreshing { t.retrying } else { t.retry }}
                    </button>
                </div>
            }
            .into_any(),
            None if role == Role::Related && !stale => return None,
            None => view! {
                // Not a live region: it changes every minute and would chatter.
                <p class="kd-freshness" class:kd-freshness--stale=stale>
                    <span>
                        {freshness_text(&at, stale, refreshing)}
                    </span>
                    <button
                        type="button"
                        class="kd-button kd-button--quiet"
                        aria-disabled=refreshing.then_some("true")
                        on:click=move |_| if !refreshing { retry.run(()) }
                    >
                        {t.refresh}
                    </button>
                </p>
            }
            .into_any(),
        };
        Some(view)
    }
}

/// "Updated 14:05", or for data read back from the browser's store after a reload, a plain
/// "stored copy" warning with its time, so nobody takes it for the service's word.
fn freshness_text(at: &str, stale: bool, refreshing: bool) -> String {
    let t = crate::i18n::t();
    match (stale, refreshing) {
        (true, _) => (t.stored_copy)(at),
        (false, true) => (t.updated_refreshing)(at),
        (false, false) => (t.updated)(at),
    }
}

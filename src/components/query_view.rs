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
    let parts = Parts::of(&query, role);
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
    let (error, retry) = (parts.error.clone(), parts.retry);
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
            (Some(error), _) => view! { <ErrorState error on_retry=retry/> }.into_any(),
            (None, _) => view! { <Loading message=loading/> }.into_any(),
        },
    };
    view! {
        {freshness(parts, role)}
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
        let (error, retry) = (parts.error.clone(), parts.retry);
        move || {
            if loaded.get() {
                return None;
            }
            Some(match error.get() {
                Some(error) => view! { <ErrorState error on_retry=retry/> }.into_any(),
                None => view! { <Loading message=loading/> }.into_any(),
            })
        }
    };
    view! {
        {freshness(parts, role)}
        {fallback}
    }
    .into_any()
}

/// The line above data: when it was loaded, a Refresh button, and a failed refresh's
/// message. Nothing before the first data (the loading or error state shows then).
fn freshness(parts: Parts, role: Role) -> impl IntoView {
    let retry = parts.retry;
    move || {
        if !(parts.has_data)() {
            return None;
        }
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
                        {if stale {
                            (t.refresh_failed_stored)(&error.to_string(), &at)
                        } else {
                            (t.refresh_failed)(&error.to_string(), &at)
                        }}
                    </span>
                    <button
                        type="button"
                        class="kd-button"
                        disabled=refreshing
                        on:click=move |_| retry.run(())
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
                        disabled=refreshing
                        on:click=move |_| retry.run(())
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

//! The query cache every page reads through.
//!
//! Why signals and not `LocalResource`: staff must keep seeing the last good data when a
//! refresh fails (a tablet on a weak network), so data, error and loading are separate
//! signals. A failed refresh sets the error beside the data instead of replacing it.
//! Queries are `Arc*` signals owned by the cache, not by the page that first asked, so
//! they outlive navigation and a second page asking for the same record gets it at once.

use super::endpoints;
use super::error::ApiError;
use crate::config::Config;
use crate::model::{Animal, Booking, Invoice, List};
use futures::channel::oneshot;
use futures::future::LocalBoxFuture;
use futures::FutureExt;
use leptos::prelude::*;
use leptos::task::spawn_local;
use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex, MutexGuard};

/// Data younger than this is shown without asking the service again.
const FRESH_MS: f64 = 30_000.0;
/// Animal look-ups in flight at once: the booking list needs one per distinct animal, and a
/// browser allows only a few connections per host anyway.
const ANIMAL_REQUESTS_AT_ONCE: usize = 4;

type Fetch<T> = Arc<dyn Fn() -> LocalBoxFuture<'static, Result<T, ApiError>> + Send + Sync>;

// The app is single-threaded; a poisoned lock can only follow a panic, which in wasm has
// already ended the app. Taking the data anyway keeps this free of panics.
fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

fn now_ms() -> f64 {
    js_sys::Date::now()
}

/// One cached request and its state.
pub struct Query<T: Send + Sync + 'static> {
    /// The last good answer; kept when a later refresh fails.
    pub data: ArcRwSignal<Option<Arc<T>>>,
    /// The last failure, cleared by the next success.
    pub error: ArcRwSignal<Option<ApiError>>,
    pub loading: ArcRwSignal<bool>,
    /// When `data` arrived (ms since the epoch).
    pub loaded_at: ArcRwSignal<Option<f64>>,
    fetch: Fetch<T>,
}

impl<T: Send + Sync + 'static> Clone for Query<T> {
    fn clone(&self) -> Self {
        Query {
            data: self.data.clone(),
            error: self.error.clone(),
            loading: self.loading.clone(),
            loaded_at: self.loaded_at.clone(),
            fetch: self.fetch.clone(),
        }
    }
}

impl<T: PartialEq + Send + Sync + 'static> Query<T> {
    fn new(fetch: Fetch<T>) -> Self {
        Query {
            data: ArcRwSignal::new(None),
            error: ArcRwSignal::new(None),
            loading: ArcRwSignal::new(false),
            loaded_at: ArcRwSignal::new(None),
            fetch,
        }
    }

    /// Asks the service again, unless a request is already under way (deduplication).
    pub fn refresh(&self) {
        if self.loading.get_untracked() {
            return;
        }
        self.loading.set(true);
        let query = self.clone();
        spawn_local(async move {
            let outcome = (query.fetch)().await;
            match outcome {
                Ok(value) => {
                    // An unchanged answer leaves the data signal alone: nothing re-renders,
                    // so "Show more", scroll position and focus survive the minute's refresh.
                    let changed = query
                        .data
                        .with_untracked(|old| old.as_deref() != Some(&value));
                    if changed {
                        query.data.set(Some(Arc::new(value)));
                    }
                    query.loaded_at.set(Some(now_ms()));
                    query.error.set(None);
                }
                Err(e) => query.error.set(Some(e)),
            }
            query.loading.set(false);
        });
    }

    /// Loads when there is no data yet or it is older than [`FRESH_MS`]; otherwise the cached
    /// answer is used as it is.
    pub fn ensure(&self) {
        let stale = match self.loaded_at.get_untracked() {
            None => true,
            Some(at) => now_ms() - at > FRESH_MS,
        };
        if stale {
            self.refresh();
        }
    }

    /// Loads only when there is no data yet: for records that rarely change and are asked
    /// for by many rows (animals), so a re-render never fetches them again.
    pub fn ensure_loaded(&self) {
        if self.data.with_untracked(Option::is_none) {
            self.refresh();
        }
    }

    fn has_been_used(&self) -> bool {
        self.loaded_at.get_untracked().is_some() || self.error.get_untracked().is_some()
    }
}

/// Hands out at most N permits; the rest wait in order.
struct Limiter {
    state: Mutex<(usize, VecDeque<oneshot::Sender<()>>)>,
}

struct Permit(Arc<Limiter>);

impl Limiter {
    fn new(permits: usize) -> Arc<Limiter> {
        Arc::new(Limiter {
            state: Mutex::new((permits, VecDeque::new())),
        })
    }

    async fn acquire(self: Arc<Self>) -> Permit {
        let wait = {
            let mut state = lock(&self.state);
            if state.0 > 0 {
                state.0 -= 1;
                None
            } else {
                let (tx, rx) = oneshot::channel();
                state.1.push_back(tx);
                Some(rx)
            }
        };
        if let Some(rx) = wait {
            // Err only if the limiter itself is gone, and then there is nothing to wait for.
            let _ = rx.await;
        }
        Permit(self)
    }
}

impl Drop for Permit {
    fn drop(&mut self) {
        let mut state = lock(&self.0.state);
        // Hand the permit straight to the next waiter still listening.
        while let Some(next) = state.1.pop_front() {
            if next.send(()).is_ok() {
                return;
            }
        }
        state.0 += 1;
    }
}

struct Inner {
    config: Config,
    bookings: Query<List<Booking>>,
    invoices: Query<List<Invoice>>,
    booking: Mutex<HashMap<String, Query<Booking>>>,
    invoice: Mutex<HashMap<String, Query<Invoice>>>,
    animal: Mutex<HashMap<String, Query<Animal>>>,
    animal_slots: Arc<Limiter>,
}

/// The app-wide cache, provided as context by `App`.
#[derive(Clone)]
pub struct Cache(Arc<Inner>);

impl Cache {
    pub fn new(config: Config) -> Cache {
        let c = config.clone();
        let bookings = Query::new(Arc::new(move || {
            let c = c.clone();
            async move { endpoints::list_bookings(&c).await }.boxed_local()
        }));
        let c = config.clone();
        let invoices = Query::new(Arc::new(move || {
            let c = c.clone();
            async move { endpoints::list_invoices(&c).await }.boxed_local()
        }));
        Cache(Arc::new(Inner {
            config,
            bookings,
            invoices,
            booking: Mutex::default(),
            invoice: Mutex::default(),
            animal: Mutex::default(),
            animal_slots: Limiter::new(ANIMAL_REQUESTS_AT_ONCE),
        }))
    }

    pub fn config(&self) -> &Config {
        &self.0.config
    }

    /// All bookings, loaded or refreshed as needed.
    pub fn bookings(&self) -> Query<List<Booking>> {
        self.0.bookings.ensure();
        self.0.bookings.clone()
    }

    /// All invoices, loaded or refreshed as needed.
    pub fn invoices(&self) -> Query<List<Invoice>> {
        self.0.invoices.ensure();
        self.0.invoices.clone()
    }

    pub fn booking(&self, id: &str) -> Query<Booking> {
        let config = self.0.config.clone();
        let query = entry(&self.0.booking, id, move |id| {
            Arc::new(move || {
                let (c, id) = (config.clone(), id.clone());
                async move { endpoints::get_booking(&c, &id).await }.boxed_local()
            })
        });
        query.ensure();
        query
    }

    pub fn invoice(&self, id: &str) -> Query<Invoice> {
        let config = self.0.config.clone();
        let query = entry(&self.0.invoice, id, move |id| {
            Arc::new(move || {
                let (c, id) = (config.clone(), id.clone());
                async move { endpoints::get_invoice(&c, &id).await }.boxed_local()
            })
        });
        query.ensure();
        query
    }

    /// One animal. Many rows ask for the same animal: they share one query, and at most
    /// [`ANIMAL_REQUESTS_AT_ONCE`] animal requests run at a time.
    pub fn animal(&self, id: &str) -> Query<Animal> {
        let config = self.0.config.clone();
        let slots = self.0.animal_slots.clone();
        let query = entry(&self.0.animal, id, move |id| {
            Arc::new(move || {
                let (c, id, slots) = (config.clone(), id.clone(), slots.clone());
                async move {
                    let _permit = slots.acquire().await;
                    endpoints::get_animal(&c, &id).await
                }
                .boxed_local()
            })
        });
        query.ensure_loaded();
        query
    }

    /// The animal's own page: like [`Cache::animal`], but refreshed when stale, since staff
    /// opening it want its current record.
    pub fn animal_page(&self, id: &str) -> Query<Animal> {
        let query = self.animal(id);
        query.ensure();
        query
    }

    /// The name of an animal already loaded, without asking the service or subscribing.
    pub fn animal_name_if_loaded(&self, id: &str) -> Option<String> {
        let queries = lock(&self.0.animal);
        let data = queries.get(id)?.data.get_untracked()?;
        data.name.clone()
    }

    /// The animal's record when it is already loaded: never fetches, never subscribes.
    /// For the name index (issue 7), which paces its own fetches through [`Cache::animal`].
    pub fn animal_if_loaded(&self, id: &str) -> Option<Arc<Animal>> {
        let queries = lock(&self.0.animal);
        queries.get(id)?.data.get_untracked()
    }

    /// Refreshes the lists that have been shown; called on the refresh interval.
    pub fn refresh_lists(&self) {
        if self.0.bookings.has_been_used() {
            self.0.bookings.refresh();
        }
        if self.0.invoices.has_been_used() {
            self.0.invoices.refresh();
        }
    }

    /// Asks again for everything that failed; called when the network comes back.
    pub fn retry_failed(&self) {
        let failed =
            |e: &ArcRwSignal<Option<ApiError>>| e.get_untracked().is_some_and(|e| e.is_retryable());
        if failed(&self.0.bookings.error) {
            self.0.bookings.refresh();
        }
        if failed(&self.0.invoices.error) {
            self.0.invoices.refresh();
        }
        retry_map(&self.0.booking, failed);
        retry_map(&self.0.invoice, failed);
        retry_map(&self.0.animal, failed);
    }
}

fn retry_map<T: PartialEq + Send + Sync + 'static>(
    map: &Mutex<HashMap<String, Query<T>>>,
    failed: impl Fn(&ArcRwSignal<Option<ApiError>>) -> bool,
) {
    // Collect first: refresh() may run code that takes the same lock.
    let queries: Vec<Query<T>> = lock(map)
        .values()
        .filter(|q| failed(&q.error))
        .cloned()
        .collect();
    for q in queries {
        q.refresh();
    }
}

/// The query for `id`, created on first use (not started: the caller decides how fresh).
fn entry<T: PartialEq + Send + Sync + 'static>(
    map: &Mutex<HashMap<String, Query<T>>>,
    id: &str,
    make: impl FnOnce(String) -> Fetch<T>,
) -> Query<T> {
    lock(map)
        .entry(id.to_string())
        .or_insert_with(|| Query::new(make(id.to_string())))
        .clone()
}

/// The cache provided by `App`.
pub fn use_cache() -> Cache {
    // Only a component rendered outside `App` (a test harness) lacks the context; such a
    // one gets a private cache with the default config instead of a panic.
    use_context::<Cache>().unwrap_or_else(|| Cache::new(Config::default()))
}

//! The query cache every page reads through.
//!
//! Why signals and not `LocalResource`: staff must keep seeing the last good data when a
//! refresh fails (a tablet on a weak network), so data, error and loading are separate
//! signals. A failed refresh sets the error beside the data instead of replacing it.
//! Queries are `Arc*` signals owned by the cache, not by the page that first asked, so
//! they outlive navigation and a second page asking for the same record gets it at once.
//!
//! Why our own cache and not leptos-fetch: see the README's data-path section. In short, it
//! needs the last good data beside an error, per-view watching that drives refresh, priority
//! for the record a page was opened for, and validator (ETag) short-cuts, in a few hundred
//! lines that cost less wasm than the library.
//!
//! Who uses a query is counted: [`Query::hold`] (a mounted view shows it) and
//! [`Query::watch`] (a mounted view wants it kept fresh). Only watched queries refresh on
//! the interval, on focus and when the network returns; a query nobody holds any more has
//! its request aborted, and record queries unheld for the `gc-secs` setting are dropped.

use super::endpoints::{self, Call, Fresh};
use super::error::ApiError;
use super::snapshot::{self, Snapshot};
use crate::config::Config;
use crate::model::{decode_list, decode_one, Animal, Booking, DecodeError, Invoice, List};
use futures::channel::oneshot;
use futures::future::{select, Either, LocalBoxFuture};
use futures::FutureExt;
use leptos::prelude::*;
use leptos::task::spawn_local;
use std::collections::{HashMap, VecDeque};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

/// Data younger than this is shown without asking the service again.
const FRESH_MS: f64 = 30_000.0;
/// Animal answers are written to the offline store in batches, this long after the first.
const ANIMALS_FLUSH_MS: u32 = 2_000;
/// Animal look-ups in flight at once: the booking list needs one per distinct animal, and a
/// browser allows only a few connections per host anyway.
const ANIMAL_REQUESTS_AT_ONCE: usize = 4;
/// Waits before the retries of a transient failure; each is jittered by ±25 % so a room of
/// tablets does not hammer a restarting service in step.
const BACKOFF_MS: [f64; 3] = [500.0, 1_000.0, 2_000.0];

/// Where a new answer's body goes to survive a reload (lists and animals only).
type Keep = Arc<dyn Fn(Snapshot) + Send + Sync>;

type Fetch<T> =
    Arc<dyn Fn(Call) -> LocalBoxFuture<'static, Result<Fresh<T>, ApiError>> + Send + Sync>;

// The app is single-threaded; a poisoned lock can only follow a panic, which in wasm has
// already ended the app. Taking the data anyway keeps this free of panics.
fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

fn now_ms() -> f64 {
    js_sys::Date::now()
}

/// Bookkeeping of one query that is not shown, so plain atomics and locks, not signals.
#[derive(Default)]
struct Meta {
    /// Mounted views showing the query.
    users: AtomicUsize,
    /// Mounted views that want it kept fresh.
    watchers: AtomicUsize,
    /// When it was last asked for or let go (ms since the epoch, as bits of an f64).
    last_used: AtomicU64,
    /// The page it belongs to is open: it skips the background queue.
    urgent: AtomicBool,
    /// Bumped per request; a request whose number is no longer current has been cancelled
    /// and must not touch the signals.
    generation: AtomicU64,
    /// Dropping the sender cancels the request under way.
    cancel: Mutex<Option<oneshot::Sender<()>>>,
    /// The validator of `data`, sent back so an unchanged answer is not decoded again.
    etag: Mutex<Option<String>>,
    /// Background work waiting for the request under way to end (see [`Query::settled`]).
    waiters: Mutex<Vec<oneshot::Sender<()>>>,
}

impl Meta {
    fn touch(&self) {
        self.last_used.store(now_ms().to_bits(), Ordering::Relaxed);
    }

    fn idle_since(&self) -> f64 {
        f64::from_bits(self.last_used.load(Ordering::Relaxed))
    }
}

/// One cached request and its state.
pub struct Query<T: Send + Sync + 'static> {
    /// The last good answer; kept when a later refresh fails.
    pub data: ArcRwSignal<Option<Arc<T>>>,
    /// The last failure, cleared by the next success.
    pub error: ArcRwSignal<Option<ApiError>>,
    pub loading: ArcRwSignal<bool>,
    /// When `data` arrived or was last confirmed unchanged (ms since the epoch).
    pub loaded_at: ArcRwSignal<Option<f64>>,
    /// Set while the data shown came from the browser's offline snapshot, not the service.
    pub stale: ArcRwSignal<bool>,
    fetch: Fetch<T>,
    keep: Option<Keep>,
    meta: Arc<Meta>,
}

impl<T: Send + Sync + 'static> Clone for Query<T> {
    fn clone(&self) -> Self {
        Query {
            data: self.data.clone(),
            error: self.error.clone(),
            loading: self.loading.clone(),
            loaded_at: self.loaded_at.clone(),
            stale: self.stale.clone(),
            fetch: self.fetch.clone(),
            keep: self.keep.clone(),
            meta: self.meta.clone(),
        }
    }
}

impl<T: PartialEq + Send + Sync + 'static> Query<T> {
    fn new(fetch: Fetch<T>, keep: Option<Keep>) -> Self {
        let meta = Meta::default();
        meta.touch();
        Query {
            data: ArcRwSignal::new(None),
            error: ArcRwSignal::new(None),
            loading: ArcRwSignal::new(false),
            loaded_at: ArcRwSignal::new(None),
            stale: ArcRwSignal::new(false),
            fetch,
            keep,
            meta: Arc::new(meta),
        }
    }

    /// Asks the service again, unless a request is already under way (deduplication).
    pub fn refresh(&self) {
        if self.loading.get_untracked() {
            return;
        }
        self.start();
    }

    /// Starts a request, cancelling one under way.
    fn start(&self) {
        let generation = self.meta.generation.fetch_add(1, Ordering::Relaxed) + 1;
        let (cancel, cancelled) = oneshot::channel::<()>();
        // Replacing the sender drops the previous one, which cancels its request.
        *lock(&self.meta.cancel) = Some(cancel);
        self.loading.set(true);
        let query = self.clone();
        spawn_local(async move {
            let work = query.attempts().boxed_local();
            // Either way the receiver resolves: sent to, or its sender dropped.
            let outcome = match select(work, cancelled).await {
                Either::Left((outcome, _)) => outcome,
                Either::Right(_) => return,
            };
            if query.meta.generation.load(Ordering::Relaxed) != generation {
                return;
            }
            lock(&query.meta.cancel).take();
            query.apply(outcome);
            query.done();
        });
    }

    /// The request under way has ended (answered, failed or cancelled).
    fn done(&self) {
        self.loading.set(false);
        for waiter in lock(&self.meta.waiters).drain(..) {
            let _ = waiter.send(());
        }
    }

    /// Waits until no request of this query is under way, counted as a user meanwhile: a
    /// row that leaves the screen then does not cancel a look-up the name index waits for.
    /// For background work outside any reactive owner; a view uses [`Query::hold`].
    pub async fn settled(&self) {
        /// Lets go when the wait ends or its future is dropped (the index stopped).
        struct Using<'a, T: PartialEq + Send + Sync + 'static>(&'a Query<T>);
        impl<T: PartialEq + Send + Sync + 'static> Drop for Using<'_, T> {
            fn drop(&mut self) {
                self.0.release();
            }
        }
        self.meta.users.fetch_add(1, Ordering::Relaxed);
        let _using = Using(self);
        while self.loading.get_untracked() {
            let (tx, rx) = oneshot::channel();
            lock(&self.meta.waiters).push(tx);
            // Err only if the query was dropped, and then there is nothing to wait for.
            if rx.await.is_err() {
                return;
            }
        }
    }

    fn apply(&self, outcome: Result<Fresh<T>, ApiError>) {
        match outcome {
            Ok(Fresh::New(value, etag, body)) => {
                // An unchanged answer leaves the data signal alone: nothing re-renders,
                // so "Show more", scroll position and focus survive the minute's refresh.
                let changed = self
                    .data
                    .with_untracked(|old| old.as_deref() != Some(&value));
                if changed {
                    self.data.set(Some(Arc::new(value)));
                }
                // Stored only when it differs: a list of megabytes is not rewritten per minute.
                let keep = self
                    .keep
                    .as_ref()
                    .filter(|_| changed || self.stale.get_untracked());
                if let Some(keep) = keep {
                    let at = now_ms();
                    keep(Snapshot {
                        body,
                        etag: etag.clone(),
                        at,
                    });
                }
                *lock(&self.meta.etag) = etag;
                self.mark_fresh();
            }
            // Same validator as the data held: confirmed without reading or decoding a byte.
            Ok(Fresh::Unchanged) => self.mark_fresh(),
            Err(e) => self.error.set(Some(e)),
        }
    }

    fn mark_fresh(&self) {
        self.loaded_at.set(Some(now_ms()));
        if self.error.with_untracked(Option::is_some) {
            self.error.set(None);
        }
        if self.stale.get_untracked() {
            self.stale.set(false);
        }
    }

    /// One request, and up to three more with backoff while it fails in a way that passes
    /// by itself (network, time-out, 5xx; never a 4xx or unreadable data).
    async fn attempts(&self) -> Result<Fresh<T>, ApiError> {
        let mut attempt = 0;
        loop {
            let controller = web_sys::AbortController::new().ok();
            // Aborts the request if this future is dropped (the query was cancelled).
            let _abort = AbortOnDrop(controller.clone());
            let call = Call {
                etag: lock(&self.meta.etag).clone(),
                controller,
                urgent: self.meta.urgent.load(Ordering::Relaxed),
            };
            let outcome = (self.fetch)(call).await;
            match (&outcome, BACKOFF_MS.get(attempt)) {
                (Err(e), Some(&wait)) if e.is_transient() => {
                    let jitter = 0.75 + js_sys::Math::random() * 0.5;
                    gloo_timers::future::TimeoutFuture::new((wait * jitter) as u32).await;
                    attempt += 1;
                }
                _ => return outcome,
            }
        }
    }

    /// Shows a stored answer while the service has not answered yet: marked stale, with the
    /// time it was loaded. Ignored once real data is there, or if it no longer decodes.
    fn restore(&self, stored: &Snapshot, decode: impl FnOnce(&str) -> Result<T, DecodeError>) {
        if self.data.with_untracked(Option::is_some) {
            return;
        }
        if let Ok(value) = decode(&stored.body) {
            *lock(&self.meta.etag) = stored.etag.clone();
            self.data.set(Some(Arc::new(value)));
            self.loaded_at.set(Some(stored.at));
            self.stale.set(true);
        }
    }

    /// Loads when there is no data yet or it is older than [`FRESH_MS`]; otherwise the cached
    /// answer is used as it is.
    pub fn ensure(&self) {
        self.meta.touch();
        let stale = match self.loaded_at.get_untracked() {
            None => true,
            Some(at) => now_ms() - at > FRESH_MS,
        };
        // A stored copy is never fresh, however recent: the service has not confirmed it.
        if stale || self.stale.get_untracked() {
            self.refresh();
        }
    }

    /// Loads only when there is no data yet: for records that rarely change and are asked
    /// for by many rows (animals), so a re-render never fetches them again.
    pub fn ensure_loaded(&self) {
        self.meta.touch();
        // A record the service does not know stays unknown until it is evicted; any other
        // failure is tried again by the next view that shows it.
        let known_missing = self
            .error
            .with_untracked(|e| matches!(e, Some(ApiError::NotFound)));
        // A stored copy from before a reload is shown, but still asked for once.
        let wanted = self.data.with_untracked(Option::is_none) || self.stale.get_untracked();
        if wanted && !known_missing {
            self.refresh();
        }
    }

    /// Counts the current reactive owner (a mounted view) as showing this query until it is
    /// cleaned up. When the last one goes, a request still under way is aborted: the page
    /// that wanted it is gone.
    pub fn hold(&self) {
        self.meta.users.fetch_add(1, Ordering::Relaxed);
        let query = self.clone();
        on_cleanup(move || query.release());
    }

    /// One user fewer; the last one to go aborts the request under way.
    fn release(&self) {
        let left = self.meta.users.fetch_sub(1, Ordering::Relaxed);
        self.meta.touch();
        if left == 1 {
            self.cancel();
        }
    }

    /// Like [`Query::hold`], and keeps the query fresh while the view is mounted: it then
    /// refreshes on the interval, when the window regains focus and when the network returns.
    pub fn watch(&self) {
        self.hold();
        self.meta.watchers.fetch_add(1, Ordering::Relaxed);
        let meta = self.meta.clone();
        on_cleanup(move || {
            meta.watchers.fetch_sub(1, Ordering::Relaxed);
        });
    }

    /// Stops the request under way, leaving data and error as they were, so the next view
    /// that asks starts afresh.
    pub fn cancel(&self) {
        let under_way = lock(&self.meta.cancel).take();
        if under_way.is_some() {
            self.meta.generation.fetch_add(1, Ordering::Relaxed);
            drop(under_way);
            self.done();
        }
    }

    pub(crate) fn is_held(&self) -> bool {
        self.meta.users.load(Ordering::Relaxed) > 0
    }

    fn is_watched(&self) -> bool {
        self.meta.watchers.load(Ordering::Relaxed) > 0
    }

    fn failed(&self) -> bool {
        self.error
            .with_untracked(|e| e.as_ref().is_some_and(ApiError::is_retryable))
    }

    /// The validator of the data held, for the offline snapshot.
    pub fn etag(&self) -> Option<String> {
        lock(&self.meta.etag).clone()
    }
}

/// Aborts a request when the future that owns it is dropped.
struct AbortOnDrop(Option<web_sys::AbortController>);

impl Drop for AbortOnDrop {
    fn drop(&mut self) {
        if let Some(c) = &self.0 {
            // After a finished request this does nothing.
            c.abort();
        }
    }
}

/// Hands out at most N permits; the rest wait in order.
///
/// Kept by hand rather than taken from async-lock or futures-intrusive: it is 40 lines,
/// costs no dependency, and what it must do beyond a semaphore (skip waiters whose page has
/// gone) falls out of dropping a oneshot receiver. A dropped waiter (its query cancelled
/// because no row shows it any more) is skipped when a permit is handed on.
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
    /// Animal bodies kept for a reload offline, by id.
    kept_animals: Arc<Mutex<HashMap<String, Snapshot>>>,
    /// A write of `kept_animals` is scheduled.
    animals_flush: Arc<AtomicBool>,
}

/// The app-wide cache, provided as context by `App`.
#[derive(Clone)]
pub struct Cache(Arc<Inner>);

/// Keeps each new answer of a list in the browser's store.
fn keep_list(config: &Config, name: &'static str) -> Keep {
    let base = config.api_base.clone();
    Arc::new(move |stored| {
        let base = base.clone();
        spawn_local(async move { snapshot::save(&base, name, stored).await });
    })
}

/// What a list is called in an error (in the app's language, chosen before any request).
fn bookings_name() -> &'static str {
    crate::i18n::t().what_bookings
}

fn invoices_name() -> &'static str {
    crate::i18n::t().what_invoices
}

fn list_fetch<T: serde::de::DeserializeOwned + 'static>(
    config: &Config,
    path: &'static str,
    what: &'static str,
) -> Fetch<List<T>> {
    let config = config.clone();
    Arc::new(move |call| {
        let c = config.clone();
        async move { endpoints::list(&c, path, what, &call).await }.boxed_local()
    })
}

fn record_fetch<T: serde::de::DeserializeOwned + 'static>(
    config: &Config,
    kind: &'static str,
    noun: fn(&str) -> String,
    id: String,
    slots: Option<Arc<Limiter>>,
) -> Fetch<T> {
    let config = config.clone();
    Arc::new(move |call| {
        let (c, id, slots) = (config.clone(), id.clone(), slots.clone());
        async move {
            // The record a page was opened for never queues behind background look-ups.
            let _permit = match slots {
                Some(slots) if !call.urgent => Some(slots.acquire().await),
                _ => None,
            };
            endpoints::record(&c, kind, noun, &id, &call).await
        }
        .boxed_local()
    })
}

impl Cache {
    pub fn new(config: Config) -> Cache {
        let bookings = Query::new(
            list_fetch(&config, "/bookings", bookings_name()),
            Some(keep_list(&config, "bookings")),
        );
        let invoices = Query::new(
            list_fetch(&config, "/invoices", invoices_name()),
            Some(keep_list(&config, "invoices")),
        );
        Cache(Arc::new(Inner {
            config,
            bookings,
            invoices,
            booking: Mutex::default(),
            invoice: Mutex::default(),
            animal: Mutex::default(),
            animal_slots: Limiter::new(ANIMAL_REQUESTS_AT_ONCE),
            kept_animals: Arc::default(),
            animals_flush: Arc::default(),
        }))
    }

    /// Reads the stored answers of the last session, to show (marked stale) until the
    /// service answers. Started by `App` at once, before the first answer can arrive.
    pub fn restore(&self) {
        let cache = self.clone();
        spawn_local(async move {
            let base = cache.0.config.api_base.clone();
            if let Some(stored) = snapshot::load(&base, "bookings").await {
                cache
                    .0
                    .bookings
                    .restore(&stored, |b| decode_list(b, bookings_name()));
            }
            if let Some(stored) = snapshot::load(&base, "invoices").await {
                cache
                    .0
                    .invoices
                    .restore(&stored, |b| decode_list(b, invoices_name()));
            }
            let animals = snapshot::load_animals(&base).await;
            let mut kept = lock(&cache.0.kept_animals);
            for (id, stored) in animals {
                kept.entry(id).or_insert(stored);
            }
            drop(kept);
            // Rows that asked before the store answered get their names now.
            let asked: Vec<(String, Query<Animal>)> = lock(&cache.0.animal)
                .iter()
                .map(|(id, q)| (id.clone(), q.clone()))
                .collect();
            for (id, query) in asked {
                cache.restore_animal(&id, &query);
            }
        });
    }

    fn restore_animal(&self, id: &str, query: &Query<Animal>) {
        if query.data.with_untracked(Option::is_some) {
            return;
        }
        if let Some(stored) = lock(&self.0.kept_animals).get(id) {
            query.restore(stored, |b| {
                decode_one(b, &(crate::i18n::t().what_animal)(id))
            });
        }
    }

    /// Keeps animal `id`'s answers for a reload offline; the newest few are written in one
    /// batch a moment later, not once per row of a list.
    fn keep_animal(&self, id: String) -> Keep {
        let (kept, pending, base) = (
            self.0.kept_animals.clone(),
            self.0.animals_flush.clone(),
            self.0.config.api_base.clone(),
        );
        Arc::new(move |stored: Snapshot| {
            lock(&kept).insert(id.clone(), stored);
            if pending.swap(true, Ordering::Relaxed) {
                return;
            }
            let (kept, pending, base) = (kept.clone(), pending.clone(), base.clone());
            spawn_local(async move {
                gloo_timers::future::TimeoutFuture::new(ANIMALS_FLUSH_MS).await;
                pending.store(false, Ordering::Relaxed);
                let mut newest: Vec<(String, Snapshot)> = {
                    let mut kept = lock(&kept);
                    if kept.len() > snapshot::MAX_ANIMALS {
                        let mut ages: Vec<f64> = kept.values().map(|s| s.at).collect();
                        ages.sort_by(|a, b| b.total_cmp(a));
                        if let Some(&cut) = ages.get(snapshot::MAX_ANIMALS - 1) {
                            kept.retain(|_, s| s.at >= cut);
                        }
                    }
                    kept.iter().map(|(id, s)| (id.clone(), s.clone())).collect()
                };
                newest.sort_by(|a, b| b.1.at.total_cmp(&a.1.at));
                snapshot::save_animals(&base, &newest).await;
            });
        })
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
        let config = &self.0.config;
        let query = entry(&self.0.booking, id, |id| {
            Query::new(
                record_fetch(config, "bookings", crate::i18n::t().what_booking, id, None),
                None,
            )
        });
        query.ensure();
        query
    }

    pub fn invoice(&self, id: &str) -> Query<Invoice> {
        let config = &self.0.config;
        let query = entry(&self.0.invoice, id, |id| {
            Query::new(
                record_fetch(config, "invoices", crate::i18n::t().what_invoice, id, None),
                None,
            )
        });
        query.ensure();
        query
    }

    pub(crate) fn animal_query(&self, id: &str) -> Query<Animal> {
        let (config, slots) = (&self.0.config, &self.0.animal_slots);
        let query = entry(&self.0.animal, id, |id| {
            let fetch = record_fetch(
                config,
                "animals",
                crate::i18n::t().what_animal,
                id.clone(),
                Some(slots.clone()),
            );
            Query::new(fetch, Some(self.keep_animal(id)))
        });
        // A name from the last session, until the service answers.
        self.restore_animal(id, &query);
        query
    }

    /// One animal. Many rows ask for the same animal: they share one query, and at most
    /// [`ANIMAL_REQUESTS_AT_ONCE`] background animal requests run at a time.
    pub fn animal(&self, id: &str) -> Query<Animal> {
        let query = self.animal_query(id);
        query.ensure_loaded();
        query
    }

    /// The animal's own page: ahead of every background look-up, and refreshed when stale,
    /// since staff opening it want its current record. A look-up of it already waiting in
    /// the queue is restarted at the front.
    pub fn animal_page(&self, id: &str) -> Query<Animal> {
        let query = self.animal_query(id);
        let was_urgent = query.meta.urgent.swap(true, Ordering::Relaxed);
        if query.loading.get_untracked() && !was_urgent {
            query.cancel();
            query.start();
        } else {
            query.ensure();
        }
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

    /// Refreshes what mounted views watch; called on the refresh interval. Lists and records
    /// nobody shows are left until they are next shown.
    pub fn refresh_lists(&self) {
        self.refresh_on_screen(true);
    }

    /// Refreshes what is on screen: every watched query when `force`, else only the stale
    /// ones (window focus and visibility come often; a fresh answer needs no second ask).
    pub fn refresh_on_screen(&self, force: bool) {
        watched(&self.0.bookings, force);
        watched(&self.0.invoices, force);
        each(&self.0.booking, |q| watched(q, force));
        each(&self.0.invoice, |q| watched(q, force));
        each(&self.0.animal, |q| watched(q, force));
    }

    /// Asks again for what failed and is on screen; called when the network comes back.
    /// A failed look-up nobody shows waits until it is shown again.
    pub fn retry_failed(&self) {
        retry_if_shown(&self.0.bookings);
        retry_if_shown(&self.0.invoices);
        each(&self.0.booking, retry_if_shown);
        each(&self.0.invoice, retry_if_shown);
        each(&self.0.animal, retry_if_shown);
    }

    /// Drops record queries nobody has shown for `gc-secs`; their next use loads afresh.
    /// Lists stay: there are two, and they are what a reload offline shows.
    pub fn collect_garbage(&self) {
        let (now, gc_ms) = (now_ms(), f64::from(self.0.config.gc_secs) * 1000.0);
        sweep(&self.0.booking, now, gc_ms);
        sweep(&self.0.invoice, now, gc_ms);
        sweep(&self.0.animal, now, gc_ms);
    }
}

/// Whether a record query is dropped at `now`: only when no view shows it, no request of it
/// is under way (its answer would go nowhere) and it has been let go for `gc_ms` or more.
pub fn evictable(now: f64, let_go_at: f64, in_use: bool, gc_ms: f64) -> bool {
    !in_use && now - let_go_at >= gc_ms
}

fn watched<T: PartialEq + Send + Sync + 'static>(q: &Query<T>, force: bool) {
    if q.is_watched() {
        if force {
            q.refresh();
        } else {
            q.ensure();
        }
    }
}

fn retry_if_shown<T: PartialEq + Send + Sync + 'static>(q: &Query<T>) {
    if q.is_held() && q.failed() {
        q.refresh();
    }
}

fn sweep<T: PartialEq + Send + Sync + 'static>(
    map: &Mutex<HashMap<String, Query<T>>>,
    now: f64,
    gc_ms: f64,
) {
    lock(map).retain(|_, q| {
        let in_use = q.is_held() || q.loading.get_untracked();
        !evictable(now, q.meta.idle_since(), in_use, gc_ms)
    });
}

fn each<T: PartialEq + Send + Sync + 'static>(
    map: &Mutex<HashMap<String, Query<T>>>,
    act: impl Fn(&Query<T>),
) {
    // Collect first: refresh() may run code that takes the same lock.
    let queries: Vec<Query<T>> = lock(map).values().cloned().collect();
    for q in &queries {
        act(q);
    }
}

/// The query for `id`, created on first use (not started: the caller decides how fresh).
fn entry<T: PartialEq + Send + Sync + 'static>(
    map: &Mutex<HashMap<String, Query<T>>>,
    id: &str,
    make: impl FnOnce(String) -> Query<T>,
) -> Query<T> {
    lock(map)
        .entry(id.to_string())
        .or_insert_with(|| make(id.to_string()))
        .clone()
}

/// The cache provided by `App`.
///
/// `expect_context` on purpose, the one panic this app allows: a component outside `App`
/// has no cache because of a wiring bug, and a private cache with default settings (the old
/// fallback) would quietly talk to the wrong service with a second set of requests. That must
/// fail loudly in the browser tests, where every component is mounted inside a provider.
pub fn use_cache() -> Cache {
    expect_context::<Cache>()
}

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

use super::endpoints;
use super::limiter::Limiter;
pub use super::query::Query;
use super::query::{lock, now_ms, Core, Fetch, Keep};
use super::snapshot::{self, Snapshot};
use super::ApiError;
use crate::config::Config;
use crate::model::order::sort_items;
use crate::model::{decode_list, decode_one, Animal, Booking, Invoice, List};
use futures::FutureExt;
use leptos::prelude::*;
use leptos::task::spawn_local;
use rustc_hash::FxHashMap;
use serde::de::DeserializeOwned;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

/// Animal answers are written to the offline store in batches, this long after the first.
const ANIMALS_FLUSH_MS: u32 = 2_000;
/// Bookings decoded once before the real list, so that its decode runs in optimised code.
/// Chromium runs a wasm function first as quickly compiled baseline code and compiles an
/// optimised one in the background only once the function has run a while; a cold decode of
/// 10 000 bookings took 34-39 ms where the next ones of the same body took 9-10 (in-page
/// timings, medians of 6-8 loads). Decoded after the first paint, this sample hands the
/// decoder's functions to the optimiser while the page waits for the list: in alternating
/// cold loads the list's decode at 10 000 went from 29-30 to 17-19 ms median (15 and 20
/// loads), at 50 000 from 76 to 60 (8), at 1 000 from 5-6 to 2-3 (15 and 20); 100 bookings
/// (decoded at start) were too few to change it. It costs 2-3 ms of the main thread; the
/// first row at 10 000 came at 267 ms against 278 (20 alternating loads of each build).
const WARM_UP_BOOKINGS: usize = 400;
/// Animal look-ups in flight at once: the booking list needs one per distinct animal, and a
/// browser allows only a few connections per host anyway.
const ANIMAL_REQUESTS_AT_ONCE: usize = 4;

struct Inner {
    config: Config,
    bookings: Query<List<Booking>>,
    invoices: Query<List<Invoice>>,
    booking: Mutex<FxHashMap<String, Query<Booking>>>,
    invoice: Mutex<FxHashMap<String, Query<Invoice>>>,
    animal: Mutex<FxHashMap<String, Query<Animal>>>,
    animal_slots: Arc<Limiter>,
    /// Animal bodies kept for a reload offline, by id, and whether a view showed each.
    kept_animals: Kept,
    /// A write of `kept_animals` is scheduled.
    animals_flush: Arc<AtomicBool>,
    /// The offline store's animals have been read into `kept_animals`.
    animals_read: AtomicBool,
}

type Kept = Arc<Mutex<FxHashMap<String, (Snapshot, bool)>>>;

/// The app-wide cache, provided as context by `App`.
#[derive(Clone)]
pub struct Cache(Arc<Inner>);

/// Keeps each new answer of a list in the browser's store, after the next paint: handing a
/// body of megabytes to the store copies it into a JS string first (12–14 ms of the task
/// that showed the first rows at 50 000 bookings, in CPU profiles, which inflate it), which
/// the rows need not wait for.
fn keep_list(config: &Config, name: &'static str) -> Keep {
    let base = config.api_base.clone();
    Arc::new(move |stored, _| {
        let base = base.clone();
        spawn_local(async move {
            crate::frame::next_paint().await;
            snapshot::save(&base, name, stored).await
        });
    })
}

/// What a list is called in an error (in the app's language, chosen before any request).
fn bookings_name() -> &'static str {
    crate::i18n::t().what_bookings
}

fn invoices_name() -> &'static str {
    crate::i18n::t().what_invoices
}

/// A list query. Its requests are not generic; only decoding is per record type.
fn list_query<T: DeserializeOwned + PartialEq + Send + Sync + 'static>(
    config: &Config,
    path: &'static str,
    what: &'static str,
    name: &'static str,
) -> Query<List<T>> {
    Query::new(
        list_fetch(config, path),
        move |body| endpoints::decode_list_answer(body, path, what),
        Some(keep_list(config, name)),
    )
}

fn list_fetch(config: &Config, path: &'static str) -> Fetch {
    let config = config.clone();
    Arc::new(move |call| {
        let c = config.clone();
        async move { endpoints::list(&c, path, &call).await }.boxed_local()
    })
}

/// A record query; `noun(id)` names the record in an error.
fn record_query<T: DeserializeOwned + PartialEq + Send + Sync + 'static>(
    config: &Config,
    kind: &'static str,
    noun: fn(&str) -> String,
    id: String,
    slots: Option<Arc<Limiter>>,
    keep: Option<Keep>,
) -> Query<T> {
    let fetch = record_fetch(config, kind, id.clone(), slots);
    Query::new(
        fetch,
        move |body| endpoints::decode_record(body, noun, &id),
        keep,
    )
}

fn record_fetch(
    config: &Config,
    kind: &'static str,
    id: String,
    slots: Option<Arc<Limiter>>,
) -> Fetch {
    let config = config.clone();
    Arc::new(move |call| {
        let (c, id, slots) = (config.clone(), id.clone(), slots.clone());
        async move {
            // The record a page was opened for never queues behind background look-ups.
            let permit = match slots {
                Some(slots) if !call.urgent => Some(slots.acquire().await),
                _ => None,
            };
            // The service could not be reached a moment ago: the rest of a burst is not sent
            // but fails as it would have, unretried (an empty detail: `Query`'s `attempts`).
            // Reloaded offline, the board sent one look-up per card, 26 failed requests and
            // 52 console lines. The service's return asks again (`request::when_back`).
            if permit.is_some() && super::request::unreachable() {
                return Err(ApiError::Network(String::new()));
            }
            endpoints::record(&c, kind, &id, &call).await
        }
        .boxed_local()
    })
}

impl Cache {
    pub fn new(config: Config) -> Cache {
        let bookings = list_query(&config, "/bookings", bookings_name(), "bookings");
        let invoices = list_query(&config, "/invoices", invoices_name(), "invoices");
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
            animals_read: AtomicBool::new(false),
        }))
    }

    /// Decodes a made-up list of [`WARM_UP_BOOKINGS`] bookings right after the app's first
    /// paint, while the real list is still on its way. See [`WARM_UP_BOOKINGS`] for why.
    pub fn warm_up() {
        crate::frame::after_paint(|| {
            let sample = crate::model::booking::sample_list(WARM_UP_BOOKINGS);
            // Only the decoder's run matters, not its result.
            let _ = decode_list::<Booking>(&sample, "");
        });
    }

    /// Reads the stored answers of the last session, to show (marked stale) until the
    /// service answers. Started by `App` at once, before the first answer can arrive.
    pub fn restore(&self) {
        let cache = self.clone();
        spawn_local(async move {
            let base = cache.0.config.api_base.clone();
            if let Some(stored) = snapshot::load(&base, "bookings").await {
                let list = &cache.0.bookings;
                list.restore(&stored, |b| decode_list(b, bookings_name()));
                // A booking's page that has no answer yet, or a failure: it shows the stored
                // copy now. Copied out of the lock first: a signal's set may run code that
                // asks the cache.
                asked(&cache.0.booking)
                    .iter()
                    .for_each(|(_, q)| q.failed_again());
            }
            if let Some(stored) = snapshot::load(&base, "invoices").await {
                let list = &cache.0.invoices;
                list.restore(&stored, |b| decode_list(b, invoices_name()));
                asked(&cache.0.invoice)
                    .iter()
                    .for_each(|(_, q)| q.failed_again());
            }
            let animals = snapshot::load_animals(&base).await;
            let mut kept = lock(&cache.0.kept_animals);
            for (id, stored, shown) in animals {
                kept.entry(id).or_insert((stored, shown));
            }
            drop(kept);
            cache.0.animals_read.store(true, Ordering::Relaxed);
            // Rows that asked before the store answered get their names now.
            for (id, query) in asked(&cache.0.animal) {
                cache.restore_animal(&id, &query);
                // Shown before the store answered, when there was no kept copy to mark:
                // the first screen of a reload offline, whose answers never come.
                if query.is_shown() {
                    cache.mark_kept_shown(&id);
                }
            }
        });
    }

    fn restore_animal(&self, id: &str, query: &Query<Animal>) {
        if query.data.with_untracked(Option::is_some) {
            return;
        }
        if let Some((stored, _)) = lock(&self.0.kept_animals).get(id) {
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
        Arc::new(move |stored: Snapshot, shown: bool| {
            lock(&kept).insert(id.clone(), (stored, shown));
            write_kept(&kept, &pending, &base);
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
            record_query(
                config,
                "bookings",
                crate::i18n::t().what_booking,
                id,
                None,
                None,
            )
        });
        let id = id.to_string();
        from_list(&query, &self.0.bookings, move |b| b.id == id);
        query
    }

    pub fn invoice(&self, id: &str) -> Query<Invoice> {
        let config = &self.0.config;
        let query = entry(&self.0.invoice, id, |id| {
            record_query(
                config,
                "invoices",
                crate::i18n::t().what_invoice,
                id,
                None,
                None,
            )
        });
        let id = id.to_string();
        from_list(&query, &self.0.invoices, move |i| i.id == id);
        query
    }

    pub(crate) fn animal_query(&self, id: &str) -> Query<Animal> {
        let (config, slots) = (&self.0.config, &self.0.animal_slots);
        let query = entry(&self.0.animal, id, |id| {
            let keep = Some(self.keep_animal(id.clone()));
            let noun = crate::i18n::t().what_animal;
            record_query(config, "animals", noun, id, Some(slots.clone()), keep)
        });
        // A name from the last session, until the service answers.
        self.restore_animal(id, &query);
        query
    }

    /// One animal. Many rows ask for the same animal: they share one query, and at most
    /// [`ANIMAL_REQUESTS_AT_ONCE`] background animal requests run at a time.
    pub fn animal(&self, id: &str) -> Query<Animal> {
        let query = self.animal_query(id);
        self.count_as_shown(id, &query);
        query.ensure_loaded();
        query
    }

    /// Like [`Cache::animal`], for the name index: a look-up no view asked for, so it does
    /// not count as shown for the offline store.
    pub(crate) fn animal_in_background(&self, id: &str) -> Query<Animal> {
        let query = self.animal_query(id);
        query.ensure_loaded();
        query
    }

    /// The animal as the offline store has it, without asking the service: for the name
    /// index, a name known before (or without) the service's answer. None when the store
    /// does not have it.
    pub(crate) fn animal_from_store(&self, id: &str) -> Option<Arc<Animal>> {
        if !lock(&self.0.kept_animals).contains_key(id) {
            return None;
        }
        self.animal_query(id).data.get_untracked()
    }

    /// Marks animal `id` as shown to the user. The offline store keeps shown animals before
    /// the ones only the name index looked up, which in a kennel of more animals than that
    /// (3 000 bookings name 600) pushed the first screen's animals out of its 500 (a reload
    /// offline then named them by id). An animal the index loaded first and a view shows
    /// later is written again with its mark.
    pub(crate) fn count_as_shown(&self, id: &str, query: &Query<Animal>) {
        if query.mark_shown() {
            self.mark_kept_shown(id);
        }
    }

    /// Marks the kept copy of animal `id`, if any, as shown, and writes the store if that
    /// changed it.
    fn mark_kept_shown(&self, id: &str) {
        let kept = &self.0.kept_animals;
        let marked = lock(kept)
            .get_mut(id)
            .is_some_and(|k| !std::mem::replace(&mut k.1, true));
        if marked {
            write_kept(kept, &self.0.animals_flush, &self.0.config.api_base);
        }
    }

    /// The animal's own page: ahead of every background look-up, and refreshed when stale,
    /// since staff opening it want its current record. A look-up of it already waiting in
    /// the queue is restarted at the front.
    pub fn animal_page(&self, id: &str) -> Query<Animal> {
        let query = self.animal_query(id);
        self.count_as_shown(id, &query);
        query.core.make_urgent();
        query
    }

    /// Whether the offline store's animals have been read (see [`Cache::animal_from_store`]).
    pub(crate) fn animals_read(&self) -> bool {
        self.0.animals_read.load(Ordering::Relaxed)
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

    /// As [`Cache::animal_if_loaded`], but only an answer of the service's, not a stored copy.
    pub(crate) fn animal_if_confirmed(&self, id: &str) -> Option<Arc<Animal>> {
        let queries = lock(&self.0.animal);
        let query = queries.get(id)?;
        (!query.stale.get_untracked()).then(|| query.data.get_untracked())?
    }

    /// Refreshes what mounted views watch; called on the refresh interval. Lists and records
    /// nobody shows are left until they are next shown.
    pub fn refresh_lists(&self) {
        self.refresh_on_screen(true);
    }

    /// Refreshes what is on screen: every watched query when `force`, else only the stale
    /// ones (window focus and visibility come often; a fresh answer needs no second ask).
    pub fn refresh_on_screen(&self, force: bool) {
        let act = |q: &Arc<Core>| watched(q, force);
        act(&self.0.bookings.core);
        act(&self.0.invoices.core);
        each(&self.0.booking, &act);
        each(&self.0.invoice, &act);
        each(&self.0.animal, &act);
    }

    /// Asks again for what failed and is on screen; called when the network comes back.
    /// A failed look-up nobody shows waits until it is shown again.
    pub fn retry_failed(&self) {
        // The network's return (`online`) is reason to send queued look-ups again.
        super::request::reachable();
        retry_if_shown(&self.0.bookings.core);
        retry_if_shown(&self.0.invoices.core);
        each(&self.0.booking, &retry_if_shown);
        each(&self.0.invoice, &retry_if_shown);
        each(&self.0.animal, &retry_if_shown);
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

fn watched(q: &Arc<Core>, force: bool) {
    if q.is_watched() {
        if force {
            q.refresh();
        } else {
            q.ensure();
        }
    }
}

fn retry_if_shown(q: &Arc<Core>) {
    if q.is_held() && q.failed() {
        q.refresh();
    }
}

fn sweep<T: Send + Sync + 'static>(map: &Mutex<FxHashMap<String, Query<T>>>, now: f64, gc_ms: f64) {
    lock(map).retain(|_, q| !q.core.evict(now, gc_ms));
}

/// Runs `act` on every query of `map`, through the untyped core so it is compiled once.
fn each<T: Send + Sync + 'static>(
    map: &Mutex<FxHashMap<String, Query<T>>>,
    act: &dyn Fn(&Arc<Core>),
) {
    // Collect first: refresh() may run code that takes the same lock.
    let queries: Vec<Arc<Core>> = lock(map).values().map(|q| q.core.clone()).collect();
    for q in &queries {
        act(q);
    }
}

/// The query for `id`, created on first use (not started: the caller decides how fresh).
fn entry<T: PartialEq + Send + Sync + 'static>(
    map: &Mutex<FxHashMap<String, Query<T>>>,
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

/// Loads a record's query as [`Query::ensure`] does; but a record the list on hand holds, the
/// query has not, is shown from the list at once (as of the list's time) and asked for in
/// the background: opening a row then waits for nothing, and with the counter's network gone
/// the booking still opens, under "Could not refresh", instead of an error page.
///
/// The same when its request fails other than "not found" with nothing to show: a tablet
/// reloaded offline on a booking's page showed only the error, though the stored list had
/// the booking. After a reload the list comes from the store, read at the start: when it
/// answers after the query was made, [`Cache::restore`] offers the copy through
/// [`Query::failed_again`], failed or still asking (a request that hangs is given up only
/// after its time-outs). A "not found" takes the list's copy away: the record was deleted
/// since the list came.
fn from_list<T: Clone + Send + Sync + 'static>(
    query: &Query<T>,
    list: &Query<List<T>>,
    is_it: impl Fn(&T) -> bool + Send + Sync + 'static,
) {
    // The list's copy, shown as of the list's time and origin, which the page's line shows
    // until the service answers. Whether one was shown.
    let take_copy = {
        let (query, list) = (query.clone(), list.clone());
        move |ask: bool| {
            let found = list.data.with_untracked(|l| {
                l.as_ref()
                    .and_then(|l| l.items.iter().find(|r| is_it(r)).cloned())
            });
            let Some(record) = found else {
                return false;
            };
            query.show_list_copy(record);
            // Without a time, `ensure` asks (and counts the use as it always does).
            if ask {
                query.ensure();
            }
            query.loaded_at.set(list.loaded_at.get_untracked());
            query.stale.set(list.stale.get_untracked());
            true
        }
    };
    if query.data.with_untracked(Option::is_some) || !take_copy(true) {
        query.ensure();
    }
    let q = query.clone();
    query.on_failure(Arc::new(move |e| {
        if matches!(e, Some(ApiError::NotFound)) {
            if q.shows_list_copy() {
                q.data.set(None);
            }
        } else if q.data.with_untracked(Option::is_none) {
            take_copy(false);
        }
    }));
}

/// The record queries asked for so far, copied out of their lock.
fn asked<T: Send + Sync + 'static>(
    queries: &Mutex<FxHashMap<String, Query<T>>>,
) -> Vec<(String, Query<T>)> {
    lock(queries)
        .iter()
        .map(|(id, q)| (id.clone(), q.clone()))
        .collect()
}

/// Writes the kept animals to the offline store [`ANIMALS_FLUSH_MS`] from now, unless a write
/// is already scheduled (it then takes this change too). At most [`snapshot::MAX_ANIMALS`]:
/// those a view showed first, newest first within each kind.
fn write_kept(kept: &Kept, pending: &Arc<AtomicBool>, base: &str) {
    if pending.swap(true, Ordering::Relaxed) {
        return;
    }
    let (kept, pending, base) = (kept.clone(), pending.clone(), base.to_string());
    spawn_local(async move {
        gloo_timers::future::TimeoutFuture::new(ANIMALS_FLUSH_MS).await;
        pending.store(false, Ordering::Relaxed);
        let newest = {
            let mut kept = lock(&kept);
            let mut newest: Vec<(String, Snapshot, bool)> = kept
                .iter()
                .map(|(id, (s, shown))| (id.clone(), s.clone(), *shown))
                .collect();
            // One sort, in the store's order; the ones past the cut leave memory too. The
            // app's one sort (model::order), not another copy of std's.
            sort_items(&mut newest, &|a, b| {
                rank(b.1.at, b.2).total_cmp(&rank(a.1.at, a.2))
            });
            if let Some(last) = newest.get(snapshot::MAX_ANIMALS - 1) {
                let cut = rank(last.1.at, last.2);
                kept.retain(|_, s| rank(s.0.at, s.1) >= cut);
            }
            newest
        };
        snapshot::save_animals(&base, &newest).await;
    });
}

/// A kept animal's place in the store: shown ones before the others, newest first within
/// each. Shown ones are lifted by more than any load time (ms since the epoch, ~1.8e12).
fn rank(at: f64, shown: bool) -> f64 {
    if shown {
        at + 1e15
    } else {
        at
    }
}

//! The name index: every animal named by the booking list, fetched in the background so that
//! search and sort by name cover all bookings, not only the rows on screen.
//!
//! The service has no animal list, so this is one request per animal. It runs at low
//! priority by pacing itself: at most [`WORKERS`] of its requests are in flight, so the
//! cache's animal slots always have room for what the user opened (the rows on screen ask
//! for their own animals directly and are fetched first).

use super::Cache;
use crate::model::listing::animal_haystack;
use crate::model::Animal;
use futures::future::{abortable, AbortHandle};
use leptos::leptos_dom::helpers::IntervalHandle;
use leptos::prelude::*;
use leptos::task::spawn_local;
use rustc_hash::FxHashMap;
use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

/// Background requests at once; the cache allows four animal requests in total.
const WORKERS: usize = 2;
/// How often new names are published: one re-filter per batch, not per animal.
const PUBLISH_MS: u64 = 300;
/// How often a worker looks whether the network is back, while offline.
const OFFLINE_POLL_MS: u32 = 1_000;
/// Pauses before the look-ups that failed in a way that passes are asked again, round by
/// round (the last repeats while the page is open). `navigator.onLine` says only whether the
/// tablet has a network, not whether the service answers: a Wi-Fi without a route to it, or
/// a service restarting, failed every look-up after its retries, and those animals stayed
/// unknown (search and sort without their names) until the page was opened again.
const AGAIN_MS: [u32; 4] = [5_000, 15_000, 30_000, 60_000];

/// A loaded animal with its folded name, breed and species (what a search looks in).
pub type Entry = (Arc<Animal>, String);

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

struct Shared {
    queue: Mutex<VecDeque<String>>,
    entries: Mutex<FxHashMap<String, Entry>>,
    failed: AtomicUsize,
    /// Look-ups that failed in a way that passes (counted in `failed` until they load), to be
    /// asked again, and how many rounds of that have begun.
    again: Mutex<(Vec<String>, usize)>,
    /// A list, not a set: it holds only the failures, and a set type of its own cost wasm.
    waiting: Mutex<Vec<String>>,
    dirty: AtomicBool,
    stopped: AtomicBool,
    /// The workers and the publishing interval, stopped with the owner.
    running: Mutex<(Vec<AbortHandle>, Option<IntervalHandle>)>,
}

/// Handle to an index; stops when the owner that made it is cleaned up.
#[derive(Clone)]
pub struct NameIndex {
    /// Bumped when names arrived; read it to re-run anything that depends on names. Only
    /// tracked, never read for its value: a `usize`, the type of the index's other counts, as
    /// each signal type links its own code (1.2 KB raw of wasm for a `u64` one).
    pub version: RwSignal<usize>,
    /// Animals known (loaded) so far, and how many distinct animals the list names (none
    /// before [`NameIndex::start`]).
    pub loaded: RwSignal<usize>,
    pub total: RwSignal<usize>,
    /// Animals that could not be loaded (not found, or failed): they stay unknown, those
    /// that failed in a way that passes until they are asked again.
    pub failed: RwSignal<usize>,
    shared: Arc<Shared>,
}

impl NameIndex {
    /// Whether look-ups are still to answer (tracked): a search may match more once they have.
    pub fn pending(&self) -> bool {
        self.loaded.get() + self.failed.get() < self.total.get()
    }

    /// An empty index, made with the page: the page's controls read it before the list has
    /// come, and it starts with the list's first answer.
    pub fn empty() -> NameIndex {
        let shared = Arc::new(Shared {
            queue: Mutex::new(VecDeque::new()),
            entries: Mutex::new(FxHashMap::default()),
            failed: AtomicUsize::new(0),
            again: Mutex::new((Vec::new(), 0)),
            waiting: Mutex::new(Vec::new()),
            dirty: AtomicBool::new(false),
            stopped: AtomicBool::new(false),
            running: Mutex::new((Vec::new(), None)),
        });
        // When the page goes, a worker waiting for an answer lets go of it, and the look-up
        // is aborted unless a view still shows that animal.
        let stopped = shared.clone();
        on_cleanup(move || {
            stopped.stopped.store(true, Ordering::Relaxed);
            let (workers, interval) = &mut *lock(&stopped.running);
            if let Some(handle) = interval.take() {
                handle.clear();
            }
            workers.iter().for_each(AbortHandle::abort);
        });
        NameIndex {
            version: RwSignal::new(0),
            loaded: RwSignal::new(0),
            total: RwSignal::new(0),
            failed: RwSignal::new(0),
            shared,
        }
    }

    /// Starts indexing `ids` (distinct, in the order to fetch them). Once: from the first
    /// answer; animals that later refreshes add are indexed on the next visit.
    pub fn start(&self, cache: Cache, ids: Vec<String>) {
        let shared = &self.shared;
        if shared.stopped.load(Ordering::Relaxed) || !lock(&shared.running).0.is_empty() {
            return;
        }
        // Whatever is already in the cache is known at once.
        for id in &ids {
            if let Some(a) = cache.animal_if_loaded(id) {
                know(shared, id.clone(), a);
            }
        }
        self.total.set(ids.len());
        // Every id, until the offline store's animals are taken (below).
        let unseeded = Mutex::new(ids.clone());
        *lock(&shared.queue) = ids.into();
        shared.dirty.store(true, Ordering::Relaxed);
        let workers: Vec<AbortHandle> = (0..WORKERS)
            .map(|_| {
                let (work, handle) = abortable(worker(cache.clone(), shared.clone()));
                spawn_local(async move {
                    let _ = work.await;
                });
                handle
            })
            .collect();
        let this = self.clone();
        let publish = move || {
            // The animals the offline store has are known names at once, not confirmed,
            // while the workers ask for them: with the service not answering (online), a
            // search by name after a reload found nothing for minutes, two names per 20 s
            // of time-outs. Once the store has been read, which may be after the start;
            // every id, the ones a worker waits for too.
            if cache.animals_read() {
                for id in std::mem::take(&mut *lock(&unseeded)) {
                    if let Some(a) = cache.animal_from_store(&id) {
                        know(&this.shared, id, a);
                    }
                }
            }
            this.publish()
        };
        publish();
        let interval =
            set_interval_with_handle(publish, std::time::Duration::from_millis(PUBLISH_MS)).ok();
        *lock(&shared.running) = (workers, interval);
    }

    fn publish(&self) {
        // New names re-filter the list: not while the user types (see api::busy).
        if super::busy::remaining_ms() > 0.0 {
            return;
        }
        if self.shared.dirty.swap(false, Ordering::Relaxed) {
            let n = lock(&self.shared.entries).len();
            self.loaded.set(n);
            self.failed.set(self.shared.failed.load(Ordering::Relaxed));
            self.version.update(|v| *v += 1);
        }
    }

    /// Runs `f` with the known animals. Call [`NameIndex::version`]'s `track()` first in
    /// reactive code, so it re-runs when names arrive.
    pub fn with<R>(&self, f: impl FnOnce(&FxHashMap<String, Entry>) -> R) -> R {
        f(&lock(&self.shared.entries))
    }
}

async fn worker(cache: Cache, shared: Arc<Shared>) {
    loop {
        // Out of the way of the user's keystrokes (see api::busy).
        super::busy::idle().await;
        // Offline, every look-up fails: the index waits for the network rather than mark
        // the animals it has not reached as not loadable (nothing asked for those again, and
        // a search by their names found nothing until the next visit). Meanwhile it takes
        // what the offline store has: after a reload without a network, a search found
        // only the animals of the rows on screen.
        while !super::online() && !shared.stopped.load(Ordering::Relaxed) {
            // Each round: the store may answer after the index has started.
            from_store(&cache, &shared);
            gloo_timers::future::TimeoutFuture::new(OFFLINE_POLL_MS).await;
        }
        if shared.stopped.load(Ordering::Relaxed) {
            return;
        }
        let next = lock(&shared.queue).pop_front();
        let Some(id) = next else {
            // The queue is done: a worker takes the look-ups to ask again, if any, and
            // waits its round's pause (the other worker, finding none, ends).
            let (ids, round) = {
                let mut again = lock(&shared.again);
                if again.0.is_empty() {
                    return;
                }
                let round = again.1;
                again.1 += 1;
                (std::mem::take(&mut again.0), round)
            };
            let pause = AGAIN_MS[round.min(AGAIN_MS.len() - 1)];
            gloo_timers::future::TimeoutFuture::new(pause).await;
            lock(&shared.queue).extend(ids);
            continue;
        };
        // A name known from the offline store is still asked for: it may have changed.
        let (animal, passes) = match cache.animal_if_confirmed(&id) {
            Some(a) => (Some(a), false),
            None => {
                let query = cache.animal_in_background(&id);
                // Woken when the answer is in, not polled: a 50 ms poll capped the index
                // at about 40 animals a second (48 s for the 2 000 animals of 10 000
                // bookings), and searches meanwhile fetched what it had not reached.
                query.settled().await;
                if shared.stopped.load(Ordering::Relaxed) {
                    return;
                }
                // A failure that passes by itself (see `ApiError::retries`), not a record
                // the service does not know or cannot give in a readable form.
                let passes = query
                    .error
                    .with_untracked(|e| e.as_ref().is_some_and(|e| e.retries() > 0));
                (query.data.get_untracked(), passes)
            }
        };
        // Counted as failed once, however many times it is asked again: `waiting` holds the
        // ones counted that may yet load.
        let waiting_at = lock(&shared.waiting).iter().position(|w| *w == id);
        let was_waiting = waiting_at.is_some();
        // No await since `waiting_at` was read: it still points at `id`.
        let settle = || waiting_at.map(|at| lock(&shared.waiting).swap_remove(at));
        match animal {
            Some(a) => {
                if was_waiting {
                    settle();
                    shared.failed.fetch_sub(1, Ordering::Relaxed);
                }
                know(&shared, id, a);
            }
            // Failed because the network went meanwhile: asked again once it is back.
            None if !super::online() => {
                lock(&shared.queue).push_front(id);
                continue;
            }
            None if passes => {
                if !was_waiting {
                    shared.failed.fetch_add(1, Ordering::Relaxed);
                    lock(&shared.waiting).push(id.clone());
                }
                lock(&shared.again).0.push(id);
            }
            // Not to be asked again; counted already if it was waiting.
            None if was_waiting => {
                settle();
            }
            None => {
                shared.failed.fetch_add(1, Ordering::Relaxed);
            }
        }
        shared.dirty.store(true, Ordering::Relaxed);
    }
}

/// Takes the queued animals the offline store has out of the queue; the rest stay queued,
/// in order.
fn from_store(cache: &Cache, shared: &Shared) {
    lock(&shared.queue).retain(|id| match cache.animal_from_store(id) {
        Some(a) => {
            know(shared, id.clone(), a);
            false
        }
        None => true,
    });
}

/// Takes `a` as animal `id`'s entry, to publish.
fn know(shared: &Shared, id: String, a: Arc<Animal>) {
    let folded = haystack(&a);
    lock(&shared.entries).insert(id, (a, folded));
    shared.dirty.store(true, Ordering::Relaxed);
}

/// The animal's search text, its species in the screen's language.
fn haystack(a: &Animal) -> String {
    let species = a.species.as_deref().unwrap_or("");
    animal_haystack(a, &crate::i18n::t().species_name(species))
}

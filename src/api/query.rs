//! One cached request and its state: the data signal is typed, everything else is not.
//!
//! Non-generic core: the request loop, retries, cancelling and bookkeeping live in [`Core`],
//! compiled once. Only decoding an answer and storing it as the data depend on the record
//! type, behind one boxed closure. The fully generic `Query<T>` was monomorphised for five
//! types (two lists, three records): about 36 KB of raw wasm in 94 functions.

use super::endpoints::{Call, Fresh};
use super::error::ApiError;
use super::request::Answer;
use super::snapshot::Snapshot;
use crate::frame::next_paint;
use futures::channel::oneshot;
use futures::future::{select, Either, LocalBoxFuture};
use futures::FutureExt;
use leptos::prelude::*;
use leptos::task::spawn_local;
use std::future::Future;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

/// Data younger than this is shown without asking the service again.
const FRESH_MS: f64 = 30_000.0;
/// Waits before the retries of a transient failure; each is jittered by ±25 % so a room of
/// tablets does not hammer a restarting service in step.
const BACKOFF_MS: [f64; 3] = [500.0, 1_000.0, 2_000.0];
/// A body at least this long (a list; a record is a few hundred bytes) is decoded in one task
/// and stored, which renders it, in the next. 1 000 bookings are about 300 KB.
const OWN_TASK_BYTES: usize = 64 * 1024;

/// Where a new answer's body goes to survive a reload (lists and animals only); told
/// whether a view has shown the record.
pub(super) type Keep = Arc<dyn Fn(Snapshot, bool) + Send + Sync>;

/// Told a request's final failure, before it is shown, or none when the offline store has
/// answered meanwhile (see [`Query::on_failure`], [`Query::failed_again`]).
pub(super) type OnFailure = Arc<dyn Fn(Option<&ApiError>) + Send + Sync>;

/// Sends one request; the answer comes back undecoded.
pub(super) type Fetch =
    Arc<dyn Fn(Call) -> LocalBoxFuture<'static, Result<Answer, ApiError>> + Send + Sync>;

/// The typed half of a query: decodes a new body into what stores it as the data.
type Decode = Box<dyn Fn(&str) -> Result<Apply, ApiError> + Send + Sync>;

/// Sets a decoded value as the data unless it equals the data held; says whether it changed.
/// Run only once the request is known not to have been cancelled.
type Apply = Box<dyn FnOnce() -> bool>;

// The app is single-threaded; a poisoned lock can only follow a panic, which in wasm has
// already ended the app. Taking the data anyway keeps this free of panics.
pub(super) fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

pub(super) fn now_ms() -> f64 {
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
    /// A view has shown it (see [`Query::mark_shown`]).
    shown: AtomicBool,
    /// See [`Query::on_failure`].
    on_failure: Mutex<Option<OnFailure>>,
    /// The address of the data when it is a list's copy of the record, not an answer of the
    /// service's; 0 otherwise (see [`Query::show_list_copy`]).
    list_copy: AtomicUsize,
}

impl Meta {
    fn touch(&self) {
        self.last_used.store(now_ms().to_bits(), Ordering::Relaxed);
    }
}

/// Everything of a query but its data: the same signals as [`Query`]'s, and the requests.
pub(super) struct Core {
    error: ArcRwSignal<Option<ApiError>>,
    loading: ArcRwSignal<bool>,
    loaded_at: ArcRwSignal<Option<f64>>,
    stale: ArcRwSignal<bool>,
    fetch: Fetch,
    decode: Decode,
    keep: Option<Keep>,
    meta: Meta,
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
    pub(super) core: Arc<Core>,
}

impl<T: Send + Sync + 'static> Clone for Query<T> {
    fn clone(&self) -> Self {
        Query {
            data: self.data.clone(),
            error: self.error.clone(),
            loading: self.loading.clone(),
            loaded_at: self.loaded_at.clone(),
            stale: self.stale.clone(),
            core: self.core.clone(),
        }
    }
}

impl<T: PartialEq + Send + Sync + 'static> Query<T> {
    /// A query that asks with `fetch` and reads a new body with `decode`.
    pub(super) fn new(
        fetch: Fetch,
        decode: impl Fn(&str) -> Result<T, ApiError> + Send + Sync + 'static,
        keep: Option<Keep>,
    ) -> Self {
        let data = ArcRwSignal::new(None);
        let sink = data.clone();
        let decode: Decode = Box::new(move |body| {
            let value = decode(body)?;
            let data = sink.clone();
            Ok(Box::new(move || {
                // An unchanged answer leaves the data signal alone: nothing re-renders,
                // so "Show more", scroll position and focus survive the minute's refresh.
                let changed = data.with_untracked(|old| old.as_deref() != Some(&value));
                if changed {
                    data.set(Some(Arc::new(value)));
                }
                changed
            }) as Apply)
        });
        let core = Core::new(fetch, decode, keep);
        Query {
            data,
            error: core.error.clone(),
            loading: core.loading.clone(),
            loaded_at: core.loaded_at.clone(),
            stale: core.stale.clone(),
            core: Arc::new(core),
        }
    }

    /// Shows a stored answer while the service has not answered yet: marked stale, with the
    /// time it was loaded. Ignored once real data is there, or if it no longer decodes.
    pub(super) fn restore(
        &self,
        stored: &Snapshot,
        decode: impl FnOnce(&str) -> Result<T, crate::model::DecodeError>,
    ) {
        if self.data.with_untracked(Option::is_some) {
            return;
        }
        if let Ok(value) = decode(&stored.body) {
            *lock(&self.core.meta.etag) = stored.etag.clone();
            self.data.set(Some(Arc::new(value)));
            self.loaded_at.set(Some(stored.at));
            self.stale.set(true);
        }
    }

    /// Loads only when there is no data yet: for records that rarely change and are asked
    /// for by many rows (animals), so a re-render never fetches them again.
    pub fn ensure_loaded(&self) {
        self.core
            .ensure_loaded(self.data.with_untracked(Option::is_none));
    }
}

impl<T: Send + Sync + 'static> Query<T> {
    /// Asks the service again, unless a request is already under way (deduplication).
    pub fn refresh(&self) {
        self.core.refresh();
    }

    /// Loads when there is no data yet or it is older than [`FRESH_MS`]; otherwise the cached
    /// answer is used as it is.
    pub fn ensure(&self) {
        self.core.ensure();
    }

    /// Waits until no request of this query is under way, counted as a user meanwhile: a
    /// row that leaves the screen then does not cancel a look-up the name index waits for.
    /// For background work outside any reactive owner; a view uses [`Query::hold`].
    pub fn settled(&self) -> impl Future<Output = ()> + '_ {
        self.core.settled()
    }

    /// Counts the current reactive owner (a mounted view) as showing this query until it is
    /// cleaned up. When the last one goes, a request still under way is aborted: the page
    /// that wanted it is gone.
    pub fn hold(&self) {
        self.core.hold();
    }

    /// Like [`Query::hold`], and keeps the query fresh while the view is mounted: it then
    /// refreshes on the interval, when the window regains focus and when the network returns.
    pub fn watch(&self) {
        self.core.watch();
    }

    /// Stops the request under way, leaving data and error as they were, so the next view
    /// that asks starts afresh.
    pub fn cancel(&self) {
        self.core.cancel();
    }

    /// Counts it as shown to the user, not only looked up in the background: the offline
    /// store keeps shown records before the others. Says whether it was not marked before.
    pub(super) fn mark_shown(&self) -> bool {
        !self.core.meta.shown.swap(true, Ordering::Relaxed)
    }

    /// Whether [`Query::mark_shown`] has marked it.
    pub(super) fn is_shown(&self) -> bool {
        self.core.meta.shown.load(Ordering::Relaxed)
    }

    /// Runs `hook` with each request's final failure (after its retries), just before the
    /// error is set, and at once with the error held now, if any. A record's page takes the
    /// list's copy of the record so (`cache::from_list`), without a task of its own waiting
    /// for the answer: such a task counted as a user, and a page left kept its request on.
    pub(super) fn on_failure(&self, hook: OnFailure) {
        *lock(&self.core.meta.on_failure) = Some(hook);
        if self.error.with_untracked(Option::is_some) {
            self.failed_again();
        }
    }

    /// Shows `record`, a list's copy of this record, as the data.
    pub(super) fn show_list_copy(&self, record: T) {
        let record = Arc::new(record);
        let at = Arc::as_ptr(&record) as *const () as usize;
        self.core.meta.list_copy.store(at, Ordering::Relaxed);
        self.data.set(Some(record));
    }

    /// Whether the data is the list's copy [`Query::show_list_copy`] set, not yet replaced
    /// by an answer (which clears the mark, so a new data at the same address is not taken
    /// for it).
    pub(super) fn shows_list_copy(&self) -> bool {
        let at = self.core.meta.list_copy.load(Ordering::Relaxed);
        at != 0
            && self.data.with_untracked(|d| {
                d.as_ref()
                    .is_some_and(|d| Arc::as_ptr(d) as *const () as usize == at)
            })
    }

    /// Runs the failure hook again with the error held, or with none: the offline store
    /// answered after the request had failed or while it is still under way
    /// (`Cache::restore`). A network that is up but does not answer held a booking's page at
    /// "Loading" for two time-outs (20 s) while the stored list had the booking.
    pub(super) fn failed_again(&self) {
        let hook = lock(&self.core.meta.on_failure).clone();
        if let Some(hook) = hook {
            hook(self.error.get_untracked().as_ref());
        }
    }

    /// Whether a mounted view shows it (see [`Query::hold`]).
    pub fn is_held(&self) -> bool {
        self.core.is_held()
    }

    /// The validator of the data held, for the offline snapshot.
    pub fn etag(&self) -> Option<String> {
        lock(&self.core.meta.etag).clone()
    }
}

impl Core {
    fn new(fetch: Fetch, decode: Decode, keep: Option<Keep>) -> Core {
        let meta = Meta::default();
        meta.touch();
        Core {
            error: ArcRwSignal::new(None),
            loading: ArcRwSignal::new(false),
            loaded_at: ArcRwSignal::new(None),
            stale: ArcRwSignal::new(false),
            fetch,
            decode,
            keep,
            meta,
        }
    }

    pub(super) fn refresh(self: &Arc<Self>) {
        if self.loading.get_untracked() {
            return;
        }
        self.start();
    }

    /// Starts a request, cancelling one under way.
    fn start(self: &Arc<Self>) {
        let generation = self.meta.generation.fetch_add(1, Ordering::Relaxed) + 1;
        let (cancel, cancelled) = oneshot::channel::<()>();
        // Replacing the sender drops the previous one, which cancels its request.
        *lock(&self.meta.cancel) = Some(cancel);
        self.loading.set(true);
        let core = self.clone();
        spawn_local(async move {
            let work = core.run().boxed_local();
            // Either way the receiver resolves: sent to, or its sender dropped. It is polled
            // first: a look-up cancelled in the same moment its turn in the queue came (a
            // keystroke that takes away a screenful of rows) must not start its `fetch` only
            // to abort it, which cost a keystroke at 50 000 bookings up to 58 of them.
            let outcome = match select(cancelled, work).await {
                Either::Left(_) => return,
                Either::Right((outcome, _)) => outcome,
            };
            if core.meta.generation.load(Ordering::Relaxed) != generation {
                return;
            }
            lock(&core.meta.cancel).take();
            core.apply(outcome);
            core.done();
        });
    }

    /// The request under way has ended (answered, failed or cancelled).
    fn done(&self) {
        self.loading.set(false);
        for waiter in lock(&self.meta.waiters).drain(..) {
            let _ = waiter.send(());
        }
    }

    async fn settled(&self) {
        /// Lets go when the wait ends or its future is dropped (the index stopped).
        struct Using<'a>(&'a Core);
        impl Drop for Using<'_> {
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

    /// The request with its retries, and a new body decoded (not yet stored).
    async fn run(&self) -> Result<Fresh<Apply>, ApiError> {
        match self.attempts().await? {
            Answer::Unchanged => Ok(Fresh::Unchanged),
            Answer::Body { text, etag } => {
                let large = text.len() >= OWN_TASK_BYTES;
                // The page's frame (search box, filters) is painted before a list's decode
                // and first rows, not in one frame with them: it shows a frame sooner.
                if large {
                    next_paint().await;
                }
                let apply = (self.decode)(&text)?;
                // Decoding a list and rendering its first rows in one task blocked a slow
                // tablet's main thread for both (about 260 ms at 1 000 bookings with 4x CPU
                // throttling); a turn of the event loop between lets a tap or a paint through.
                if large {
                    gloo_timers::future::TimeoutFuture::new(0).await;
                }
                Ok(Fresh::New(apply, etag, text))
            }
        }
    }

    fn apply(&self, outcome: Result<Fresh<Apply>, ApiError>) {
        match outcome {
            Ok(Fresh::New(apply, etag, body)) => {
                self.meta.list_copy.store(0, Ordering::Relaxed);
                let changed = apply();
                // Stored only when it differs: a list of megabytes is not rewritten per minute.
                let keep = self
                    .keep
                    .as_ref()
                    .filter(|_| changed || self.stale.get_untracked());
                if let Some(keep) = keep {
                    let at = now_ms();
                    let shown = self.meta.shown.load(Ordering::Relaxed);
                    let stored = Snapshot {
                        body,
                        etag: etag.clone(),
                        at,
                    };
                    keep(stored, shown);
                }
                *lock(&self.meta.etag) = etag;
                self.mark_fresh();
            }
            // Same validator as the data held: confirmed without reading or decoding a byte.
            Ok(Fresh::Unchanged) => self.mark_fresh(),
            Err(e) => {
                let hook = lock(&self.meta.on_failure).clone();
                if let Some(hook) = hook {
                    hook(Some(&e));
                }
                self.error.set(Some(e));
            }
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
    /// by itself (network and 5xx three, a time-out one; see [`ApiError::retries`]).
    async fn attempts(&self) -> Result<Answer, ApiError> {
        let mut attempt = 0;
        loop {
            let controller = web_sys::AbortController::new().ok();
            // Aborts the request if this future is dropped (the query was cancelled).
            let mut abort = AbortOnDrop(controller.clone());
            let call = Call {
                etag: lock(&self.meta.etag).clone(),
                controller,
                urgent: self.meta.urgent.load(Ordering::Relaxed),
            };
            let outcome = (self.fetch)(call).await;
            // Finished: nothing to abort. (`abort()` on every finished look-up was 10 ms of
            // a CPU profile of a 1 000-booking load, with its 200 animal look-ups.)
            abort.0 = None;
            match (&outcome, BACKOFF_MS.get(attempt)) {
                // Not while the browser knows it has no network: every retry would fail the
                // same way, and a page waited 3.5 s of them before it took the stored copy
                // (`Query::on_failure`) or said the service could not be reached. The network's
                // return asks again for what is on screen (lib.rs, `connectivity`). Nor a
                // look-up that was not sent (an empty detail: `cache::record_fetch`); the
                // service's return asks again for it (`request::when_back`).
                (Err(ApiError::Network(detail)), _) if detail.is_empty() || !super::online() => {
                    return outcome
                }
                (Err(e), Some(&wait)) if attempt < e.retries() => {
                    let jitter = 0.75 + js_sys::Math::random() * 0.5;
                    gloo_timers::future::TimeoutFuture::new((wait * jitter) as u32).await;
                    attempt += 1;
                }
                _ => return outcome,
            }
        }
    }

    pub(super) fn ensure(self: &Arc<Self>) {
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

    fn ensure_loaded(self: &Arc<Self>, no_data: bool) {
        self.meta.touch();
        // A record the service does not know stays unknown until it is evicted; any other
        // failure is tried again by the next view that shows it.
        let known_missing = self
            .error
            .with_untracked(|e| matches!(e, Some(ApiError::NotFound)));
        // A stored copy from before a reload is shown, but still asked for once.
        let wanted = no_data || self.stale.get_untracked();
        if wanted && !known_missing {
            self.refresh();
        }
    }

    fn hold(self: &Arc<Self>) {
        self.meta.users.fetch_add(1, Ordering::Relaxed);
        let core = self.clone();
        on_cleanup(move || core.release());
    }

    /// One user fewer; the last one to go aborts the request under way.
    fn release(&self) {
        let left = self.meta.users.fetch_sub(1, Ordering::Relaxed);
        self.meta.touch();
        if left == 1 {
            self.cancel();
        }
    }

    fn watch(self: &Arc<Self>) {
        self.hold();
        self.meta.watchers.fetch_add(1, Ordering::Relaxed);
        let core = self.clone();
        on_cleanup(move || {
            core.meta.watchers.fetch_sub(1, Ordering::Relaxed);
        });
    }

    fn cancel(&self) {
        let under_way = lock(&self.meta.cancel).take();
        if under_way.is_some() {
            self.meta.generation.fetch_add(1, Ordering::Relaxed);
            drop(under_way);
            self.done();
        }
    }

    /// The animal's own page was opened: from now on its requests skip the queue, and one
    /// waiting in the queue is restarted at the front.
    pub(super) fn make_urgent(self: &Arc<Self>) {
        let was_urgent = self.meta.urgent.swap(true, Ordering::Relaxed);
        if self.loading.get_untracked() && !was_urgent {
            self.cancel();
            self.start();
        } else {
            self.ensure();
        }
    }

    /// Whether it is [`Core::evictable`]; if so, drops the hook [`Query::on_failure`] set,
    /// which holds the query itself (`cache::from_list`): the two would keep each other
    /// alive once the cache has let go.
    pub(super) fn evict(&self, now: f64, gc_ms: f64) -> bool {
        let evictable = self.evictable(now, gc_ms);
        if evictable {
            lock(&self.meta.on_failure).take();
        }
        evictable
    }

    pub(super) fn is_held(&self) -> bool {
        self.meta.users.load(Ordering::Relaxed) > 0
    }

    pub(super) fn is_watched(&self) -> bool {
        self.meta.watchers.load(Ordering::Relaxed) > 0
    }

    pub(super) fn failed(&self) -> bool {
        self.error
            .with_untracked(|e| e.as_ref().is_some_and(ApiError::is_retryable))
    }

    /// Whether nothing uses it (no view shows it, no request is under way) and it has been
    /// let go for `gc_ms` or more at `now`.
    pub(super) fn evictable(&self, now: f64, gc_ms: f64) -> bool {
        let in_use = self.is_held() || self.loading.get_untracked();
        let let_go_at = f64::from_bits(self.meta.last_used.load(Ordering::Relaxed));
        super::cache::evictable(now, let_go_at, in_use, gc_ms)
    }
}

/// Aborts a request when the future that owns it is dropped.
struct AbortOnDrop(Option<web_sys::AbortController>);

impl Drop for AbortOnDrop {
    fn drop(&mut self) {
        if let Some(c) = &self.0 {
            c.abort();
        }
    }
}

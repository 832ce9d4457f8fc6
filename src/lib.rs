//! Kennel Desk: the staff front end of the kennel booking service.
//!
//! `App` holds the router and the layout and provides the cache. Data flows page -> cache
//! (`api::cache`) -> request helper (`api::request`) -> JSON -> `model` -> signals -> view.

pub mod a11y;
pub mod api;
pub mod clock;
pub mod components;
pub mod config;
pub mod effect;
pub mod format;
pub mod frame;
pub mod history_entry;
pub mod i18n;
pub mod model;
pub mod pages;
pub mod router;
pub mod scroll;

use a11y::LiveRegion;
use api::Cache;
use config::Config;
use leptos::prelude::*;
use leptos_router::components::{Route, Router, Routes};
use leptos_router::hooks::use_location;
use leptos_router::path;
use pages::customer::CustomerPage;
use pages::{
    AnimalPage, BoardPage, BookingPage, BookingsPage, InvoicePage, InvoicesPage, NotFoundPage,
    WallPage,
};

/// The whole app. Everything it renders sits inside one `.kd` element, and every style rule
/// is scoped under that class, so a host page and the app do not restyle each other.
///
/// No bare `header`/`nav`/`main` elements: a host's rules for those would reach in, and a
/// host page has its own `main`. The landmarks are roles on `div`s instead, and only the
/// standalone page claims `main` and `banner`; embedded, the app is one named region.
#[component]
pub fn App(config: Config) -> impl IntoView {
    // First: every word, date and amount below is in the chosen language.
    i18n::set(i18n::choose(
        config.lang.as_deref(),
        &format::browser_languages(),
    ));
    let t = i18n::t();
    if config.standalone {
        // The app is the page: its language is the document's. Embedded, the host's
        // `<html lang>` stays the host's; the app's root element says its own below.
        if let Some(html) = document().document_element() {
            let _ = html.set_attribute("lang", t.code);
        }
    }
    let cache = Cache::new(config.clone());
    // Before the first answer: a reload offline shows the last session's data, marked stale.
    cache.restore();
    // The decoder made ready for a large list while it downloads.
    Cache::warm_up();
    provide_context(cache.clone());
    let announcer = a11y::provide_announcer();
    offline_shell(&config);
    let online = connectivity(cache.clone());
    auto_refresh(cache, config.refresh_secs, online);
    router::set_mode(config.routing);
    let base = config.router_base();
    let standalone = config.standalone;
    let root = NodeRef::<leptos::html::Div>::new();
    let main_role = if standalone { "main" } else { "region" };
    // The page renders in a task after the chrome's (header, navigation). In one task, the
    // first render blocked a slow tablet's main thread for about 200 ms (4x CPU throttling,
    // the booking list); split, about 105 + 70 ms, and a tap in between is answered sooner.
    let page_ready = RwSignal::new(false);
    set_timeout(move || page_ready.set(true), std::time::Duration::ZERO);
    view! {
        <div class="kd" lang=t.code node_ref=root>
            <Router base=base>
                <Chrome>
                    <a class="kd-skip" href="#kd-main" on:click=a11y::skip_to_content>{t.skip_to_content}</a>
                    <div class="kd-header" role=standalone.then_some("banner")>
                        <span class="kd-brand">"Kennel Desk"</span>
                        <div class="kd-nav" role="navigation" aria-label="Kennel Desk">
                            // One link for the board: "/" and "/board" are the same page
                            // (today's board; another day is the board's own Previous / Next).
                            // Two links, "Today" and "Board", both opened today's board.
                            <NavLink path="/" also="/board" label=t.nav_board/>
                            <NavLink path="/bookings" also="/bookings" label=t.nav_bookings/>
                            <NavLink path="/invoices" also="/invoices" label=t.nav_invoices/>
                        </div>
                    </div>
                </Chrome>
                <OfflineBanner online/>
                <div
                    id="kd-main"
                    class="kd-main"
                    role=main_role
                    aria-label=(!standalone).then_some("Kennel Desk")
                >
                    {move || page_ready.get().then(|| view! {
                        <Routes fallback=NotFoundPage>
                            <Route path=path!("/") view=BoardPage/>
                            <Route path=path!("/board") view=BoardPage/>
                            <Route path=path!("/wall") view=WallPage/>
                            <Route path=path!("/bookings") view=BookingsPage/>
                            <Route path=path!("/bookings/:id") view=BookingPage/>
                            <Route path=path!("/invoices") view=InvoicesPage/>
                            <Route path=path!("/invoices/:id") view=InvoicePage/>
                            <Route path=path!("/animals/:id") view=AnimalPage/>
                            <Route path=path!("/customers/:id") view=CustomerPage/>
                        </Routes>
                    })}
                </div>
                <LiveRegion announcer/>
                <FollowNavigation root standalone/>
            </Router>
        </div>
    }
}

/// The navigation chrome, left out on the wall display (`/wall`), which is the board alone.
#[component]
fn Chrome(children: ChildrenFn) -> impl IntoView {
    let location = leptos_router::hooks::use_location();
    let wall = Memo::new(move |_| {
        location
            .pathname
            .get()
            .trim_end_matches('/')
            .ends_with("/wall")
    });
    move || (!wall.get()).then(|| children())
}

/// Moves focus and the title along with the router, and keeps each page's scroll position
/// for Back and Forward (both need the router's location).
#[component]
fn FollowNavigation(root: NodeRef<leptos::html::Div>, standalone: bool) -> impl IntoView {
    let location = use_location();
    a11y::follow_navigation(root, location.pathname, location.search, standalone);
    // The history entries are the app's own to key; embedded, the host page's.
    if standalone {
        history_entry::claim();
    }
    // Embedded too, with hash routing: the host window's position on the app's routes,
    // keyed by URL. Not embedded with path routing: every entry of the host's page there
    // is on a route (its own `#top` too), so the app could not tell the host's traversals
    // from its own (the review).
    if standalone || leptos_router::location::hash_routing() {
        scroll::keep_places(standalone);
    }
}

/// A main navigation link; `aria-current="page"` on the section the current page belongs to
/// (`Bookings` on a list of bookings and on one booking). A plain `<a>` with the config's
/// href, so it is a real link in both routing modes (`#/bookings` with hash routing).
/// `also`: another path of the same section (`/board` for the board at `/`).
#[component]
fn NavLink(path: &'static str, also: &'static str, label: &'static str) -> impl IntoView {
    let config = api::cache::use_cache().config().clone();
    let href = config.href(path);
    let pathname = use_location().pathname;
    let current = move || {
        let here = pathname.get();
        let here = config.app_path(&here);
        let section = |p: &str| here == p || here.starts_with(&format!("{p}/"));
        (section(path) || section(also)).then_some("page")
    };
    view! { <a href=href aria-current=current>{label}</a> }
}

/// Tells staff when the tablet has lost the network, and what they are looking at. The
/// banner is not itself a live region (inserted with its text, it would not be read); the
/// app's live region says it.
#[component]
fn OfflineBanner(online: ReadSignal<bool>) -> impl IntoView {
    let t = i18n::t();
    let mut was_online: Option<bool> = None;
    effect::effect(move || {
        let now = online.get();
        match (was_online, now) {
            (Some(true) | None, false) => a11y::announce(t.offline),
            (Some(false), true) => a11y::announce(t.back_online),
            _ => {}
        }
        was_online = Some(now);
    });
    move || {
        // An `AnyView` when shown, as the board card's flags (components/board_card.rs).
        (!online.get())
            .then(|| view! { <p class="kd-notice kd-notice--offline">{t.offline}</p> }.into_any())
    }
}

/// Tracks `navigator.onLine`; when the network returns, what is on screen and failed is
/// asked for again (so staff do not have to find and press each Retry), and what is on
/// screen and stale is refreshed. Failed look-ups nobody shows wait until they are shown.
/// What failed is asked for again too when a request reaches the service after a network
/// error, which an `online` event may never tell (`api::request::when_back`).
fn connectivity(cache: Cache) -> ReadSignal<bool> {
    let initially = window().navigator().on_line();
    let (online, set_online) = signal(initially);
    let back = cache.clone();
    api::request::when_back(move || back.retry_failed());
    let back_online = window_event_listener(leptos::ev::online, move |_| {
        set_online.set(true);
        cache.retry_failed();
        cache.refresh_on_screen(false);
    });
    let gone = window_event_listener(leptos::ev::offline, move |_| set_online.set(false));
    on_cleanup(move || {
        back_online.remove();
        gone.remove();
    });
    online
}

/// Keeps what is on screen fresh: every `secs` seconds (0: never), skipped while offline or
/// while the page is hidden, where it would only cost battery and data; and at once when the
/// window regains focus or the page becomes visible again, if what it shows is stale (a
/// tablet woken at the counter shows the current list, not the one from before lunch).
///
/// Plain listeners rather than leptos-use's `use_interval_fn`, `use_window_focus` and
/// `use_document_visibility`: three listeners and a timer are a few lines here, and the
/// crate's signals and generic options would add wasm for nothing we use.
fn auto_refresh(cache: Cache, secs: u32, online: ReadSignal<bool>) {
    let visible = || document().visibility_state() == web_sys::VisibilityState::Visible;
    let on_return = {
        let cache = cache.clone();
        move || {
            if visible() && online.get_untracked() {
                cache.refresh_on_screen(false);
            }
        }
    };
    let (again, on_focus) = (on_return.clone(), on_return);
    let focus = window_event_listener(leptos::ev::focus, move |_| on_focus());
    // `visibilitychange` fires at the document and bubbles to the window.
    let shown = window_event_listener(leptos::ev::visibilitychange, move |_| again());
    on_cleanup(move || {
        focus.remove();
        shown.remove();
    });
    // Eviction runs on its own clock, whatever the refresh period: each minute, or each
    // gc period when that is shorter, so a record goes at most a minute late.
    let gc = cache.clone();
    let sweep_secs = cache.config().gc_secs.clamp(1, 60);
    if let Ok(handle) = set_interval_with_handle(
        move || gc.collect_garbage(),
        std::time::Duration::from_secs(u64::from(sweep_secs)),
    ) {
        on_cleanup(move || handle.clear());
    }
    if secs == 0 {
        return;
    }
    let tick = move || {
        if visible() && online.get_untracked() {
            cache.refresh_on_screen(true);
        }
    };
    if let Ok(handle) =
        set_interval_with_handle(tick, std::time::Duration::from_secs(u64::from(secs)))
    {
        on_cleanup(move || handle.clear());
    }
}

/// How long after the page's `load` event the service worker is registered (see
/// [`offline_shell`]).
const SHELL_PAUSE_MS: u32 = 2_000;

/// Registers the service worker that keeps the app shell for starts without a network, when
/// the page names one (`service-worker` setting; our own index.html does). Never when
/// embedded: the host page owns its origin and its workers, and names none.
///
/// Not at start: a first visit's install fetches the whole shell again (index, JS, CSS, the
/// 240 KB wasm) and starts a worker, which on a two-core machine ran beside the first list's
/// decode and render (benchmark pairs at 10 000 bookings: first row 420 and 424 ms with it,
/// 381 and 375 ms with no worker at all). So it waits for the page's `load` (which the
/// list's request does not hold up: only the page's own files, without which the app would
/// not run), [`SHELL_PAUSE_MS`] more and a pause in typing (`api::busy`). The shell is kept
/// from the first visit all the same, a few seconds later.
fn offline_shell(config: &Config) {
    let Some(script) = config.service_worker.as_deref() else {
        return;
    };
    // Embedded, the host page owns its origin and its workers. The app's own page under a
    // sub-path (`PUBLIC_URL=/kennel/`) is standalone too, and its worker's scope is that path.
    if !config.standalone {
        return;
    }
    // The worker must not cache API answers (the data layer owns them): it is told where
    // they live.
    let url = format!("{script}?api={}", config::encode_segment(&config.api_base));
    leptos::task::spawn_local(async move {
        page_loaded().await;
        gloo_timers::future::TimeoutFuture::new(SHELL_PAUSE_MS).await;
        api::busy::idle().await;
        let Some(workers) = service_workers() else {
            return;
        };
        let registered = workers.register(&url);
        if let Err(e) = wasm_bindgen_futures::JsFuture::from(registered).await {
            leptos::logging::warn!("Kennel Desk: no offline start, service worker refused: {e:?}");
        }
    });
}

/// The page's `navigator.serviceWorker`, or `None`: absent outside secure contexts (plain
/// http on a LAN address), and a getter that throws a SecurityError in a sandboxed iframe
/// without allow-same-origin (an opaque origin). Read through `Reflect::get`, which returns
/// the throw as an `Err`: web-sys's getter would let it escape through the wasm, uncaught.
fn service_workers() -> Option<web_sys::ServiceWorkerContainer> {
    use wasm_bindgen::JsCast;
    let navigator = window().navigator();
    js_sys::Reflect::get(&navigator, &"serviceWorker".into())
        .ok()?
        .dyn_into::<web_sys::ServiceWorkerContainer>()
        .ok()
}

/// Resolves once the window's `load` event has fired (at once when it has already).
async fn page_loaded() {
    if document().ready_state() == "complete" {
        return;
    }
    // The promise's own resolve function is the listener: no Rust closure to keep alive.
    let loaded = js_sys::Promise::new(&mut |resolve, _| {
        let _ = window().add_event_listener_with_callback("load", &resolve);
    });
    let _ = wasm_bindgen_futures::JsFuture::from(loaded).await;
}

/// Mounts the app into `target` (the `#kennel-desk` element, or `<body>`).
#[cfg(target_arch = "wasm32")]
pub fn mount(target: web_sys::HtmlElement, config: Config) {
    // The app lives as long as the page; its handle is never dropped.
    leptos::mount::mount_to(target, move || view! { <App config/> }).forget();
}

//! Kennel Desk: the staff front end of the kennel booking service.
//!
//! `App` holds the router and the layout and provides the cache. Data flows page -> cache
//! (`api::cache`) -> request helper (`api::request`) -> JSON -> `model` -> signals -> view.

pub mod api;
pub mod components;
pub mod config;
pub mod model;
pub mod pages;

use api::Cache;
use config::Config;
use leptos::prelude::*;
use leptos_router::components::{Route, Router, Routes, A};
use leptos_router::path;
use pages::{
    AnimalPage, BoardPage, BookingPage, BookingsPage, InvoicePage, InvoicesPage, NotFoundPage,
    WallPage,
};

/// The whole app. Everything it renders sits inside one `.kd` element, and every style rule
/// is scoped under that class, so a host page and the app do not restyle each other.
#[component]
pub fn App(config: Config) -> impl IntoView {
    let cache = Cache::new(config.clone());
    provide_context(cache.clone());
    let online = connectivity(cache.clone());
    auto_refresh(cache, config.refresh_secs, online);
    let base = config.route_base.clone();
    view! {
        <div class="kd">
            <Router base=base>
                <Chrome>
                    <header class="kd-header">
                        <span class="kd-brand">"Kennel Desk"</span>
                        <nav class="kd-nav" aria-label="Main">
                            <A href="/" exact=true>"Today"</A>
                            <A href="/board">"Board"</A>
                            <A href="/bookings">"Bookings"</A>
                            <A href="/invoices">"Invoices"</A>
                        </nav>
                    </header>
                </Chrome>
                <OfflineBanner online/>
                <main class="kd-main">
                    <Routes fallback=NotFoundPage>
                        <Route path=path!("/") view=BoardPage/>
                        <Route path=path!("/board") view=BoardPage/>
                        <Route path=path!("/wall") view=WallPage/>
                        <Route path=path!("/bookings") view=BookingsPage/>
                        <Route path=path!("/bookings/:id") view=BookingPage/>
                        <Route path=path!("/invoices") view=InvoicesPage/>
                        <Route path=path!("/invoices/:id") view=InvoicePage/>
                        <Route path=path!("/animals/:id") view=AnimalPage/>
                    </Routes>
                </main>
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

/// Tells staff when the tablet has lost the network, and what they are looking at.
#[component]
fn OfflineBanner(online: ReadSignal<bool>) -> impl IntoView {
    move || {
        (!online.get()).then(|| {
            view! {
                <p class="kd-notice kd-notice--offline" role="status">
                    "Offline. Showing the last loaded data; it refreshes when the connection returns."
                </p>
            }
        })
    }
}

/// Tracks `navigator.onLine`; when the network returns, everything that failed is asked for
/// again, so staff do not have to find and press each Retry.
fn connectivity(cache: Cache) -> ReadSignal<bool> {
    let initially = window().navigator().on_line();
    let (online, set_online) = signal(initially);
    let back_online = window_event_listener(leptos::ev::online, move |_| {
        set_online.set(true);
        cache.retry_failed();
        cache.refresh_lists();
    });
    let gone = window_event_listener(leptos::ev::offline, move |_| set_online.set(false));
    on_cleanup(move || {
        back_online.remove();
        gone.remove();
    });
    online
}

/// Refreshes the lists on screen every `secs` seconds (0: never), skipped while offline or
/// while the page is hidden, where it would only cost battery and data.
fn auto_refresh(cache: Cache, secs: u32, online: ReadSignal<bool>) {
    if secs == 0 {
        return;
    }
    let tick = move || {
        let visible = document().visibility_state() == web_sys::VisibilityState::Visible;
        if visible && online.get_untracked() {
            cache.refresh_lists();
        }
    };
    if let Ok(handle) =
        set_interval_with_handle(tick, std::time::Duration::from_secs(u64::from(secs)))
    {
        on_cleanup(move || handle.clear());
    }
}

/// Mounts the app into `target` (the `#kennel-desk` element, or `<body>`).
#[cfg(target_arch = "wasm32")]
pub fn mount(target: web_sys::HtmlElement, config: Config) {
    // The app lives as long as the page; its handle is never dropped.
    leptos::mount::mount_to(target, move || view! { <App config/> }).forget();
}

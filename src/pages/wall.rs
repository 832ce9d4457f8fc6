//! `/wall` (`#/wall` embedded): the day board alone, for a screen on the wall. Large type, a
//! clock, when it was last updated; it refreshes itself and, while the service is away, keeps
//! the last board on screen marked stale. A board taller than the screen pages through by
//! itself, since nobody scrolls a wall: the header stays, the lanes' titles stay at the top of
//! their columns, and the page says which screenful it shows.

use super::board::{day_label, use_clock, DayBoard};
use crate::api::cache::use_cache;
use crate::i18n::t;
use crate::model::board::wall_paging;
use leptos::prelude::*;
use leptos_router::hooks::use_query_map;
use std::cell::Cell;
use std::time::Duration;

/// The wall refreshes itself this often, whatever the app's refresh setting.
const WALL_REFRESH_SECS: u32 = 10;
/// Seconds each screenful stays before the next (`/wall?every=30` sets another, 3 to 600):
/// long enough to read a card's care note from across the room.
const WALL_PAGE_SECS: u32 = 15;
/// A scroll by hand (a finger, the wheel, the keys) holds the wall's paging this long: someone
/// is reading it.
const WALL_HOLD_MS: f64 = 60_000.0;

#[component]
pub fn WallPage() -> impl IntoView {
    let clock = use_clock();
    let today = Memo::new(move |_| clock.get().0);
    let cache = use_cache();
    let bookings = cache.bookings();
    let invoices = cache.invoices();
    let t = t();

    // One clock a second: it refreshes the lists every WALL_REFRESH_SECS, keeps "Page 1 of 3"
    // true as the board loads, changes or the window resizes, and turns the page every
    // `every` seconds. The lanes scroll in a box of their own below the header.
    let lanes_box = NodeRef::<leptos::html::Div>::new();
    // "Page 1 of 3", empty while the board fits (a String signal: the app has that type's
    // code already, a new signal type costs wasm).
    let page_line = RwSignal::new(String::new());
    let every = use_query_map().with_untracked(|q| {
        q.get("every")
            .and_then(|s| s.trim().parse::<u32>().ok())
            .map_or(WALL_PAGE_SECS, |s| s.clamp(3, 600))
    });
    // A reader scrolled by hand when the box is not where the wall last saw it and not on the
    // way of the wall's own turn: a smooth scroll takes a moment, so a turn is under way while
    // the box is between where it was and where it goes, until it arrives (3 s at most).
    // Plain cells the clock's closure owns.
    let held_at = Cell::new(f64::NEG_INFINITY);
    let turn = Cell::new(None::<(i32, i32, f64)>); // from, to, until when
    let seen_top = Cell::new(0);
    let ticks = Cell::new(0u32);
    let (b, i) = (bookings.clone(), invoices.clone());
    if let Ok(handle) = set_interval_with_handle(
        move || {
            let tick = ticks.get().wrapping_add(1);
            ticks.set(tick);
            if tick.is_multiple_of(WALL_REFRESH_SECS) {
                b.refresh();
                i.refresh();
            }
            let Some(el) = lanes_box.get_untracked() else {
                return;
            };
            let top = el.scroll_top();
            let paging = wall_paging(top, el.client_height(), el.scroll_height());
            let line = paging.map_or_else(String::new, |p| (t.wall_page)(p.page, p.pages));
            if page_line.with_untracked(|l| *l != line) {
                page_line.set(line);
            }
            let now = js_sys::Date::now();
            let turning = turn.get().is_some_and(|(from, to, until)| {
                now < until && top >= from.min(to) && top <= from.max(to)
            });
            if top != seen_top.get() && !turning {
                held_at.set(now);
            }
            if !turning || turn.get().is_some_and(|(_, to, _)| to == top) {
                turn.set(None);
            }
            seen_top.set(top);
            if !tick.is_multiple_of(every) || now - held_at.get() < WALL_HOLD_MS {
                return;
            }
            if let Some(p) = paging {
                turn.set(Some((top, p.next, now + 3_000.0)));
                // Smooth where the reader allows motion (style/main.css), at once otherwise.
                el.set_scroll_top(p.next);
            }
        },
        Duration::from_secs(1),
    ) {
        on_cleanup(move || handle.clear());
    }

    let time = move || {
        let (_, m) = clock.get();
        crate::format::time_of_day(u32::from(m / 60), u32::from(m % 60))
    };
    // "Updated 09:04 · Page 1 of 3": one line, one text.
    let updated = {
        let b = bookings.clone();
        move || {
            b.loaded_at.get().map(|ms| {
                let mut line = (t.updated)(&crate::format::time_of(ms));
                page_line.with(|page| {
                    if !page.is_empty() {
                        line.push_str(" · ");
                        line.push_str(page);
                    }
                });
                line
            })
        }
    };
    let stale = {
        let b = bookings.clone();
        move || {
            (b.error.get().is_some() && b.data.with(Option::is_some)).then(|| {
                view! {
                    <p class="kd-wall__stale" role="status">
                        {t.wall_stale}
                    </p>
                }
            })
        }
    };
    let body = {
        let b = bookings.clone();
        move || match b.data.get() {
            Some(list) => view! {
                <DayBoard
                    list
                    invoices=invoices.clone()
                    day=today
                    clock
                    locations=false
                    run_cards=false
                />
            }
            .into_any(),
            None => match b.error.get() {
                Some(e) => {
                    view! { <p class="kd-wall__stale" role="status">{e.to_string()}</p> }.into_any()
                }
                None => view! { <p class="kd-wall__loading">{t.loading_board}</p> }.into_any(),
            },
        }
    };
    view! {
        <section class="kd-wall" class:kd-wall--stale=move || bookings.error.get().is_some()>
            <header class="kd-wall__head">
                <h1 class="kd-wall__title">{move || day_label(today.get())}</h1>
                <span class="kd-wall__clock">{time}</span>
                <span class="kd-wall__updated">{updated}</span>
            </header>
            {stale}
            <div class="kd-wall__lanes" node_ref=lanes_box>
                {body}
            </div>
        </section>
    }
}

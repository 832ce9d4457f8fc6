//! `/wall` (`#/wall` embedded): the day board alone, for a screen on the wall. Large type, a
//! clock, when it was last updated; it refreshes itself and, while the service is away, keeps
//! the last board on screen marked stale. A board taller than the screen pages through by
//! itself, since nobody scrolls a wall: the header stays, the lanes' titles stay at the top of
//! their columns, and the page says which screenful it shows.

use super::board::{day_label, DayBoard};
use crate::api::cache::use_cache;
use crate::clock::use_clock;
use crate::i18n::t;
use crate::model::board::wall_paging;
use leptos::prelude::*;
use leptos_router::hooks::use_query_map;
use std::cell::Cell;
use std::time::Duration;

/// The wall refreshes itself this often, whatever the app's refresh setting.
const WALL_REFRESH_SECS: u32 = 10;
/// Seconds each screenful stays before the next: long enough to read a card's care note from
/// across the room (`/wall?every=30` sets another, 3 to 600; 0 switches the paging off).
const WALL_PAGE_SECS: u32 = 15;
/// Someone reading the wall (below) holds its paging this long.
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
    // Paused by its button (WCAG 2.2.2: content that moves by itself can be stopped): a
    // wall in a hallway has nobody at it, but the same page opened at a desk does.
    let paused = RwSignal::new(false);
    // `?every=0` switches the paging off.
    let every = use_query_map().with_untracked(|q| {
        q.get("every")
            .and_then(|s| s.trim().parse::<u32>().ok())
            .map_or(WALL_PAGE_SECS, |s| if s == 0 { 0 } else { s.clamp(3, 600) })
    });
    // Someone is reading the wall (the paging holds for WALL_HOLD_MS) when they scroll it by
    // hand: the box is not where the wall last saw it, its size did not change (a refresh, a
    // resize), and it is not on the way of the wall's own turn (a smooth scroll takes a
    // moment: a turn is under way while the box is between where it was and where it goes,
    // 3 s at most; one that has not arrived by then was stopped by a reader). Also while focus
    // is in the lanes (a keyboard, a tapped link) and when a care note opens or closes.
    // Plain cells the clock's closure owns.
    let held_at = Cell::new(f64::NEG_INFINITY);
    let turn = Cell::new(None::<(i32, i32, f64)>); // from, to, until when
    let seen = Cell::new((0, 0, 0, false)); // top, height, board height, a care note open
    let ticks = Cell::new(0u32);
    let waited = Cell::new(0u32); // seconds since paging began or the last turn
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
            let (top, view, full) = (el.scroll_top(), el.client_height(), el.scroll_height());
            let paging = wall_paging(top, view, full);
            let line = paging.map_or_else(String::new, |p| (t.wall_page)(p.page, p.pages));
            if page_line.with_untracked(|l| *l != line) {
                page_line.set(line);
            }
            let now = js_sys::Date::now();
            let notes = el.query_selector("details[open]").ok().flatten().is_some();
            let (seen_top, seen_view, seen_full, seen_notes) = seen.get();
            seen.set((top, view, full, notes));
            let turning = turn.get().is_some_and(|(from, to, until)| {
                now < until && top >= from.min(to) && top <= from.max(to)
            });
            let stopped = turn
                .get()
                .is_some_and(|(_, to, until)| now >= until && top != to);
            let scrolled = top != seen_top && !turning && (view, full) == (seen_view, seen_full);
            let focused = leptos::prelude::document()
                .active_element()
                .is_some_and(|a| el.contains(Some(&a)));
            if stopped || scrolled || focused || notes != seen_notes {
                held_at.set(now);
            }
            if !turning || turn.get().is_some_and(|(_, to, _)| to == top) {
                turn.set(None);
            }
            // Paused, a turn waits a whole `every` after the wall is resumed.
            let Some(p) = paging.filter(|_| every > 0 && !paused.get_untracked()) else {
                waited.set(0);
                return;
            };
            waited.set(waited.get() + 1);
            if waited.get() < every || now - held_at.get() < WALL_HOLD_MS {
                return;
            }
            waited.set(0);
            turn.set(Some((top, p.next, now + 3_000.0)));
            // Smooth where the reader allows motion (style/main.css), at once otherwise.
            el.set_scroll_top(p.next);
        },
        Duration::from_secs(1),
    ) {
        on_cleanup(move || handle.clear());
    }

    let time = move || {
        let (_, m) = clock.get();
        crate::format::time_of_day(u32::from(m / 60), u32::from(m % 60))
    };
    // "Updated 09:04 · Page 1 of 3": one line, one text. An `AnyView` of it, not the `String`:
    // the app's other optional reactive views are `Option<AnyView>`, and this was the one
    // reactive `Option<String>`, whose render effect was its own code (1.7 KB raw of wasm).
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
                line.into_any()
            })
        }
    };
    // Only while there is paging to stop: the board is taller than the screen and paging is
    // on. (Re-run at each turn, it updates the button in place: the focus stays on it.)
    let pause = move || {
        // An `AnyView` when shown, as the board card's flags (components/board_card.rs).
        (every > 0 && page_line.with(|l| !l.is_empty())).then(|| {
            view! {
                <button type="button" class="kd-button kd-button--quiet kd-wall__pause"
                    on:click=move |_| paused.update(|p| *p = !*p)>
                    // A `String`, as every reactive text (components/sort_header.rs, `mark`).
                    {move || String::from(if paused.get() { t.wall_resume } else { t.wall_pause })}
                </button>
            }
            .into_any()
        })
    };
    let stale = {
        let b = bookings.clone();
        move || {
            // An `AnyView` when shown, as the board card's flags (components/board_card.rs).
            (b.error.get().is_some() && b.data.with(Option::is_some)).then(|| {
                view! {
                    <p class="kd-wall__stale" role="status">
                        {t.wall_stale}
                    </p>
                }
                .into_any()
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
        // The class from a `String`, not a `class:` toggle, as the board's (pages/board.rs).
        <section class=move || {
            String::from(if bookings.error.get().is_some() { "kd-wall kd-wall--stale" } else { "kd-wall" })
        }>
            <header class="kd-wall__head">
                <h1 class="kd-wall__title">{move || day_label(today.get())}</h1>
                <span class="kd-wall__clock">{time}</span>
                <span class="kd-wall__updated">{updated}</span>
                {pause}
            </header>
            {stale}
            <div class="kd-wall__lanes" node_ref=lanes_box>
                {body}
            </div>
        </section>
    }
}

//! The day board (`/`, `/board?date=YYYY-MM-DD`, `/board?view=locations`): who arrives, who
//! is in the house, who goes home, for any day. The wall (`/wall`, wall.rs) shows it too.

use crate::api::cache::use_cache;
use crate::api::Query;
use crate::clock::use_clock;
use crate::components::board_card::{BoardCard, RunCard};
use crate::components::query_view::Role;
use crate::components::window::keyed_table_rows;
use crate::components::CollectAny;
use crate::components::{query_view_and, EmptyState, RejectedNotice};
use crate::i18n::t;
use crate::model::board::{
    board, by_location, ends_today_in_house, late_pickup, owed_text, unplaceable, Day, Lane,
    OpenInvoices,
};
use crate::model::rows::RowKey;
use crate::model::{Booking, Invoice, List};
use leptos::prelude::*;
use leptos_router::hooks::query_signal_with_options;
use leptos_router::NavigateOptions;
use rustc_hash::FxHashMap;
use std::sync::Arc;
use wasm_bindgen::JsCast;

/// Changes of the date field less than this far apart are one date being typed (ms).
const TYPING_RUN_MS: f64 = 2_000.0;

/// "Sunday, November 22, 2026", "Sonntag, 22. November 2026": the day in the app's locale.
pub fn day_label(day: Day) -> String {
    crate::format::day(day, crate::format::DateStyle::Full)
}

fn nav_options() -> NavigateOptions {
    NavigateOptions {
        scroll: false,
        ..Default::default()
    }
}

/// `/` and `/board`.
#[component]
pub fn BoardPage() -> impl IntoView {
    let (date_param, set_date) = query_signal_with_options::<String>("date", nav_options());
    let (view_param, set_view) = query_signal_with_options::<String>("view", nav_options());
    let (_, replace_date) = query_signal_with_options::<String>(
        "date",
        NavigateOptions {
            replace: true,
            ..nav_options()
        },
    );
    // The date field's last change, and whether its run of changes has shown a board yet.
    let typing = StoredValue::new((f64::NEG_INFINITY, false));
    let clock = use_clock();
    let today = Memo::new(move |_| clock.get().0);
    let day = Memo::new(move |_| {
        date_param
            .get()
            .as_deref()
            .and_then(Day::parse)
            .unwrap_or_else(|| today.get())
    });
    let locations = Memo::new(move |_| view_param.get().as_deref() == Some("locations"));
    // In the address, as the view is: a reload, a bookmark or Back keeps the run cards.
    let (cards_param, set_cards) = query_signal_with_options::<String>("cards", nav_options());
    let run_cards = Memo::new(move |_| cards_param.get().is_some());
    // The date field shows the board's day, but is not written while a date is being typed
    // into it: the router moves to a typed month or day a frame later (later still on a busy
    // tablet), and a write then resets the part being typed. Writing the day made the year's
    // next digits 0027, not 2027; writing the value the field had lost a day's first digit
    // typed before the month's board came (a day part of "0" leaves the value empty, and an
    // empty value clears every part). So no write while the run lasts and the field has
    // focus. Leaving the field shows the board's day again (a year left half typed, a Back
    // pressed meanwhile); Previous, Today and Next end the run, so the field follows them.
    // Called where the day's label is made, which follows the day (an effect of its own with
    // a node ref cost 2.5 KB of wasm); the field's `value` attribute gives the first day,
    // before the field exists.
    let show_day = move |day: String| {
        let field = document().query_selector(".kd-board input[name=date]");
        let Some(field) = field
            .ok()
            .flatten()
            .map(JsCast::unchecked_into::<web_sys::HtmlInputElement>)
        else {
            return;
        };
        let run = js_sys::Date::now() - typing.get_value().0 < TYPING_RUN_MS;
        if !(run && field.matches(":focus").unwrap_or(false)) {
            set_field_day(&field, &day);
        }
    };
    let go = move |d: Day| {
        // A button's board is an entry of its own: the field's next change pushes too.
        typing.set_value((f64::NEG_INFINITY, false));
        // Today is the absence of a date: such a board follows the clock past midnight.
        set_date.set((d != today.get_untracked()).then(|| d.to_string()));
    };
    // Previous and Next: nothing past the calendar's ends.
    let step = move |n: i32| {
        if let Some(d) = day.get_untracked().step(n) {
            go(d);
        }
    };
    let cache = use_cache();
    let bookings = cache.bookings();
    let invoices = cache.invoices();
    // The owes flags come from the invoices: kept fresh with the bookings (the interval, the
    // window's focus, the network's return), and a failure said, not a board without flags.
    invoices.watch();
    // By its words: a refresh failing again the same way neither rebuilds the notice (which
    // would take a keyboard's focus off its Retry) nor has a screen reader say it again.
    let owes_error = {
        let invoices = invoices.clone();
        Memo::new(move |_| invoices.error.with(|e| e.as_ref().map(ToString::to_string)))
    };
    let owes_words = {
        let invoices = invoices.clone();
        move |error: &str| {
            // Flags shown from invoices loaded before (this visit or a stored copy) are as of
            // their time, not missing: "could not be loaded" beside them read as a contradiction.
            let shown_at = invoices
                .data
                .with(Option::is_some)
                .then(|| invoices.loaded_at.get().map(crate::format::time_of))
                .flatten();
            match shown_at {
                Some(at) => (t().owes_as_of)(error, &at),
                None => (t().owes_unknown)(error),
            }
        }
    };
    // Both lists failing alike (offline) stacked two notices with the same error and a Retry
    // each, under the offline banner: the owes line's words, without the error, then end the
    // board's own notice, whose Retry asks for the invoices too. A memo: the owes line is
    // rebuilt only when this changes, as with its words (above).
    let folded = {
        let bookings = bookings.clone();
        Memo::new(move |_| {
            bookings.data.with(Option::is_some)
                && owes_error.with(|owes| {
                    let failed = bookings.error.with(|e| e.as_ref().map(ToString::to_string));
                    owes.is_some() && *owes == failed
                })
        })
    };
    let owes_note = {
        let owes_words = owes_words.clone();
        Signal::derive(move || folded.get().then(|| owes_words("").trim_end().to_string()))
    };
    // Its Retry says "Retrying…" while the request runs and ignores presses then, as a
    // failed refresh's does: on a slow network a press showed nothing until the answer.
    let owes_unknown = {
        let invoices = invoices.clone();
        move || {
            let error = owes_error.get().filter(|_| !folded.get())?;
            let words = owes_words(&error);
            // `refresh` itself ignores a press while a request runs.
            let retry = invoices.clone();
            let (disabled, label) = (invoices.loading.clone(), invoices.loading.clone());
            // An `AnyView` when shown, as the board card's flags (components/board_card.rs).
            Some(view! {
                <div class="kd-notice kd-notice--warn kd-owes-unknown" role="alert">
                    <span>{words}</span>
                    <button type="button" class="kd-button kd-button--quiet"
                        aria-disabled=move || disabled.get().then_some("true")
                        on:click=move |_| retry.refresh()>
                        // A `String`, as every reactive text (components/sort_header.rs, `mark`).
                        {move || String::from(if label.get() { t().retrying } else { t().retry })}
                    </button>
                </div>
            }.into_any())
        }
    };
    let refresh_invoices = {
        let invoices = invoices.clone();
        Callback::new(move |_| invoices.refresh())
    };
    let t = t();
    let standalone = cache.config().standalone;
    // The heading's first word: "Today" for today's board, "Board" for another day's.
    let what = move || {
        if day.get() == today.get() {
            t.today
        } else {
            t.board
        }
    };
    // The whole class from a `String` rather than a `class:` toggle: the app's other reactive
    // attributes are `String`s, and a reactive class toggle linked its own render effect (with
    // the lanes' and the wall's: 1.4 KB raw of wasm, 0.3 KB brotli). Nothing else sets these
    // elements' classes, so the class attribute is the same.
    view! {
        <section
            class=move || {
                String::from(if run_cards.get() {
                    "kd-page kd-board kd-board--runcards"
                } else {
                    "kd-page kd-board"
                })
            }
            aria-labelledby="kd-board-title"
        >
            <header class="kd-page__head kd-board__head">
                // The hidden ": " keeps the words apart in the heading's text (the tab's
                // title, an accessible name), where the date's own line does not: a space
                // alone read "Today Monday, December 7".
                <h1 id="kd-board-title">
                    // A `String`, as every reactive text (components/sort_header.rs, `mark`).
                    {move || String::from(what())}<span class="kd-visually-hidden">": "</span>
                    <span class="kd-board__date">
                        {move || {
                            // The tab's title follows the day shown: Previous / Next change
                            // only the query, which `a11y::follow_navigation` leaves alone,
                            // and a board without a date moves on at midnight. Set here, where
                            // the day's label is made: an effect of its own cost 0.7 KB of wasm.
                            let day = day.get();
                            show_day(day.to_string());
                            let label = day_label(day);
                            if standalone {
                                crate::a11y::set_title(&format!("{}: {label}", what()));
                            }
                            label
                        }}
                    </span>
                </h1>
            </header>
            <div class="kd-toolbar kd-board__nav">
                <div class="kd-daynav" role="group" aria-label=t.day>
                    // At the calendar's ends (0001-01-01, 9999-12-31) the step past it is
                    // off: `aria-disabled`, not `disabled`, so a keyboard's focus stays on the
                    // button pressed up to the end.
                    <button
                        type="button"
                        class="kd-button"
                        aria-disabled=move || (day.get() == Day::FIRST).then_some("true")
                        on:click=move |_| step(-1)
                    >
                        {t.previous_day}
                    </button>
                    <button
                        type="button"
                        class="kd-button"
                        aria-pressed=move || (day.get() == today.get()).to_string()
                        on:click=move |_| go(today.get_untracked())
                    >
                        {t.today}
                    </button>
                    <button
                        type="button"
                        class="kd-button"
                        aria-disabled=move || (day.get() == Day::LAST).then_some("true")
                        on:click=move |_| step(1)
                    >
                        {t.next_day}
                    </button>
                    <label class="kd-filter">
                        <span class="kd-visually-hidden">{t.date}</span>
                        <input
                            type="date"
                            name="date"
                            value=day.get_untracked().to_string()
                            // `try_`: Chromium fires `blur` as a focused field is removed,
                            // which may be after the page's values are gone (leptos#4457).
                            on:blur=move |ev| {
                                if let Some(day) = day.try_get_untracked() {
                                    let field = event_target::<web_sys::HtmlInputElement>(&ev);
                                    set_field_day(&field, &day.to_string());
                                }
                            }
                            on:change=move |ev| {
                                // A date typed into the field is one history entry: its month,
                                // day and year each end a complete date, so within a run of
                                // changes each less than 2 s apart, the first board shown is
                                // pushed and the rest replace it. A year typed digit by digit
                                // passes 0002, 0020 and 0202, which are no boards to show.
                                let typed = event_target_value(&ev);
                                let now = js_sys::Date::now();
                                let (last, shown) = typing.get_value();
                                let shown = shown && now - last < TYPING_RUN_MS;
                                let day = Day::parse(&typed).filter(|_| !typed.starts_with('0'));
                                typing.set_value((now, shown || day.is_some()));
                                if let Some(d) = day {
                                    let set = if shown { replace_date } else { set_date };
                                    set.set((d != today.get_untracked()).then(|| d.to_string()));
                                }
                            }
                        />
                    </label>
                </div>
                <div class="kd-daynav" role="group" aria-label=t.view>
                    <button
                        type="button"
                        class="kd-button"
                        aria-pressed=move || (!locations.get()).to_string()
                        on:click=move |_| set_view.set(None)
                    >
                        {t.lanes}
                    </button>
                    <button
                        type="button"
                        class="kd-button"
                        aria-pressed=move || locations.get().to_string()
                        on:click=move |_| set_view.set(Some("locations".into()))
                    >
                        {t.locations}
                    </button>
                </div>
                // Run cards add a section above the board (what Print then prints); in the
                // view's group they read as a third view beside Lanes and Locations.
                <div class="kd-daynav" role="group" aria-label=t.paper>
                    <button
                        type="button"
                        class="kd-button kd-runcards-toggle"
                        aria-pressed=move || run_cards.get().to_string()
                        on:click=move |_| {
                            set_cards.set((!run_cards.get_untracked()).then(|| "1".into()))
                        }
                    >
                        {t.run_cards}
                    </button>
                    <button type="button" class="kd-button" on:click=move |_| print_page()>
                        {t.print}
                    </button>
                </div>
            </div>
            // A hand-edited or old link's date that is no day: said, not a silent today.
            // Always there, empty (no height) otherwise: a live region inserted with its words
            // is not read out, as after Back to such a board.
            <p class="kd-notice kd-notice--warn kd-date-unread" role="status">
                {move || date_param.with(|d| match d.as_deref() {
                    Some(d) if !d.is_empty() && Day::parse(d).is_none() => (t.date_unread)(d),
                    _ => String::new(),
                })}
            </p>
            {owes_unknown}
            {query_view_and(bookings, Some(refresh_invoices), Some(owes_note), Role::Main, t.loading_bookings, None, move |list| {
                view! {
                    <DayBoard
                        list
                        invoices=invoices.clone()
                        day
                        clock
                        locations
                        run_cards
                    />
                }
            })}
        </section>
    }
}

/// Writes `day` into the board's date field unless the field shows it already: a write,
/// even of the same value, resets a part of the date being typed.
fn set_field_day(field: &web_sys::HtmlInputElement, day: &str) {
    if field.value() != day {
        field.set_value(day);
    }
}

fn print_page() {
    if let Some(w) = web_sys::window() {
        let _ = w.print();
    }
}

/// The key of the stay at `i` in the list: its place, as the lanes keep their cards by.
fn place_key(i: usize) -> RowKey {
    RowKey {
        id: String::new(),
        nth: 0,
        content: 0,
        era: i,
    }
}

/// The board of one day, from the booking list (and the invoices for the owes flag).
#[component]
pub(super) fn DayBoard(
    list: Arc<List<Booking>>,
    invoices: Query<List<Invoice>>,
    // A memo, as both callers have: a `Signal<Day>` linked that type's read code (820 B).
    day: Memo<Day>,
    clock: ReadSignal<(Day, u16)>,
    #[prop(into)] locations: Signal<bool>,
    #[prop(into)] run_cards: Signal<bool>,
) -> impl IntoView {
    let lanes = {
        let list = list.clone();
        Memo::new(move |_| board(&list.items, day.get(), clock.get().0))
    };
    let owed = owed_map(list.clone(), invoices, lanes);
    let rejected = list.rejected.clone();
    let t = t();
    // Once per answer: it depends on no day.
    let unplaced = match unplaceable(&list.items) {
        0 => None,
        n => Some(
            view! { <p class="kd-notice kd-notice--warn kd-unplaced">{(t.unplaceable_bookings)(n)}</p> },
        ),
    };
    let card = {
        let list = list.clone();
        move |i: usize, double_booked: bool| {
            let b = list.items[i].clone();
            let id = b.id.clone();
            let (late_b, ends_b) = (b.clone(), b.clone());
            let owed = Signal::derive(move || owed.with(|m| m.get(&id).cloned()));
            let late = Signal::derive(move || {
                let (today, minutes) = clock.get();
                late_pickup(&late_b, day.get(), today, minutes)
            });
            let ends_today =
                Signal::derive(move || ends_today_in_house(&ends_b, day.get(), clock.get().0));
            view! { <BoardCard booking=b owed late ends_today double_booked day/> }
        }
    };
    let lanes_view = {
        let (card, list) = (card.clone(), list.clone());
        move || {
            // The stays that clash with another in their location, flagged in the lanes too:
            // only the location view did, and the board opens on the lanes. Tracked, so the
            // lanes are built again when the board or the day changes (a new answer builds a
            // new board anyway; a day may have another's lanes but other clashes). Keyed by
            // the flag too, or in a memo of their own, the lanes took a second copy of the
            // keyed list's or the memo's code (1.9-2.4 KB brotli of wasm).
            let clashes: Vec<usize> = lanes.with(|l| {
                let on_board: Vec<usize> = l.iter().flatten().copied().collect();
                by_location(&list.items, &on_board, day.get())
                    .into_iter()
                    .flat_map(|g| g.double_booked)
                    .collect()
            });
            let clashes = Arc::new(clashes);
            Lane::ALL
                .iter()
                .enumerate()
                .map(|(n, &lane)| {
                    let rows = Signal::derive(move || lanes.with(|l| l[n].clone()));
                    let (card, clashes) = (card.clone(), clashes.clone());
                    view! {
                        <section class=format!("kd-lane kd-lane--{}", lane.css()) aria-label=t.lane(lane)>
                            <h2 class="kd-lane__title">
                                {t.lane(lane)}
                                " "
                                // As text: a reactive number linked tachys's number-node effect for this one use.
                                <span class="kd-lane__count">{move || rows.with(Vec::len).to_string()}</span>
                            </h2>
                            // An `AnyView` when shown, as the board card's flags (components/board_card.rs).
                            {move || rows.with(Vec::is_empty).then(|| view! {
                                <p class="kd-lane__empty">{t.nobody}</p>
                            }.into_any())}
                            // Keyed by the stay's place in the list alone, through the tables' one
                            // `<For>`: a `<For>` of its own linked a second copy of the keyed
                            // list's code for this one use (7.4 KB raw of wasm, 1.2 KB brotli).
                            {keyed_table_rows(
                                Box::new(move || rows.get().into_iter().map(|i| (place_key(i), i)).collect()),
                                Arc::new(move |i| card(i, clashes.contains(&i)).into_any()),
                            )}
                        </section>
                    }
                })
                .collect_any()
        }
    };
    let locations_view = {
        let list = list.clone();
        move || {
            let on_board: Vec<usize> = lanes.with(|l| l.iter().flatten().copied().collect());
            let groups = by_location(&list.items, &on_board, day.get());
            if groups.is_empty() {
                return view! { <EmptyState message=t.nobody_this_day/> }.into_any();
            }
            groups
                .into_iter()
                .map(|g| {
                    let title = g.label.clone().unwrap_or_else(|| t.no_location.to_string());
                    let clash = !g.double_booked.is_empty();
                    let card = card.clone();
                    view! {
                        <section class="kd-location" class:kd-location--clash=clash>
                            <h2 class="kd-location__title">
                                {title}
                                " "
                                <span class="kd-lane__count">{g.stays.len()}</span>
                                {clash.then(|| view! { <span class="kd-flag kd-flag--double">{t.double_booked}</span> })}
                            </h2>
                            {g.stays.iter().map(|&i| card(i, g.double_booked.contains(&i))).collect_any()}
                        </section>
                    }
                })
                .collect_any()
                .into_any()
        }
    };
    let run_cards_view = {
        let list = list.clone();
        move || {
            // An `AnyView` when shown, as the board card's flags (components/board_card.rs).
            run_cards.get().then(|| {
                let rows = lanes.with(|l| crate::model::board::run_cards(&list.items, l));
                let count = rows.len();
                view! {
                    <section class="kd-runcards" aria-label=t.run_cards>
                        <h2 class="kd-runcards__title">{(t.run_cards_title)(count)}</h2>
                        <div class="kd-runcards__grid">
                            {rows.into_iter().map(|i| view! { <RunCard booking=list.items[i].clone() day/> }).collect_any()}
                        </div>
                    </section>
                }.into_any()
            })
        }
    };
    view! {
        <RejectedNotice rejected summary=t.rejected_bookings/>
        {unplaced}
        {run_cards_view}
        // The class from a `String`, as the board's (`BoardPage`).
        <div class=move || {
            String::from(if locations.get() { "kd-lanes kd-lanes--locations" } else { "kd-lanes" })
        }>
            {move || if locations.get() { locations_view().into_any() } else { lanes_view().into_any() }}
        </div>
    }
}

/// What each booking on the board owes (open invoices of the booking or its customer), by
/// booking id; rebuilt when the invoices or the day's board change, not per card.
fn owed_map(
    list: Arc<List<Booking>>,
    invoices: Query<List<Invoice>>,
    lanes: Memo<[Vec<usize>; 3]>,
) -> Memo<FxHashMap<String, String>> {
    Memo::new(move |_| {
        let Some(inv) = invoices.data.get() else {
            return FxHashMap::default();
        };
        let open = OpenInvoices::new(&inv.items);
        lanes.with(|l| {
            l.iter()
                .flatten()
                .filter_map(|&i| {
                    let b = &list.items[i];
                    open.due(b).map(|owed| {
                        let text = owed_text(&owed, crate::format::money, t().unreadable_amounts);
                        (b.id.clone(), text)
                    })
                })
                .collect()
        })
    })
}

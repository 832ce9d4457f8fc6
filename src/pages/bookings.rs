//! The booking list staff work from all day: search as you type (accent-insensitive, over
//! animal names too), filters, sortable columns, CSV export, all in the query string.

use super::url_text::{param, some_text, UrlText};
use crate::api::cache::use_cache;
use crate::api::names::{Entry, NameIndex};
use crate::components::download::download_text;
use crate::components::query_view::Live;
use crate::components::query_view::{Derived, Role};
use crate::components::window::start_below;
use crate::components::window::ROWS_PER_PAGE;
use crate::components::CollectAny;
use crate::components::{
    filter_class, filter_note, query_live, search_takes_keyboard_focus, BookingTable, EmptyState,
    RejectedNotice, SortControl,
};
use crate::frame::after_paint_background;
use crate::i18n::{t, Texts};
use crate::model::animal::Species;
use crate::model::board::Day;
use crate::model::export::{booking_row, file_name, to_csv};
use crate::model::listing::{
    animal_slots, booking_haystack_with, by_animal, distinct, distinct_choices, filter_order,
    refilter, scanned, sorted_head, AnimalEntry, BookingColumn, BookingFilter, Selection, Sort,
};
use crate::model::{Booking, List};
use leptos::prelude::*;
use leptos::reactive::wrappers::write::SignalSetter;
use leptos_router::hooks::use_navigate;
use leptos_router::NavigateOptions;
use std::sync::Arc;

/// `/bookings`.
#[component]
pub fn BookingsPage() -> impl IntoView {
    let t = t();
    let (live, states) = query_live(
        use_cache().bookings(),
        Role::Main,
        t.loading_bookings,
        List::default(),
    );
    view! {
        <section class="kd-page" aria-labelledby="kd-bookings-title">
            <header class="kd-page__head">
                <h1 id="kd-bookings-title">{t.nav_bookings}</h1>
            </header>
            <BookingList live states/>
        </section>
    }
}

/// Every booking's index, in the order shown.
type Order = Derived<Vec<usize>>;

/// The booking orders sorted for one answer, by sort.
#[derive(Default)]
struct KeptOrders {
    answer: Option<Arc<List<Booking>>>,
    orders: Vec<(Option<Sort<BookingColumn>>, Order)>,
}

impl KeptOrders {
    /// Drops the orders of an earlier answer (and lets go of that answer), whatever the
    /// sort: a list sorted by name keeps nothing, and must not hold the last answer either.
    fn answer(&mut self, answer: &Arc<List<Booking>>) {
        if !self.answer.as_ref().is_some_and(|a| Arc::ptr_eq(a, answer)) {
            self.answer = Some(answer.clone());
            self.orders.clear();
        }
    }

    fn get(&self, sort: Option<Sort<BookingColumn>>) -> Option<Order> {
        let kept = self.orders.iter().find(|(s, _)| *s == sort);
        kept.map(|(_, order)| order.clone())
    }

    fn keep(&mut self, sort: Option<Sort<BookingColumn>>, order: Order) {
        self.orders.push((sort, order));
    }
}

/// The animals known so far, by their place among the list's animals.
type Known = Derived<Vec<Option<Entry>>>;

/// A selection and what it was made from (see `listing::narrows`).
struct Narrowing {
    filter: BookingFilter,
    /// The order, the known animals (none unless a filter or the sort needs names) and the
    /// search texts (none without a search), each by identity, and whether sorted by name.
    inputs: (Order, Option<Known>, Option<Derived<Vec<String>>>, bool),
    selection: Selection,
}

/// Built once per mounted page, before the first answer: the search box and filters are
/// there at once, and what is typed meanwhile narrows the list when it comes. Each answer
/// of the service flows through `live.data`, so the table keeps its rows shown, scroll
/// position and focus across refreshes (issue 5). `states` (freshness, loading, error) go
/// below the controls, beside or under the count, so nothing above them moves when the list
/// arrives.
#[component]
fn BookingList(live: Live<List<Booking>>, states: AnyView) -> impl IntoView {
    let (list, loaded) = (live.data, live.loaded);
    let cache = use_cache();
    let t = t();
    let (status, set_status) = param("status");
    let (species, set_species) = param("species");
    let (group, set_group) = param("group");
    let (location, set_location) = param("location");
    let (from, set_from) = param("from");
    let (to, set_to) = param("to");
    let (sort_param, set_sort) = param("sort");

    // The box's text is local so rows narrow on every key; the URL follows after a pause.
    let search = UrlText::new("q");
    // An Enter pressed before the list came (see `on_key`); any later key cancels it.
    let enter_waiting = StoredValue::new(false);
    // Background work waits while the user types or sorts; not after the page has gone.
    on_cleanup(crate::api::busy::clear);
    let on_input = move |text: String| {
        crate::api::busy::mark();
        enter_waiting.set_value(false);
        search.input(text);
    };

    // Names: every animal the list names, the first rows' animals first, from the first
    // answer (see `NameIndex::start`), after the first rows' paint: the rows ask for their
    // own animals, and gathering every booking's animal took 10–21 ms of the task that
    // showed them at 50 000 bookings (CPU profiles, which inflate it).
    let names = NameIndex::empty();
    {
        let (names, cache) = (names.clone(), cache.clone());
        // Runs again only if `loaded` changes, which it does once; `start` starts once.
        crate::effect::effect(move || {
            if !loaded.get() {
                return;
            }
            let (names, cache) = (names.clone(), cache.clone());
            after_paint_background(move || {
                // `try_`: the page may have gone by the paint.
                let ids: Option<Vec<String>> = list.try_with_untracked(|l| {
                    distinct(l.items.iter().filter_map(|b| b.animal_id.as_deref()))
                        .into_iter()
                        .map(str::to_string)
                        .collect()
                });
                if let Some(ids) = ids {
                    names.start(cache, ids);
                }
            });
        });
    }

    // Built once per answer from the service, not once per keystroke; and not before the
    // answer's first rows are shown, which need none (at 10 000 bookings they were about
    // 35 ms of the task that shows the first row, at 50 000 about 75 ms). A memo is built
    // when first read: by the first search, or after the answer's first paint (below, at
    // background priority: the first rows' animal answers are read before it), so the first
    // key seldom waits for them.
    let haystacks = Memo::new(move |_| {
        Derived(Arc::new(list.with(|l| {
            l.items
                .iter()
                .map(|b| booking_haystack_with(b, t.booking_status(&b.status)))
                .collect::<Vec<_>>()
        })))
    });
    let filter = Memo::new(move |_| BookingFilter {
        search: search.local.get(),
        status: BookingFilter::status_param(status.get().as_deref()),
        species: species.get().unwrap_or_default(),
        group: group.get().unwrap_or_default(),
        location: location.get().unwrap_or_default(),
        from: from.get().as_deref().and_then(Day::parse_field),
        to: to.get().as_deref().and_then(Day::parse_field),
    });
    // A closure over the parameter's memo, not a memo of its own (see the invoice list's).
    let sort = move || Sort::<BookingColumn>::from_param(sort_param.get().as_deref());
    // Every booking in the order shown, sorted once per answer and sort (and per batch of
    // names when sorted by name): a keystroke only filters it. The orders of this answer are
    // kept by sort, so a click back to an order seen before (a header's second click and its
    // third) sorts nothing: at 50 000 bookings a sort is tens of ms. Not by name, whose order
    // changes as names arrive.
    let orders = StoredValue::new(KeptOrders::default());
    // The first answer's first paint needs only its first page of rows in order, and only
    // while nothing filters them: until that paint the rest stay unsorted
    // (`listing::sorted_head`), then `whole` sorts them all. At 10 000 bookings the whole
    // sort was 10–28 ms of the task that shows the first row, at 50 000 55–100 ms.
    let whole = RwSignal::new(false);
    let order = {
        let names = names.clone();
        Memo::new(move |_| {
            let sort = sort();
            let answer = list.get();
            if by_animal(sort) {
                names.version.track();
            }
            orders.update_value(|o| o.answer(&answer));
            if let Some(order) = orders.with_value(|o| o.get(sort)) {
                return order;
            }
            let head = if whole.get() || filter.with_untracked(|f| *f != BookingFilter::default()) {
                usize::MAX
            } else {
                ROWS_PER_PAGE
            };
            let order = Derived(Arc::new(names.with(|known| {
                sorted_head(&answer.items, sort, head, |id| {
                    known
                        .get(id)
                        .map(|(a, folded)| AnimalEntry { animal: a, folded })
                })
            })));
            if head < answer.items.len() {
                after_paint_background(move || {
                    whole.try_set(true);
                });
            } else if !by_animal(sort) {
                orders.update_value(|o| o.keep(sort, order.clone()));
            }
            order
        })
    };
    // Each booking's animal by number, and the animals known so far by that number: a
    // keystroke looks names up by index, not by hashing 50 000 ids.
    let slots = Memo::new(move |_| Derived(Arc::new(list.with(|l| animal_slots(&l.items)))));
    let known = {
        let names = names.clone();
        Memo::new(move |_| {
            names.version.track();
            let slots = slots.get();
            let (ids, _) = &*slots.0;
            let entries: Vec<_> =
                names.with(|known| ids.iter().map(|id| known.get(id).cloned()).collect());
            Derived(Arc::new(entries))
        })
    };
    // The search's inputs, built after the answer's first paint at background priority so
    // the first key does not build them: the search texts, and each booking's animal slot (a
    // search reads names; `slots` hashes every booking's animal id, 3-5 ms of the first key's
    // script at 10 000 bookings in CPU profiles).
    crate::effect::effect(move || {
        list.track();
        after_paint_background(move || {
            // `try_`: the page may have gone by then, and a panic would end the app.
            let _ = haystacks.try_with_untracked(|_| ());
            let _ = slots.try_get_untracked();
        });
    });
    // The last selection and what it was made from: a key that only narrows the search
    // filters the rows it left, not every booking (`listing::narrows`).
    let last = StoredValue::new(None::<Narrowing>);
    let selection = Memo::new(move |_| {
        let (f, sorted_by_animal) = (filter.get(), by_animal(sort()));
        // Only a filter or sort that needs names reads the animals, so the first screen's
        // rows wait for neither (slots hash every booking's animal id) and a batch of names
        // selects nothing again while no filter needs them.
        let names_matter = f.needs_animals() || sorted_by_animal;
        let slots = names_matter.then(|| slots.get());
        let inputs = (
            order.get(),
            names_matter.then(|| known.get()),
            f.searches().then(|| haystacks.get()),
            sorted_by_animal,
        );
        let (order, known, haystacks, sorted_by_animal) = &inputs;
        let selection = last.with_value(|last| {
            let prev = last
                .as_ref()
                .filter(|l| l.inputs == inputs)
                .map(|l| (&l.filter, &l.selection));
            refilter(prev, &f, &order.0, |rows| {
                list.with(|l| {
                    filter_order(
                        &l.items,
                        haystacks.as_ref().map_or(&[][..], |h| &h.0[..]),
                        &f,
                        rows,
                        slots.as_ref().map_or(&[][..], |s| &s.0 .1[..]),
                        *sorted_by_animal,
                        |slot| {
                            let entry = known.as_ref()?.0.get(slot)?.as_ref();
                            entry.map(|(a, folded)| AnimalEntry { animal: a, folded })
                        },
                    )
                })
            })
        });
        last.set_value(Some(Narrowing {
            filter: f,
            inputs,
            selection: selection.clone(),
        }));
        selection
    });
    let rows = Memo::new(move |_| selection.with(|s| s.rows.clone()));

    let control = SortControl {
        current: Signal::derive(sort),
        on_sort: Callback::new(move |key| {
            crate::api::busy::mark();
            set_sort.set(Some(Sort::clicked(untrack(sort), key).param()));
        }),
    };

    // Filter choices: statuses and locations from the bookings, species and groups from the
    // animals known so far (they grow as the name index fills). The locations are gathered
    // after the answer's first paint, not in the task that shows its first rows, which need
    // none: over every booking they took 6-8 ms of that task at 10 000 bookings (README,
    // Performance). Until then the select offers "Any" and a location from the URL already
    // narrows the rows.
    let choices_due = RwSignal::new(false);
    crate::effect::effect(move || {
        if loaded.get() {
            after_paint_background(move || {
                choices_due.try_set(true);
            });
        }
    });
    // As (value, label) pairs, which the `Choice` reads: a memo of pairs is linked already
    // (0.8 KB raw of wasm fewer than a memo of `String`s and a derived signal of the pairs).
    let locations = Memo::new(move |_| {
        if !choices_due.get() {
            return Vec::new();
        }
        list.with(|list| {
            distinct_choices(
                list.items
                    .iter()
                    .filter_map(|b| b.location.as_deref())
                    .collect(),
            )
        })
        .into_iter()
        .map(|s| (s.clone(), s))
        .collect::<Vec<_>>()
    });
    let animal_choices = {
        let names = names.clone();
        move |pick: fn(&crate::model::Animal) -> Option<&str>| {
            names.version.track();
            names.with(|known| {
                distinct_choices(known.values().filter_map(|(a, _)| pick(a)).collect())
            })
        }
    };
    // The spec's three species are offered from the start (a bookmark's "dog" then reads
    // "Hund" in German before any animal is in), each once however the service spells it;
    // any other species as the animals bring it. Plain closures, each read by one `Choice`'s
    // options: as `Signal<Vec<String>>`s they linked that type's code (506 B brotli).
    let species_choices = {
        let names = names.clone();
        move || {
            names.version.track();
            names.with(|known| {
                let seen = known.values().filter_map(|(a, _)| a.species.as_deref());
                let named = [Species::Dog, Species::Cat, Species::SmallAnimal].map(Species::key);
                distinct_choices(named.into_iter().chain(seen.map(Species::choice)).collect())
            })
        }
    };
    let group_choices = move || animal_choices(|a| a.group.as_deref());
    let statuses = [
        ("arriving", t.arriving_today),
        ("in-house", t.in_the_house),
        ("pickup", t.going_home),
        ("other", t.other_status),
        ("missing", t.no_status),
        ("ended", t.ended_status),
    ]
    .map(|(key, label)| (key.to_string(), label.to_string()))
    .to_vec();

    // Enter opens the one match, or the one row whose id is the text: a barcode scanner types
    // the id and presses Enter. An Enter before the list has come is kept for it, until the
    // text changes.
    let navigate = use_navigate();
    let open_only_match = move || {
        let text = filter.with_untracked(|f| f.search.clone());
        let id = rows.with_untracked(|r| {
            list.with_untracked(|l| {
                scanned(r, &l.items, &text).and_then(|i| l.items.get(i).map(|b| b.id.clone()))
            })
        });
        if let Some(id) = &id {
            // The scanned text into this entry first, as a link's click does (`UrlText`).
            search.flush();
            let path = format!("/bookings/{}", crate::config::encode_segment(id));
            navigate(&path, NavigateOptions::default());
        }
        id.is_some()
    };
    let on_key = {
        let open_only_match = open_only_match.clone();
        move |ev: leptos::ev::KeyboardEvent| {
            if ev.key() != "Enter" {
                return;
            }
            if !loaded.get_untracked() {
                enter_waiting.set_value(true);
                ev.prevent_default();
            } else if open_only_match() {
                ev.prevent_default();
            }
        }
    };
    crate::effect::effect(move || {
        if loaded.get() && enter_waiting.get_value() {
            enter_waiting.set_value(false);
            open_only_match();
        }
    });

    let progress = {
        let names = names.clone();
        move || {
            let (loaded, failed, total) =
                (names.loaded.get(), names.failed.get(), names.total.get());
            let missing = selection.with(|s| s.names_missing);
            let mut parts = Vec::new();
            let loading = loaded + failed < total;
            if loading {
                parts.push((t.names_loaded)(loaded, total));
            }
            if failed > 0 {
                // Beside the progress, as short as before: longer, it took a second line on
                // a phone and moved the table as the names came.
                let failed_text = if loading {
                    t.names_failed
                } else {
                    t.names_failed_alone
                };
                parts.push(failed_text(failed));
            }
            // Names unknown beside those said above not to have loaded: the parts add up no
            // further than the animals there are (a 503's animal was said both ways, and
            // "not known yet" beside a 404's stayed for good). The rest are names still on
            // their way, or animals a later refresh brought, which the index does not look
            // up. Counted over the rows filtered, the failures over the whole list, so it may
            // say fewer than are unknown, never more; while the look-ups run, the progress
            // beside it says the results may still change.
            let unknown = missing.saturating_sub(failed);
            if unknown > 0 {
                parts.push((t.names_missing)(unknown));
            }
            parts.join(" · ")
        }
    };

    let export = {
        let cache = cache.clone();
        move |_| {
            // Every row in order, even in the frame before the first answer's whole sort.
            whole.set(true);
            let rows: Vec<Vec<String>> = rows.with_untracked(|r| {
                list.with_untracked(|list| {
                    r.iter()
                        .filter_map(|&i| list.items.get(i))
                        .map(|b| {
                            let name = b
                                .animal_id
                                .as_deref()
                                .and_then(|id| cache.animal_if_loaded(id))
                                .and_then(|a| a.name.clone());
                            booking_row(b, name.as_deref(), t.booking_status(&b.status))
                        })
                        .collect()
                })
            });
            let today = crate::clock::local_now().0.to_string();
            download_text(
                &file_name(t.bookings_file, &today),
                "text/csv;charset=utf-8",
                &to_csv(&t.bookings_csv_header, &rows, t.csv),
            );
        }
    };

    // Nothing before the list has come: "0 bookings" would be false.
    let count = move || {
        if !loaded.get() {
            return String::new();
        }
        let (shown, total) = (rows.with(Vec::len), list.with(|l| l.items.len()));
        Texts::count(shown, total, t.bookings_count, t.bookings_count_of)
    };
    let rejected = move || {
        let rejected = list.with(|l| l.rejected.clone());
        view! { <RejectedNotice rejected summary=t.rejected_bookings/> }
    };
    // The lines above the table (count, states, names): its rows start below them.
    let listhead = NodeRef::<leptos::html::Div>::new();
    let table_start = start_below(listhead);
    // Only a change between "rows", "no match" and "none at all" rebuilds the table; new
    // answers flow into the table's keyed rows. The message as a `String`: a memo of an
    // `Option<String>` is linked already, one of an `Option<&str>` was its own code (with the
    // invoice list's: 1.3 KB raw of wasm, 0.6 KB brotli).
    let shape =
        Memo::new(
            move |_| match (rows.with(Vec::is_empty), list.with(|l| l.items.is_empty())) {
                (false, _) => None,
                (true, true) => Some(t.no_bookings.to_string()),
                (true, false) => Some(t.no_bookings_match.to_string()),
            },
        );
    let table = move || match shape.get() {
        Some(message) => view! { <EmptyState message/> }.into_any(),
        None => {
            // The rows past the first page are in order once the whole sort has run, which
            // waits at background priority after the first paint: "Show more" runs it first.
            let before_more = Callback::new(move |_| whole.set(true));
            view! {
                <BookingTable source=list rows sort=control name=t.nav_bookings before_more
                    start=table_start/>
            }
            .into_any()
        }
    };
    let any_filter = move || {
        status.get().is_some()
            || species.get().is_some()
            || group.get().is_some()
            || location.get().is_some()
            || from.get().is_some()
            || to.get().is_some()
    };
    // A date field is in use while its day is read (`filter`'s `from` and `to`): one of the
    // address that is no day shows empty and is said in the note, and is not printed.
    let day_used = move |day: Memo<Option<String>>| -> Box<dyn Fn() -> bool + Send + Sync> {
        Box::new(move || day.get().as_deref().and_then(Day::parse_field).is_some())
    };
    let clear = move |ev: leptos::ev::MouseEvent| {
        search_takes_keyboard_focus(&ev);
        for set in [
            set_status,
            set_species,
            set_group,
            set_location,
            set_from,
            set_to,
        ] {
            set.set(None);
        }
    };
    view! {
        <div class="kd-toolbar kd-listbar">
            // Left off the printout while blank: a box of only spaces filters nothing (it
            // printed: the stylesheet left out only an empty box).
            <label class=filter_class("kd-search", Box::new(move || !search.local.get().trim().is_empty()))>
                <span class="kd-visually-hidden">{t.search_bookings}</span>
                <input
                    type="search"
                    name=search.key
                    placeholder=t.search_bookings_placeholder
                    prop:value=search.local
                    on:input=move |ev| on_input(event_target_value(&ev))
                    on:keydown=on_key
                />
            </label>
            <div class="kd-filters">
                // A status none of the filters has is read as any status (`status_param`).
                <Choice name="status" label=t.status value=status set=set_status
                    options=Signal::stored(statuses)
                    reads=|s| !BookingFilter::status_param(Some(s)).is_empty()/>
                // A bookmark's "Hund" or "Dog" is the choice "dog", not a second "Hund".
                <Choice name="species" label=t.species set=set_species
                    value=Memo::new(move |_| species.get().map(|s| Species::choice(&s).to_string()))
                    options=Signal::derive(move || species_choices().into_iter().map(|s| {
                        let name = t.species_name(&s);
                        (s, name)
                    }).collect())/>
                <Choice name="group" label=t.group value=group set=set_group
                    options=Signal::derive(move || group_choices().into_iter().map(|s| (s.clone(), s)).collect())/>
                <Choice name="location" label=t.location value=location set=set_location
                    options=locations/>
                <label class=filter_class("kd-filter", day_used(from))>
                    <span>{t.from}</span>
                    <input type="date" name="from" prop:value=move || from.get().unwrap_or_default()
                        on:change=move |ev| set_from.set(some_text(event_target_value(&ev)))/>
                </label>
                <label class=filter_class("kd-filter", day_used(to))>
                    <span>{t.to}</span>
                    <input type="date" name="to" prop:value=move || to.get().unwrap_or_default()
                        on:change=move |ev| set_to.set(some_text(event_target_value(&ev)))/>
                </label>
            </div>
        </div>
        {filter_note(Box::new(move || {
            // A status none of the filters has is read as any status (`status_param`, the
            // one rule), and said; `all`, an old bookmark's, means that already.
            let status = status.get().filter(|s| {
                !s.is_empty() && s != "all" && BookingFilter::status_param(Some(s)).is_empty()
            });
            let status = status.map(|s| (t.status_param_unread)(&s));
            let (from, to) = (from.get().unwrap_or_default(), to.get().unwrap_or_default());
            t.filter_note(&from, &to, status)
        }))}
        // The count and "Updated … Refresh" share a line where the width allows (the
        // stylesheet): stacked, they put the table 50 px lower, and a tablet held sideways
        // showed three bookings under them.
        <div class="kd-listhead" node_ref=listhead><div class="kd-listhead__line">
            // The buttons first: the count comes with the list, and text that grew in front
            // of a button moved it as it came (a layout shift under a finger). "Clear
            // filters" beside the count it changes, not at the end of the filters: there it
            // took a row of its own on a desk and a tablet, and the table moved 52 px down
            // as a filter was chosen and back up as it was cleared.
            <p class="kd-count">
                // Nothing to export, nothing to press: a file of the header alone looked
                // like a failed export. The property, which the attribute reflects (the same
                // `disabled=""` in the DOM): the app's other bool is a property (`selected`),
                // and a reactive bool attribute linked its own render effect (2.1 KB raw of
                // wasm with the invoice list's, 0.1 KB brotli).
                <button type="button" class="kd-button kd-export" on:click=export
                    prop:disabled=move || !loaded.get() || rows.with(Vec::is_empty)>
                    {t.export_csv}
                </button>
                // An `AnyView` when shown, as the board card's flags (components/board_card.rs).
                {move || any_filter().then(|| view! {
                    <button type="button" class="kd-button kd-button--quiet kd-clear" on:click=clear>
                        {t.clear_filters}
                    </button>
                }.into_any())}
                <span class="kd-count__text">{count}</span>
            </p>
            {states}
            // Always there, one line high even when empty (the stylesheet): a line that came
            // and went as the names loaded moved the table under a finger. And a live region
            // that exists before its text changes is the one screen readers announce.
            <p class="kd-names" role="status">{progress}</p>
        </div></div>
        {rejected}
        // An `AnyView` when shown, as the invoice list's (pages/invoices.rs): an optional
        // reactive closure linked its own render effect (2.6 KB raw of wasm, 0.4 KB brotli).
        {move || loaded.get().then(|| table.into_any())}
    }
}

/// A filter as a `<select>`: "Any" plus the choices; the value lives in the URL under
/// `name`, which is also the form control's name (the same in every language).
#[component]
fn Choice(
    name: &'static str,
    label: &'static str,
    value: Memo<Option<String>>,
    set: SignalSetter<Option<String>>,
    /// (value, label) pairs.
    #[prop(into)]
    options: Signal<Vec<(String, String)>>,
    /// Whether the list reads a value (the status reads its keys only); else any but "Any".
    /// A value it does not read is shown as it is, and left off the printout (`filter_class`).
    #[prop(optional)]
    reads: Option<fn(&str) -> bool>,
) -> impl IntoView {
    let used = move || {
        value
            .get()
            .is_some_and(|v| !v.is_empty() && reads.is_none_or(|reads| reads(&v)))
    };
    view! {
        <label class=filter_class("kd-filter", Box::new(used))>
            <span>{label}</span>
            <select
                name=name
                prop:value=move || value.get().unwrap_or_default()
                on:change=move |ev| set.set(some_text(event_target_value(&ev)))
            >
                <option value="">{t().any}</option>
                {move || {
                    let current = value.get().unwrap_or_default();
                    let mut options = options.get();
                    // A value the choices do not hold (a bookmark's "Nowhere", a species before
                    // the animals have come) is shown as it is, not as "Any" over a list it
                    // filters.
                    if !current.is_empty() && !options.iter().any(|(v, _)| *v == current) {
                        options.insert(0, (current.clone(), current.clone()));
                    }
                    options
                        .into_iter()
                        .map(|(v, l)| {
                            let selected = v == current;
                            view! { <option value=v selected=selected>{l}</option> }
                        })
                        .collect_any()
                }}
            </select>
        </label>
    }
}

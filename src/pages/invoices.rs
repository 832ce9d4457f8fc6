//! The invoice list: what is open (the default), paid or anything else, filtered by date
//! range, customer and search, sorted, with the totals of the rows shown per currency and a
//! CSV of them. All of the list's state lives in the query string, so a reload, Back or a
//! shared link shows the same rows.

use super::url_text::{param, UrlText};
use crate::api::cache::use_cache;
use crate::api::names::NameIndex;
use crate::components::download::download_text;
use crate::components::query_view::{Derived, Live, Role};
use crate::components::window::start_below;
use crate::components::CollectAny;
use crate::components::{
    filter_class, filter_note, query_live, search_takes_keyboard_focus, EmptyState, FilterChip,
    InvoiceTable, MoneyValue, RejectedNotice,
};
use crate::i18n::{t, Texts};
use crate::model::board::Day;
use crate::model::export::invoices_csv;
use crate::model::ids;
use crate::model::invoice_list::{
    invoice_search_text, list_totals, select_invoice_rows, status_options, InvoiceFilter,
    ListTotals, Sort, StatusFilter,
};
use crate::model::listing::distinct;
use crate::model::text::MISSING;
use crate::model::{CurrencyTotals, Invoice, List};
use leptos::prelude::*;
use leptos_router::hooks::use_query_map;
use std::sync::Arc;

/// `/invoices`.
#[component]
pub fn InvoicesPage() -> impl IntoView {
    let t = t();
    let (live, states) = query_live(
        use_cache().invoices(),
        Role::Main,
        t.loading_invoices,
        List::default(),
    );
    view! {
        <section class="kd-page kd-page--invoices" aria-labelledby="kd-invoices-title">
            <header class="kd-page__head">
                <h1 id="kd-invoices-title">{t.nav_invoices}</h1>
            </header>
            <InvoiceList live states/>
        </section>
    }
}

/// Built once per mounted page, before the first answer, as the booking list is (see
/// `bookings::BookingList`): the filters are there at once, the rest comes with the list.
#[component]
fn InvoiceList(live: Live<List<Invoice>>, states: AnyView) -> impl IntoView {
    let (list, loaded) = (live.data, live.loaded);
    let cache = use_cache();
    let t = t();
    let config = cache.config().clone();
    let query_map = use_query_map();
    // The status changes by its chips, which are links (each a history entry, as a tab
    // would be); the sort replaces the entry and keeps the scroll, as the booking list's.
    let (status_param, _) = param("status");
    let (sort_param, set_sort_param) = param("sort");
    // Closures over the parameters' memos, not memos of their own: a parse is cheap, and a
    // memo of each type linked its own copy of the memo code (with the booking list's sort,
    // 532 B of brotli'd wasm for the three).
    let status = move || StatusFilter::from_param(status_param.get().as_deref());
    let sort = move || Sort::from_param(sort_param.get().as_deref());
    let search = UrlText::new("q");
    let customer = UrlText::new("customer");
    let from = UrlText::new("from");
    let to = UrlText::new("to");
    // Not the search, as on the booking list: the box is right there, and after a search
    // that finds nothing it is what the reader changes.
    let any_filter = move || {
        [customer, from, to]
            .iter()
            .any(|f| f.local.with(|v| !v.trim().is_empty()))
    };
    let clear = move |ev: leptos::ev::MouseEvent| {
        search_takes_keyboard_focus(&ev);
        for field in [customer, from, to] {
            field.clear();
        }
    };

    // Built once per answer from the service, not once per keystroke.
    let haystacks = Memo::new(move |_| {
        Derived(Arc::new(list.with(|l| {
            l.items.iter().map(invoice_search_text).collect::<Vec<_>>()
        })))
    });

    // Invoices name a booking, bookings name the animal: searching "Bella" needs both.
    let bookings = cache.bookings();
    let animal_of_booking = Memo::new(move |_| {
        bookings.data.with(|data| {
            data.as_ref()
                .map(|b| ids::animal_of_booking(&b.items))
                .unwrap_or_default()
        })
    });

    // The invoiced animals' names, for a search: fetched in the background by the booking
    // list's name index (paced, offline-aware, retried), from the first search on, as a search
    // needs them. A search fetched each missing name itself before, and not at all above 300
    // bookings (a limit meant for animals that counted bookings): "Bella" found nothing.
    let names = NameIndex::empty();
    let searching = move || search.local.with(|q| !q.trim().is_empty());
    // Background work waits while the user types; not after the page has gone.
    on_cleanup(crate::api::busy::clear);
    {
        let (names, cache) = (names.clone(), cache.clone());
        crate::effect::effect(move || {
            // Started: nothing to gather again on the keys that follow.
            if !searching() || !loaded.get() || names.total.get_untracked() > 0 {
                return;
            }
            let ids: Vec<String> = animal_of_booking.with(|animals| {
                list.with_untracked(|l| {
                    let named = l.items.iter().filter_map(|inv| inv.booking_id.as_deref());
                    let of = named.filter_map(|b| animals.get(b).map(String::as_str));
                    distinct(of).into_iter().map(str::to_string).collect()
                })
            });
            // Once the bookings have come too (their animals are the invoices'); `start`
            // starts once.
            if !ids.is_empty() {
                names.start(cache.clone(), ids);
            }
        });
    }

    // Every invoice the other filters pass, in order: the chips count these, and the rows
    // shown are those of them with the status picked (a subset of a sorted list is sorted).
    let passing = {
        let (cache, names) = (cache.clone(), names.clone());
        Memo::new(move |_| {
            let haystacks = haystacks.get();
            let filter = InvoiceFilter {
                status: StatusFilter::All,
                from: from.local.get(),
                to: to.local.get(),
                customer: customer.local.get(),
                search: search.local.get(),
                sort: sort(),
            };
            if searching() {
                // Names that arrive re-run the search (in batches, not while typing).
                names.version.track();
            }
            animal_of_booking.with(|animals| {
                list.with(|l| {
                    names.with(|known| {
                        select_invoice_rows(&l.items, &haystacks.0, &filter, |inv| {
                            let animal = animals.get(inv.booking_id.as_deref()?)?;
                            match known.get(animal) {
                                Some((a, _)) => a.name.clone(),
                                None => cache.animal_name_if_loaded(animal),
                            }
                        })
                    })
                })
            })
        })
    };
    let rows = Memo::new(move |_| {
        let status = status();
        list.with(|l| {
            passing.with(|p| {
                p.iter()
                    .copied()
                    .filter(|&i| {
                        l.items
                            .get(i)
                            .is_some_and(|inv| status.matches(&inv.status))
                    })
                    .collect::<Vec<_>>()
            })
        })
    });
    let options = Memo::new(move |_| list.with(|l| passing.with(|p| status_options(&l.items, p))));

    let failed = {
        // `get`, not `with`: the query's states read it so already (a second way of reading
        // this signal's type was 148 B more of brotli'd wasm).
        let error = cache.invoices().error;
        move || error.get().is_some()
    };
    let chips = move || {
        // The chips are there before the list, their counts only with it.
        let loaded = loaded.get();
        let waiting = !loaded && !failed();
        let current = status();
        options
            .get()
            .iter()
            .map(|(filter, count)| {
                // Only the status changes; search, dates, customer and sort stay.
                let mut params = query_map.get();
                params.remove("status");
                if let Some(value) = filter.param() {
                    params.insert("status", value);
                }
                let href = config.href(&format!("/invoices{}", params.to_query_string()));
                let label = t.status_filter(filter).to_string();
                let count = loaded.then_some(*count);
                view! { <FilterChip href label count waiting active=current == *filter/> }
            })
            .collect_any()
    };

    let totals = Memo::new(move |_| {
        list.with(|l| rows.with(|r| list_totals(r.iter().filter_map(|&i| l.items.get(i)))))
    });

    let export = {
        move |_| {
            let status = |s: &_| t.invoice_status(s).to_string();
            let csv = rows.with_untracked(|r| {
                list.with_untracked(|l| {
                    invoices_csv(&l.items, r, &t.invoices_csv_header, status, t.csv)
                })
            });
            if let Some(csv) = csv {
                // Dated, as the bookings' export: a day's exports do not pile up as
                // "invoices (1).csv", "invoices (2).csv".
                let today = crate::clock::local_now().0.to_string();
                let name = crate::model::export::file_name(t.invoices_file, &today);
                download_text(&name, "text/csv;charset=utf-8", &csv);
            }
        }
    };

    // Nothing before the list has come: "0 invoices" would be false.
    let count = {
        let names = names.clone();
        move || {
            if !loaded.get() {
                return String::new();
            }
            let (shown, total) = (rows.with(Vec::len), list.with(|l| l.items.len()));
            let count = Texts::count(shown, total, t.invoices_count, t.invoices_count_of);
            // While a search waits for animal names, it says so: "0 of 2 000 invoices" alone
            // read as no invoice of Bella's.
            if names.pending() && searching() {
                let (known, all) = (names.loaded.get(), names.total.get());
                return format!("{count} · {}", (t.names_loaded)(known, all));
            }
            count
        }
    };
    let rejected = move || {
        let rejected = list.with(|l| l.rejected.clone());
        view! { <RejectedNotice rejected summary=t.rejected_invoices/> }
    };
    // Only a change between "rows", "no match" and "none at all" rebuilds the table; new
    // answers flow into its keyed rows. The message as a `String`, as the booking list's.
    // A search with names still on their way may match once they come: "No invoices match"
    // alone read as a fact (a name typed within seconds of opening the list).
    let shape = {
        let names = names.clone();
        Memo::new(
            move |_| match (rows.with(Vec::is_empty), list.with(|l| l.items.is_empty())) {
                (false, _) => None,
                (true, true) => Some(t.no_invoices.to_string()),
                (true, false) => Some(
                    if searching() && names.pending() {
                        t.no_invoices_match_yet
                    } else {
                        t.no_invoices_match
                    }
                    .to_string(),
                ),
            },
        )
    };
    // The lines above the table (count, states): its rows start below them.
    let listhead = NodeRef::<leptos::html::Div>::new();
    let table_start = start_below(listhead);
    let table = move || match shape.get() {
        Some(message) => view! { <EmptyState message/> }.into_any(),
        None => view! {
            <InvoiceTable source=list rows name=t.nav_invoices start=table_start/>
        }
        .into_any(),
    };
    // Each field named by its URL parameter, as the booking list's: a form filler, a
    // scanner's setup or a test finds it by the name the URL shows. In use as the list reads
    // it (`select_invoice_rows`): a date only while it is a day (one that is not shows empty
    // and is said in the note), a text while it is not blank.
    let text_input =
        |field: UrlText, kind: &'static str, label: &'static str, class: &'static str| {
            let used = move || {
                let text = field.local.get();
                if kind == "date" {
                    Day::parse_field(&text).is_some()
                } else {
                    !text.trim().is_empty()
                }
            };
            view! {
                <label class=filter_class(class, Box::new(used))>
                    <span>{label}</span>
                    <input
                        type=kind
                        name=field.key
                        prop:value=move || field.local.get()
                        on:input=move |ev| {
                            // Names that arrive wait for a pause (`NameIndex::publish`).
                            crate::api::busy::mark();
                            field.input(event_target_value(&ev))
                        }
                    />
                </label>
            }
        };
    view! {
        <div class="kd-toolbar">
            <nav class="kd-chips" aria-label=t.filter_by_status>{chips}</nav>
        </div>
        <div class="kd-invoice-filters">
            {text_input(search, "search", t.search_invoices, "kd-field-input kd-field-input--search")}
            {text_input(customer, "text", t.customer, "kd-field-input")}
            {text_input(from, "date", t.from, "kd-field-input")}
            {text_input(to, "date", t.to, "kd-field-input")}
            <label class="kd-field-input">
                <span>{t.sort}</span>
                <select name="sort" on:change=move |ev| {
                    let value = event_target_value(&ev);
                    set_sort_param.set(Sort::from_param(Some(&value)).param());
                }>
                    {SORTS
                        .iter()
                        .zip(t.sorts)
                        .map(|(&value, label)| {
                            let selected = move || Sort::from_param(Some(value)) == sort();
                            view! { <option value=value prop:selected=selected>{label}</option> }
                        })
                        .collect_any()}
                </select>
            </label>
        </div>
        {filter_note(Box::new(move || {
            // A status no invoice has shows nothing, and has no chip to say it is the one
            // picked; once the list is in (before, any status may yet come). "none" (no
            // status) too, when every invoice has one. Open, paid and all always have their
            // chip. `get`s, not `with`s: each `with` of a closure links its own copy of the
            // signal's code.
            let current = status();
            let chip = options.get().iter().any(|(f, _)| *f == current);
            let status = match current.param() {
                Some(raw) if loaded.get() && !chip => Some((t.status_param_none)(&raw)),
                _ => None,
            };
            // The dates as the list reads its range (`select_invoice_rows`).
            t.filter_note(&from.local.get(), &to.local.get(), status)
        }))}
        // As on the booking list: the count and "Updated … Refresh" share a line where the
        // width allows, and the same button in the same place.
        <div class="kd-listhead kd-listhead--invoices" node_ref=listhead><div class="kd-listhead__line">
            <p class="kd-count">
                // As on the bookings: no export of the header alone (and `disabled` as a property).
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
        </div></div>
        // An `AnyView`, as the customer page's optional views (pages/customer.rs, `above`).
        {move || loaded.get().then(|| view! {
            {rejected}
            {table}
            {move || view! { <Totals totals=totals.get()/> }}
        }.into_any())}
    }
}

/// The sort choices' URL values; what staff read is `i18n::Texts::sorts`, in this order.
const SORTS: [&str; 8] = [
    "-date", "date", "number", "-number", "amount", "-amount", "status", "-status",
];

/// Totals of the invoices shown, per currency; never added across currencies.
#[component]
fn Totals(totals: ListTotals) -> impl IntoView {
    let t = t();
    view! {
        <section class="kd-totals kd-totals--list" aria-label=t.totals_shown>
            {group(t.total, "all", totals.all, MISSING)}
            {group(t.open, "open", totals.open, MISSING)}
        </section>
    }
}

/// One block of per-currency sums, and how many invoices had no usable amount; `empty` when
/// there is no sum (the list's totals say "—" beside each other; a customer's one balance
/// says "Nothing open.").
pub fn group(
    label: &'static str,
    class: &'static str,
    t: CurrencyTotals,
    empty: &'static str,
) -> impl IntoView {
    let sums = t
        .iter()
        .map(|(currency, sum)| {
            let currency = (currency != CurrencyTotals::NO_CURRENCY).then(|| currency.to_string());
            // A bare "5.00" beside "BHD 100.000" read as part of it: the sum of invoices
            // that name no currency says so.
            let none = currency.is_none().then(|| {
                view! { " " <span class="kd-sub">{crate::i18n::t().no_currency}</span> }
            });
            view! { <li><MoneyValue amount=sum currency/>{none}</li> }
        })
        .collect_any();
    let empty = (t.is_empty() && t.left_out == 0).then(|| view! { <li>{empty}</li> });
    let left_out = (t.left_out > 0).then(|| {
        view! { <li class="kd-sub">{(crate::i18n::t().left_out)(t.left_out)}</li> }
    });
    view! {
        <div class=format!("kd-total kd-total--{class}")>
            <h2>{label}</h2>
            <ul>{sums}{empty}{left_out}</ul>
        </div>
    }
}

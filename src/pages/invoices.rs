//! The invoice list: what is open, what is paid, and the totals per currency.

use super::{list_path, search_setter, use_list_params};
use crate::api::cache::use_cache;
use crate::components::query_view::{Derived, Role};
use crate::components::{
    query_view_live, EmptyState, FilterChip, InvoiceTable, RejectedNotice, SearchBox,
};
use crate::model::filter::{
    invoice_counts, invoice_haystack, invoice_totals, select_invoices, InvoiceTotals, InvoiceView,
};
use crate::model::{CurrencyTotals, Invoice, List};
use leptos::prelude::*;
use std::sync::Arc;

/// `/invoices`.
#[component]
pub fn InvoicesPage() -> impl IntoView {
    let query = use_cache().invoices();
    view! {
        <section class="kd-page" aria-labelledby="kd-invoices-title">
            <header class="kd-page__head">
                <h1 id="kd-invoices-title">"Invoices"</h1>
            </header>
            {query_view_live(query, Role::Main, "invoices", |list| view! { <InvoiceList list/> })}
        </section>
    }
}

/// Built once per mounted page; answers flow through `list` (see the booking list).
#[component]
fn InvoiceList(list: Signal<Arc<List<Invoice>>>) -> impl IntoView {
    let cache = use_cache();
    let (status, search) = use_list_params();
    let view_kind = Memo::new(move |_| InvoiceView::from_param(status.get().as_deref()));
    let haystacks = Memo::new(move |_| {
        Derived(Arc::new(list.with(|l| {
            l.items.iter().map(invoice_haystack).collect::<Vec<_>>()
        })))
    });
    let counts = Memo::new(move |_| list.with(|l| invoice_counts(&l.items)));
    let rows = Memo::new(move |_| {
        let haystacks = haystacks.get();
        list.with(|l| select_invoices(&l.items, &haystacks.0, view_kind.get(), &search.get()))
    });
    let totals = move || {
        list.with(|l| rows.with(|r| invoice_totals(r.iter().filter_map(|&i| l.items.get(i)))))
    };
    let config = cache.config().clone();
    let chips = move || {
        InvoiceView::ALL
            .iter()
            .zip(counts.get())
            .map(|(&v, count)| {
                let href = config.href(&list_path("/invoices", v.param(), &search.get()));
                view! { <FilterChip href label=v.label() count active=view_kind.get() == v/> }
            })
            .collect_view()
    };
    let on_search = search_setter("/invoices", status);
    let rejected = move || {
        let rejected = list.with(|l| l.rejected.clone());
        view! { <RejectedNotice rejected what="invoices"/> }
    };
    let shape =
        Memo::new(
            move |_| match (rows.with(Vec::is_empty), list.with(|l| l.items.is_empty())) {
                (false, _) => None,
                (true, true) => Some("There are no invoices."),
                (true, false) => Some("No invoices match this filter."),
            },
        );
    let table = move || match shape.get() {
        Some(message) => view! { <EmptyState message/> }.into_any(),
        None => view! { <InvoiceTable source=list rows/> }.into_any(),
    };
    view! {
        {rejected}
        <div class="kd-toolbar">
            <nav class="kd-chips" aria-label="Filter invoices by status">{chips}</nav>
            <SearchBox value=search placeholder="Search number, customer, booking…" on_change=on_search/>
        </div>
        {move || view! { <Totals totals=totals()/> }}
        {table}
    }
}

/// Totals of the invoices shown, per status and currency; never added across currencies.
#[component]
fn Totals(totals: InvoiceTotals) -> impl IntoView {
    let group = |label: &'static str, class: &'static str, t: CurrencyTotals| {
        (!t.is_empty() || t.left_out > 0).then(|| {
            let sums = t
                .iter()
                .map(|(currency, sum)| view! { <li>{format!("{currency} {}", sum.format())}</li> })
                .collect_view();
            let left_out = (t.left_out > 0).then(|| {
                view! { <li class="kd-sub">{format!("{} without a usable amount", t.left_out)}</li> }
            });
            view! {
                <div class=format!("kd-total kd-total--{class}")>
                    <h2>{label}</h2>
                    <ul>{sums}{left_out}</ul>
                </div>
            }
        })
    };
    view! {
        <section class="kd-totals" aria-label="Totals of the invoices shown">
            {group("Open", "open", totals.open)}
            {group("Paid", "paid", totals.paid)}
            {group("Other status", "other", totals.other)}
        </section>
    }
}

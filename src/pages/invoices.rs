//! The invoice list: what is open, what is paid, and the totals per currency.

use super::{list_path, search_setter, use_list_params};
use crate::api::cache::use_cache;
use crate::components::query_view::Role;
use crate::components::{
    query_view, EmptyState, FilterChip, InvoiceTable, RejectedNotice, SearchBox,
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
            {query_view(query, Role::Main, "invoices", None, |list| view! { <InvoiceList list/> })}
        </section>
    }
}

#[component]
fn InvoiceList(list: Arc<List<Invoice>>) -> impl IntoView {
    let cache = use_cache();
    let (status, search) = use_list_params();
    let view_kind = Memo::new(move |_| InvoiceView::from_param(status.get().as_deref()));
    let haystacks: Arc<Vec<String>> = Arc::new(list.items.iter().map(invoice_haystack).collect());
    let counts = invoice_counts(&list.items);
    let rows = {
        let list = list.clone();
        Memo::new(move |_| select_invoices(&list.items, &haystacks, view_kind.get(), &search.get()))
    };
    let totals = {
        let list = list.clone();
        move || rows.with(|r| invoice_totals(r.iter().map(|&i| &list.items[i])))
    };
    let config = cache.config().clone();
    let chips = move || {
        InvoiceView::ALL
            .iter()
            .zip(counts)
            .map(|(&v, count)| {
                let href = config.href(&list_path("/invoices", v.param(), &search.get()));
                view! { <FilterChip href label=v.label() count active=view_kind.get() == v/> }
            })
            .collect_view()
    };
    let on_search = search_setter("/invoices", status);
    let rejected = list.rejected.clone();
    let table = move || {
        if rows.with(Vec::is_empty) {
            let message = if list.items.is_empty() {
                "There are no invoices."
            } else {
                "No invoices match this filter."
            };
            view! { <EmptyState message/> }.into_any()
        } else {
            view! { <InvoiceTable source=list.clone() rows/> }.into_any()
        }
    };
    view! {
        <RejectedNotice rejected what="invoices"/>
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

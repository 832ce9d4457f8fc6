//! The invoices table, used by the invoice list and the booking, animal and customer pages.

use super::window::{keyed_table_rows, Window, ROWS_PER_PAGE};
use super::{CustomerLink, DateText, InvoiceBadge, Money};
use crate::api::cache::use_cache;
use crate::model::rows::{INVOICES_CARDS_BELOW_EM, TABLE_ROW_PX};
use crate::model::text::MISSING;
use crate::model::{Invoice, List};
use leptos::prelude::*;
use std::sync::Arc;

/// Invoices `rows` (indices into `source`), in that order; keyed like the bookings table.
#[component]
pub fn InvoiceTable(
    #[prop(into)] source: Signal<Arc<List<Invoice>>>,
    #[prop(into)] rows: Signal<Vec<usize>>,
    /// The table's accessible name, as for the bookings table.
    name: &'static str,
    /// Off on a customer's own page, where every row is the same customer.
    #[prop(default = true)]
    show_customer: bool,
    /// Off on a booking's own page, where every row is that booking's: a link back to the
    /// page the reader is on.
    #[prop(default = true)]
    show_booking: bool,
    /// Where the rows will start before the table is laid out, as for the bookings table.
    #[prop(optional)]
    start: Option<StoredValue<Option<usize>>>,
) -> impl IntoView {
    let window = Window::new(
        rows,
        name,
        INVOICES_CARDS_BELOW_EM,
        TABLE_ROW_PX,
        start,
        ROWS_PER_PAGE,
    );
    let t = crate::i18n::t();
    let each = move || window.keyed(source, |inv: &Invoice| inv.id.as_str());
    let row = move |i: usize| {
        let inv = source.with_untracked(|list| list.items.get(i).cloned());
        inv.map(|inv| view! { <InvoiceRow invoice=inv show_customer show_booking/> })
            .into_any()
    };
    view! {
        <div class="kd-table-wrap">
            <table role="table" class="kd-table kd-table--invoices" aria-label=name>
                <thead role="rowgroup">
                    <tr role="row" aria-rowindex="1">
                        <th scope="col" role="columnheader">{t.number}</th>
                        <th scope="col" role="columnheader">{t.date}</th>
                        <th scope="col" role="columnheader" class="kd-num">{t.amount}</th>
                        <th scope="col" role="columnheader">{t.status}</th>
                        {show_customer.then(|| view! {
                            <th scope="col" role="columnheader">{t.customer}</th>
                        })}
                        {show_booking.then(|| view! {
                            <th scope="col" role="columnheader">{t.booking}</th>
                        })}
                    </tr>
                </thead>
                <tbody role="rowgroup" node_ref=window.body>
                    {keyed_table_rows(Box::new(each), Arc::new(row))}
                </tbody>
            </table>
        </div>
        {window.more(None)}
    }
}

#[component]
fn InvoiceRow(invoice: Invoice, show_customer: bool, show_booking: bool) -> impl IntoView {
    let cache = use_cache();
    let config = cache.config();
    let href = config.record_href("invoices", &invoice.id);
    let t = crate::i18n::t();
    let booking = show_booking.then(|| {
        let link = invoice.booking_id.clone().map(|b| {
            let href = config.record_href("bookings", &b);
            // Cut to one line when long, as the customer's (components/customer_link.rs).
            let title = b.clone();
            view! { <a href=href title=title>{b}</a> }
        });
        view! {
            <td role="cell" data-label=t.booking>{link.map(IntoAny::into_any).unwrap_or_else(|| MISSING.into_any())}</td>
        }
    });
    view! {
        <tr role="row">
            <td role="cell" data-label=t.number>
                <a class="kd-row-link" href=href>{invoice.display_number().to_string()}</a>
            </td>
            <td role="cell" data-label=t.date><DateText sent=invoice.date.clone()/></td>
            <td role="cell" data-label=t.amount class="kd-num">
                <Money amount=invoice.amount.clone() currency=invoice.currency.clone()/>
            </td>
            <td role="cell" data-label=t.status><InvoiceBadge status=invoice.status.clone()/></td>
            {show_customer.then(|| view! {
                <td role="cell" data-label=t.customer><CustomerLink customer_id=invoice.customer_id.clone()/></td>
            })}
            {booking}
        </tr>
    }
}

//! End-to-end: the invoice list, invoice detail, customer page and CSV export (issue 9), over
//! a dataset built here with dates relative to today, so "now / upcoming / past" holds on any
//! day the tests run.

use crate::harness::{dist, hold_back_list, serve, shown_date, Page, PATIENCE};
use crate::{scenario, scenario_in};
use devapi::{Dataset, Fault, FaultSettings, Faults, Server};
use fantoccini::Locator;
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::time::{Duration, Instant};

fn day(offset: i64) -> String {
    (chrono::Local::now().date_naive() + chrono::Duration::days(offset))
        .format("%Y-%m-%d")
        .to_string()
}

/// (id, number, date offset, amount as JSON text, currency, status, customer, booking)
type Row = (
    &'static str,
    &'static str,
    i64,
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    Option<&'static str>,
);

const INVOICES: [Row; 10] = [
    ("i-1", "INV-1", -1, "120", "EUR", "open", "c-1", Some("b-1")),
    (
        "i-2",
        "INV-2",
        -25,
        "87.5",
        "EUR",
        "paid",
        "c-1",
        Some("b-3"),
    ),
    (
        "i-3",
        "INV-3",
        -2,
        "42.35",
        "CHF",
        "open",
        "c-2",
        Some("b-4"),
    ),
    ("i-4", "INV-4", -3, "-20", "EUR", "open", "c-1", Some("b-2")),
    ("i-5", "INV-5", -40, "10", "EUR", "overdue", "c-1", None),
    ("i-6", "INV-10", -5, "0.1", "EUR", "open", "c-2", None),
    ("i-7", "INV-11", -6, "0.2", "EUR", "open", "c-2", None),
    ("i-8", "INV-12", -7, "1234.5", "JPY", "open", "c-3", None),
    ("i-9", "INV-13", -8, "99", "XBT", "open", "c-3", None),
    ("i-10", "INV-14", -9, "\"n/a\"", "EUR", "open", "c-3", None),
];

/// Whether a status of [`INVOICES`] is money owed: open, or open and late (the app's
/// `InvoiceStatus::is_owed`).
fn owed(status: &str) -> bool {
    matches!(status, "open" | "overdue")
}

fn dataset() -> Dataset {
    let invoices: Vec<String> = INVOICES
        .iter()
        .map(|(id, number, date, amount, currency, status, customer, booking)| {
            let booking = booking.map_or(String::new(), |b| format!(r#","bookingId":"{b}""#));
            format!(
                r#"{{"id":"{id}","number":"{number}","date":"{}","amount":{amount},"currency":"{currency}","status":"{status}","customerId":"{customer}"{booking}}}"#,
                day(*date)
            )
        })
        .collect();
    let data = json!({
        "animals": [
            {"id": "a-1", "name": "Bella", "species": "dog", "customerId": "c-1"},
            {"id": "a-2", "name": "Mimi", "species": "cat", "customerId": "c-2"},
            {"id": "a-3", "name": "Rex", "species": "dog", "customerId": "c-1"}
        ],
        "bookings": [
            {"id": "b-1", "animalId": "a-1", "customerId": "c-1", "from": day(-1), "to": day(2), "status": "in_house"},
            {"id": "b-2", "animalId": "a-3", "customerId": "c-1", "from": day(10), "to": day(12), "status": "confirmed"},
            {"id": "b-3", "animalId": "a-1", "customerId": "c-1", "from": day(-30), "to": day(-25), "status": "checked_out"},
            {"id": "b-4", "animalId": "a-2", "customerId": "c-2", "from": day(0), "to": day(1), "status": "arriving_today"},
            {"id": "b-5", "animalId": "a-3", "customerId": "c-1", "from": "24.12.2026", "to": "28.12.2026", "status": "confirmed"},
            {"id": "b-6", "animalId": "a-2", "customerId": "c-9", "from": day(3), "to": day(5), "status": "confirmed"}
        ]
    });
    let text = data.to_string().replacen(
        '{',
        &format!(r#"{{"invoices":[{}],"#, invoices.join(",")),
        1,
    );
    Dataset::from_json(&text).expect("the invoice dataset is valid")
}

async fn app() -> Server {
    serve(dataset(), Some(dist()), Faults::default()).await
}

/// Exact sums in hundredths per currency of the invoices that pass `keep`, as plain decimals.
fn expected_sums(keep: impl Fn(&Row) -> bool) -> BTreeMap<String, String> {
    let mut cents: BTreeMap<String, i64> = BTreeMap::new();
    for row in INVOICES.iter().filter(|r| keep(r)) {
        let Ok(value) = row.3.parse::<f64>() else {
            continue; // not a number: left out of totals
        };
        // Two decimals at most in this dataset, so rounding to cents is exact here.
        *cents.entry(row.4.to_string()).or_default() += (value * 100.0).round() as i64;
    }
    cents
        .into_iter()
        .map(|(c, v)| {
            let sign = if v < 0 { "-" } else { "" };
            (c, format!("{sign}{}.{:02}", v.abs() / 100, v.abs() % 100))
        })
        .collect()
}

/// The per-currency sums a totals block shows, read from its `<data>` elements.
async fn shown_sums(b: &Page, css: &str) -> BTreeMap<String, String> {
    let mut sums = BTreeMap::new();
    for el in b
        .client
        .find_all(Locator::Css(&format!("{css} data")))
        .await
        .expect("find")
    {
        let value = el.attr("value").await.expect("attr").unwrap_or_default();
        let currency = el
            .attr("data-currency")
            .await
            .expect("attr")
            .unwrap_or_default();
        sums.insert(currency, value);
    }
    sums
}

/// The table's rows as cells: number, date, amount (exact), currency, status, customer, booking.
async fn table_rows(b: &Page) -> Vec<Vec<String>> {
    let mut rows = Vec::new();
    for tr in b
        .client
        .find_all(Locator::Css(".kd-table--invoices tbody tr"))
        .await
        .expect("rows")
    {
        let cells = tr.find_all(Locator::Css("td")).await.expect("cells");
        let mut out = Vec::new();
        for (i, td) in cells.iter().enumerate() {
            if i == 2 {
                let money = td.find(Locator::Css(".kd-money")).await.expect("amount");
                let currency = money.attr("data-currency").await.ok().flatten();
                // A number carries its exact value; text that is not one is shown as sent.
                let value = match money.attr("value").await.ok().flatten() {
                    Some(value) => value,
                    None => money
                        .text()
                        .await
                        .unwrap_or_default()
                        .replace(" (not a number)", ""),
                };
                out.push(value);
                out.push(currency.unwrap_or_default());
            } else if let Ok(time) = td.find(Locator::Css("time")).await {
                // A date shown in the locale carries the date as sent.
                out.push(
                    time.attr("datetime")
                        .await
                        .ok()
                        .flatten()
                        .unwrap_or_default(),
                );
            } else {
                let text = td.text().await.unwrap_or_default();
                out.push(if text == "—" { String::new() } else { text });
            }
        }
        rows.push(out);
    }
    rows
}

async fn wait_rows(b: &Page, count: usize) -> Vec<String> {
    let started = Instant::now();
    loop {
        let rows = b
            .client
            .find_all(Locator::Css(".kd-table--invoices tbody tr"))
            .await
            .unwrap_or_default();
        if rows.len() == count {
            let mut texts = Vec::new();
            for r in rows {
                texts.push(r.text().await.unwrap_or_default());
            }
            return texts;
        }
        assert!(
            started.elapsed() < PATIENCE,
            "expected {count} invoice rows, have {}: {}",
            rows.len(),
            b.body_text().await
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// Types into the customer filter, once it is there.
async fn type_customer(b: &Page, text: &str) {
    let customer = b.element(".kd-invoice-filters input[type=text]").await;
    customer.send_keys(text).await.expect("type");
}

async fn wait_url_contains(b: &Page, part: &str) -> String {
    let started = Instant::now();
    loop {
        let url = b
            .client
            .current_url()
            .await
            .map(|u| u.to_string())
            .unwrap_or_default();
        if url.contains(part) {
            return url;
        }
        assert!(started.elapsed() < PATIENCE, "URL {url} never had {part}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn invoice_list_opens_on_open_with_exact_totals_per_currency() {
    let server = app().await;
    let url = server.url();
    scenario(|b| async move {
        b.goto(&format!("{url}/invoices")).await;
        b.wait_text(".kd-chip[aria-current='true']", "Open").await;
        // Open is everything still owed: the overdue one too, shown as written.
        let open = INVOICES.iter().filter(|r| owed(r.5)).count();
        let rows = wait_rows(&b, open).await;
        assert!(
            rows.iter()
                .all(|r| r.contains("Open") || r.contains("overdue")),
            "only owed invoices: {rows:#?}"
        );
        assert!(rows.iter().any(|r| r.contains("overdue")), "{rows:#?}");
        // Every other status as written has its own chip.
        b.wait_text("a.kd-chip", "overdue").await;
        let want_open = expected_sums(|r| owed(r.5));
        assert_eq!(shown_sums(&b, ".kd-total--open").await, want_open);
        assert_eq!(shown_sums(&b, ".kd-total--all").await, want_open);
        assert_eq!(
            want_open["EUR"], "110.30",
            "0.1 + 0.2 + 120 - 20 + 10 overdue"
        );
        // Formatted for the browser's locale (en-US in the test browser): symbol, grouping,
        // no decimals for yen, the plain decimal and code for a currency it does not know.
        let totals = b.wait_text(".kd-total--open", "€110.30").await;
        assert!(totals.contains("42.35"), "{totals}");
        assert!(totals.contains("¥1,235"), "{totals}");
        assert!(totals.contains("99.00 XBT"), "{totals}");
        assert!(
            totals.contains("1 without a usable amount"),
            "the non-numeric amount is counted: {totals}"
        );
        // A credit note shows with a minus.
        b.wait_text(".kd-table--invoices", "-€20.00").await;

        b.click("a.kd-chip[href='/invoices?status=all']").await;
        wait_rows(&b, INVOICES.len()).await;
        assert_eq!(
            shown_sums(&b, ".kd-total--all").await,
            expected_sums(|_| true)
        );
        assert_eq!(shown_sums(&b, ".kd-total--open").await, want_open);
    })
    .await;
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_filter_and_a_sort_survive_a_reload() {
    let server = app().await;
    let url = server.url();
    scenario(|b| async move {
        b.goto(&format!("{url}/invoices")).await;
        wait_rows(&b, 9).await;
        type_customer(&b, "c-2").await;
        // The rows narrow at once; the URL follows when typing pauses.
        wait_rows(&b, 3).await;
        wait_url_contains(&b, "customer=c-2").await;
        let sort = b
            .client
            .find(Locator::Css(".kd-invoice-filters select"))
            .await
            .expect("sort");
        sort.select_by_value("amount").await.expect("select");
        wait_url_contains(&b, "sort=amount").await;
        let before = wait_rows(&b, 3).await;
        // CHF first, then EUR 0.1 < 0.2.
        assert!(before[0].contains("INV-3"), "{before:#?}");
        assert!(before[1].contains("INV-10"), "{before:#?}");
        assert!(before[2].contains("INV-11"), "{before:#?}");

        b.client.refresh().await.expect("reload");
        let after = wait_rows(&b, 3).await;
        assert_eq!(after, before);
        let field = b
            .client
            .find(Locator::Css(".kd-invoice-filters input[type=text]"))
            .await
            .expect("customer field");
        assert_eq!(
            field.prop("value").await.expect("value").as_deref(),
            Some("c-2")
        );
        let selected = b
            .client
            .find(Locator::Css(".kd-invoice-filters select"))
            .await
            .expect("sort")
            .prop("value")
            .await
            .expect("value");
        assert_eq!(selected.as_deref(), Some("amount"));
    })
    .await;
    server.stop().await;
}

/// "Clear filters" on the invoice list, as on the booking list: it comes with a customer or a
/// date, empties them in one write that replaces the history entry, and leaves the status,
/// the search and the sort. Before, three fields were emptied by hand, and a search that
/// found nothing under them offered no way out but those fields.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn clear_filters_empties_customer_and_dates_and_keeps_search_and_sort() {
    let server = app().await;
    let url = server.url();
    scenario(|b| async move {
        b.goto(&format!("{url}/invoices")).await;
        wait_rows(&b, 9).await;
        let clear_buttons = "return [...document.querySelectorAll('.kd-count button')]
             .filter((b) => b.textContent === 'Clear filters').length;";
        assert_eq!(
            b.client.execute(clear_buttons, vec![]).await.expect("js"),
            json!(0)
        );

        b.goto(&format!(
            "{url}/invoices?customer=c-2&from=2000-01-01&to=2100-01-01&sort=amount"
        ))
        .await;
        wait_rows(&b, 3).await;
        let entries = b
            .client
            .execute("return history.length;", vec![])
            .await
            .expect("js");
        b.click_text(".kd-count button", "Clear filters").await;
        wait_rows(&b, 9).await;
        wait_url_contains(&b, "/invoices?sort=amount").await;
        let url_now = b.client.current_url().await.expect("url");
        assert_eq!(url_now.query(), Some("sort=amount"));
        let fields = b
            .client
            .execute(
                "return ['customer', 'from', 'to', 'q'].map((n) =>
                   document.querySelector(`.kd-invoice-filters input[name=${n}]`).value);",
                vec![],
            )
            .await
            .expect("js");
        assert_eq!(fields, json!(["", "", "", ""]));
        assert_eq!(
            b.client.execute(clear_buttons, vec![]).await.expect("js"),
            json!(0)
        );
        let after = b
            .client
            .execute("return history.length;", vec![])
            .await
            .expect("js");
        assert_eq!(after, entries, "the entry replaced, not a new one");

        // A search that finds nothing under a customer: the way out is there, and the
        // search stays with the status.
        b.goto(&format!("{url}/invoices?status=all&customer=c-2&q=zzzz"))
            .await;
        b.wait_text(".kd-state--empty", "No invoices match this filter.")
            .await;
        b.click_text(".kd-count button", "Clear filters").await;
        wait_url_contains(&b, "status=all&q=zzzz").await;
        let url_now = b.client.current_url().await.expect("url");
        assert_eq!(url_now.query(), Some("status=all&q=zzzz"));
    })
    .await;
    server.stop().await;
}

/// A filter of the address that means nothing is said under the filters, as the board says
/// a `date` that is no day, in both lists: a date that is no day (February 30th, month 13) is
/// not applied, a booking status none of the filters has shows every status, and an invoice
/// status no invoice has shows none, with no chip to say it is the one picked. Before, each
/// was silent: the rows looked filtered and were not, or were gone without a word. "Clear
/// filters" takes the dates and the booking status away, an invoice status chip the status,
/// and the note goes with them.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn filters_of_the_address_that_mean_nothing_are_said_not_ignored() {
    let server = app().await;
    let url = server.url();
    scenario(|b| async move {
        let note = || async {
            let read = "return document.querySelector('.kd-filter-note')?.textContent ?? null;";
            crate::places::js(&b, read).await
        };
        let from_unread = "“2026-02-30” in the address is not a date: “From” is not applied.";

        // Every open invoice, as without a date, and said.
        b.goto(&format!("{url}/invoices?from=2026-02-30")).await;
        wait_rows(&b, 9).await;
        crate::frontdesk::wait_for("the date said", json!(from_unread), note).await;
        b.click_text(".kd-count button", "Clear filters").await;
        crate::frontdesk::wait_for("said no more", json!(""), note).await;
        assert_eq!(b.client.current_url().await.expect("url").query(), None);

        // A status no invoice has: no rows, no chip picked, and why; a date too.
        b.goto(&format!("{url}/invoices?status=nonsense&to=2026-13-01"))
            .await;
        b.wait_text(".kd-state--empty", "No invoices match this filter.")
            .await;
        let both = "“2026-13-01” in the address is not a date: “To” is not applied. \
                    No invoice has the status “nonsense” from the address.";
        crate::frontdesk::wait_for("the status and the date said", json!(both), note).await;
        let picked = "return document.querySelectorAll('.kd-chip[aria-current]').length;";
        assert_eq!(crate::places::js(&b, picked).await, json!(0));
        // The chip "All" takes the status away and keeps the date (and its note).
        b.click_text(".kd-chip", "All").await;
        wait_rows(&b, INVOICES.len()).await;
        let to_unread = "“2026-13-01” in the address is not a date: “To” is not applied.";
        crate::frontdesk::wait_for("the date alone", json!(to_unread), note).await;
        // "none" (invoices without a status) when every invoice has one: as for a status
        // no invoice has.
        b.goto(&format!("{url}/invoices?status=none")).await;
        b.wait_text(".kd-state--empty", "No invoices match this filter.")
            .await;
        let none = "No invoice has the status “none” from the address.";
        crate::frontdesk::wait_for("no invoice without a status said", json!(none), note).await;
        // A status some invoice has, beyond the three chips always there: nothing to say.
        b.goto(&format!("{url}/invoices?status=overdue")).await;
        wait_rows(&b, 1).await;
        assert_eq!(note().await, json!(""));

        // The booking list, with the same line: every status, and no date applied.
        b.goto(&format!("{url}/bookings?status=nonsense&from=2026-02-30"))
            .await;
        b.wait_text(".kd-table--bookings tbody", "b-6").await;
        let bookings = format!(
            "{from_unread} “nonsense” in the address is not a status: showing every status."
        );
        crate::frontdesk::wait_for("both said", json!(bookings), note).await;
        let rows = "return document.querySelectorAll('.kd-table--bookings tbody tr').length;";
        assert_eq!(crate::places::js(&b, rows).await, json!(6));
        b.click_text(".kd-count button", "Clear filters").await;
        crate::frontdesk::wait_for("said no more", json!(""), note).await;
        // An old bookmark's `status=all` means every status already: nothing to say.
        b.goto(&format!("{url}/bookings?status=all")).await;
        b.wait_text(".kd-table--bookings tbody", "b-6").await;
        assert_eq!(note().await, json!(""));
    })
    .await;
    server.stop().await;
}

/// A sort picked replaces the list's history entry and keeps the scroll, as on the booking
/// list: Back leaves the list instead of replaying the sorts, and the rows read stay in sight.
/// Before, each sort was a history entry and sent the page to its top. The fields carry their
/// URL parameter as their `name`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_sort_replaces_the_history_entry_and_keeps_the_scroll() {
    let today = chrono::Local::now().date_naive();
    let server = serve(
        Dataset::generate(1_000, today),
        Some(dist()),
        Faults::default(),
    )
    .await;
    let url = server.url();
    scenario(|b| async move {
        let js = |script: &'static str| {
            let b = &b;
            async move { b.client.execute(script, vec![]).await.expect("script runs") }
        };
        b.goto(&format!("{url}/bookings")).await;
        b.wait_text("h1", "Bookings").await;
        b.click(".kd-nav a[href='/invoices']").await;
        b.texts(".kd-table--invoices tbody tr", 20).await;
        let entries = js("return history.length;").await;
        js("window.scrollTo(0, 400); return true;").await;
        let scrolled = js("return window.scrollY;").await.as_f64().unwrap_or(0.0);
        assert!(scrolled > 300.0, "the list scrolls: {scrolled}");

        // Picked by script: WebDriver's own pick would first scroll the box into view.
        b.element(".kd-invoice-filters select[name='sort']").await;
        js("const s = document.querySelector(\".kd-invoice-filters select[name='sort']\");
            s.value = '-amount'; s.dispatchEvent(new Event('change', { bubbles: true }));
            return true;")
        .await;
        wait_url_contains(&b, "sort=-amount").await;
        // Two frames: the rows sorted and laid out, where a scroll to the top would show.
        js("return new Promise(r => requestAnimationFrame(() => requestAnimationFrame(() => r(true))));").await;
        assert_eq!(js("return history.length;").await, entries, "no new entry");
        let after = js("return window.scrollY;").await.as_f64().unwrap_or(0.0);
        assert!((after - scrolled).abs() < 1.0, "scroll kept: {scrolled} → {after}");

        for name in ["q", "customer", "from", "to"] {
            let css = format!(".kd-invoice-filters input[name='{name}']");
            b.element(&css).await;
        }
        b.client.back().await.expect("back");
        b.wait_text("h1", "Bookings").await;
        assert_eq!(b.path().await, "/bookings");
    })
    .await;
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn invoice_detail_links_reach_booking_animal_and_customer() {
    let server = app().await;
    let url = server.url();
    scenario(|b| async move {
        b.goto(&format!("{url}/invoices")).await;
        b.click("a.kd-row-link[href='/invoices/i-1']").await;
        b.wait_text("h1", "Invoice INV-1").await;
        let fields = b.wait_text(".kd-fields", "Bella").await;
        for expected in [
            "€120.00",
            "EUR",
            "Open",
            "c-1",
            "b-1",
            "In the house",
            "i-1",
        ] {
            assert!(fields.contains(expected), "{expected} in {fields}");
        }
        assert!(
            fields.contains(&format!(
                "{} → {}",
                shown_date(&day(-1)),
                shown_date(&day(2))
            )),
            "the booking's dates: {fields}"
        );

        b.click(".kd-fields a.kd-animal-link").await;
        b.wait_text("h1", "Bella").await;
        assert_eq!(b.path().await, "/animals/a-1");
        b.client.back().await.expect("back");

        b.click(".kd-fields a.kd-customer-link").await;
        b.wait_text("h1", "Customer c-1").await;
        assert_eq!(b.path().await, "/customers/c-1");
        b.client.back().await.expect("back");

        b.click(".kd-fields a[href='/bookings/b-1']").await;
        b.wait_text("h1", "Booking b-1").await;
        // The booking page links its customer too.
        b.click(".kd-fields a.kd-customer-link").await;
        b.wait_text("h1", "Customer c-1").await;
    })
    .await;
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn customer_page_lists_exactly_that_customers_records_and_open_balance() {
    let server = app().await;
    let url = server.url();
    scenario(|b| async move {
        b.goto(&format!("{url}/customers/c-1")).await;
        b.wait_text("h1", "Customer c-1").await;
        b.wait_text(".kd-customer-animals", "Rex").await;
        let animals = b.texts(".kd-customer-animals li", 2).await;
        assert_eq!(animals, ["Bella", "Rex"]);
        let tables = b.texts(".kd-table--bookings", 4).await;
        assert_eq!(tables.len(), 4, "now, upcoming, past, without dates");
        let booking_ids = |t: &str| {
            ["b-1", "b-2", "b-3", "b-4", "b-5"]
                .into_iter()
                .filter(|id| t.contains(id))
                .collect::<Vec<_>>()
        };
        assert_eq!(booking_ids(&tables[0]), ["b-1"], "now: {}", tables[0]);
        assert_eq!(booking_ids(&tables[1]), ["b-2"], "upcoming: {}", tables[1]);
        assert_eq!(booking_ids(&tables[2]), ["b-3"], "past: {}", tables[2]);
        // Dates it cannot read are never guessed into a group (as text, "24.12.2026" came
        // after today), as on the animal's page.
        assert_eq!(booking_ids(&tables[3]), ["b-5"], "undated: {}", tables[3]);
        let headings =
            "return [...document.querySelectorAll('.kd-page h2')].map(h => h.textContent);";
        assert_eq!(
            crate::places::js(&b, headings).await,
            json!([
                "Open balance",
                "Now",
                "Upcoming",
                "Past",
                "Without dates",
                "Animals",
                "Invoices"
            ])
        );
        // Every row is this customer's: no table repeats the customer in a column of its own.
        let headers = "return [...document.querySelectorAll('.kd-page table')].map(t => \
            [...t.querySelectorAll('thead th')].map(th => th.textContent.trim()).join(' | '));";
        let bookings = "Dates | Time | Status | Animal | Location | Care";
        let invoice_headers = "Number | Date | Amount | Status | Booking";
        assert_eq!(
            crate::places::js(&b, headers).await,
            json!([bookings, bookings, bookings, bookings, invoice_headers])
        );
        let links = "return document.querySelectorAll('.kd-page table .kd-customer-link').length;";
        assert_eq!(crate::places::js(&b, links).await, json!(0));
        let invoices = b.texts(".kd-table--invoices tbody tr", 4).await;
        let mut numbers: Vec<_> = invoices
            .iter()
            .filter_map(|r| r.split_whitespace().next().map(str::to_string))
            .collect();
        numbers.sort();
        let mut want: Vec<_> = INVOICES
            .iter()
            .filter(|r| r.6 == "c-1")
            .map(|r| r.1.to_string())
            .collect();
        want.sort();
        assert_eq!(numbers, want);
        let balance = shown_sums(&b, ".kd-balance").await;
        assert_eq!(balance, expected_sums(|r| r.6 == "c-1" && owed(r.5)));
        assert_eq!(
            balance["EUR"], "110.00",
            "120 open minus the 20 credit note plus 10 overdue"
        );
        // The same invoices in the invoice list, to search, sort or export: the customer's
        // id had to be typed there by hand.
        b.click(".kd-in-list a").await;
        b.wait_text("h1", "Invoices").await;
        assert_eq!(b.path().await, "/invoices");
        let listed = b.texts(".kd-table--invoices tbody tr", want.len()).await;
        let mut listed: Vec<_> = listed
            .iter()
            .filter_map(|r| r.split_whitespace().next().map(str::to_string))
            .collect();
        listed.sort();
        assert_eq!(listed, want, "every status of c-1's, and only those");
        let customer = "return document.querySelector(\"input[name='customer']\").value;";
        assert_eq!(crate::places::js(&b, customer).await, json!("c-1"));
        b.client.back().await.expect("back");

        // A customer with nothing open says so (it was a lone "—" in the balance's box).
        b.goto(&format!("{url}/customers/c-9")).await;
        b.wait_text(".kd-table--bookings tbody", "b-6").await;
        assert_eq!(
            b.wait_text(".kd-balance ul", "Nothing open.").await,
            "Nothing open."
        );
        b.goto(&format!("{url}/customers/c-404")).await;
        b.wait_text(
            ".kd-state--not-found",
            "No bookings or invoices for customer c-404.",
        )
        .await;
    })
    .await;
    server.stop().await;
}

/// A customer's stays and animals do not wait on the invoices: with the invoice list failing,
/// the page shows them, the balance as not known and the invoices' error with its Retry (it
/// showed the error alone). A customer no booking names still waits for the invoices.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_customers_stays_show_while_the_invoices_fail() {
    let faults = Faults::default();
    let server = serve(dataset(), Some(dist()), faults.clone()).await;
    let (url, stats) = (server.url(), server.stats());
    scenario(|b| async move {
        faults.set(FaultSettings::fault(Fault::Status(400)).on_path("/api/invoices"));
        // Named by invoices only (no booking): the page waits for them, and says their error.
        b.goto(&format!("{url}/customers/c-3")).await;
        b.wait_text(".kd-state--error", "HTTP 400").await;
        let stays = "return document.querySelectorAll('.kd-table--bookings, .kd-state--not-found, .kd-balance').length;";
        assert_eq!(crate::places::js(&b, stays).await, json!(0));

        b.goto(&format!("{url}/customers/c-1")).await;
        b.wait_text("h1", "Customer c-1").await;
        b.wait_text(".kd-customer-animals", "Rex").await;
        b.wait_text(".kd-state--error", "HTTP 400").await;
        let tables = b.texts(".kd-table--bookings", 4).await;
        assert!(tables[0].contains("b-1"), "{}", tables[0]);
        // The dash is seen; a screen reader hears why the balance is blank.
        let balance = b.wait_text(".kd-balance ul", "").await;
        assert!(
            balance.starts_with("—") && balance.contains("not known until the invoices are in"),
            "{balance}"
        );
        let invoice_tables = "return document.querySelectorAll('.kd-table--invoices').length;";
        assert_eq!(crate::places::js(&b, invoice_tables).await, json!(0));

        // The error on screen may still be c-3's: the fault stays until c-1's own request
        // has been answered with it (the service counts a request as it decides its fault).
        crate::frontdesk::wait_for("c-1's invoice request", true, || async {
            stats.requests("/api/invoices") >= 2
        })
        .await;
        // A mark on the stays' table: it must be the same element once the invoices are in,
        // so a keyboard user's place in the stays is kept.
        let mark = "document.querySelector('.kd-table--bookings').kdMark = 1; return true;";
        assert_eq!(crate::places::js(&b, mark).await, json!(true));
        faults.clear();
        b.click(".kd-state--error button").await;
        b.wait_text(".kd-table--invoices tbody", "INV-1").await;
        let kept = "return document.querySelector('.kd-table--bookings').kdMark === 1;";
        assert_eq!(crate::places::js(&b, kept).await, json!(true), "stays rebuilt");
        let balance = shown_sums(&b, ".kd-balance").await;
        assert_eq!(balance["EUR"], "110.00");
        b.wait_text(".kd-table--bookings", "b-1").await;

        // A customer no booking names has the link to its invoices in the list too (the
        // review: only the page built from bookings had it).
        b.goto(&format!("{url}/customers/c-3")).await;
        b.wait_text(".kd-table--invoices tbody", "INV-12").await;
        let link = "return document.querySelector('.kd-in-list a').getAttribute('href');";
        assert_eq!(
            crate::places::js(&b, link).await,
            json!("/invoices?customer=c-3&status=all")
        );
    })
    .await;
    server.stop().await;
}

/// The invoice list fails from the start: its chips show no count, where "…" read as still
/// loading beside the error (a review); with the list, the counts come.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_chips_do_not_look_like_loading_while_the_list_has_failed() {
    let faults = Faults::default();
    let server = serve(dataset(), Some(dist()), faults.clone()).await;
    let url = server.url();
    scenario(|b| async move {
        faults.set(FaultSettings::fault(Fault::Status(400)).on_path("/api/invoices"));
        b.goto(&format!("{url}/invoices")).await;
        b.wait_text(".kd-state--error", "HTTP 400").await;
        let counts =
            "return [...document.querySelectorAll('.kd-chip__count')].map(e => e.textContent);";
        assert_eq!(crate::places::js(&b, counts).await, json!(["", "", ""]));
        faults.clear();
        b.click(".kd-state--error button").await;
        b.wait_text("a.kd-chip", "overdue").await;
        let shown = crate::places::js(&b, counts).await;
        let open = INVOICES.iter().filter(|r| owed(r.5)).count().to_string();
        assert_eq!(shown[0], json!(open), "{shown}");
    })
    .await;
    server.stop().await;
}

/// The other way round: with the booking list failing, a customer's page shows its heading,
/// open balance and invoices around the bookings' error and Retry, in place of the stays (it
/// showed the error alone, though the invoices were in). Once the bookings come, the stays.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_customers_invoices_show_while_the_bookings_fail() {
    let faults = Faults::default();
    let server = serve(dataset(), Some(dist()), faults.clone()).await;
    let url = server.url();
    scenario(|b| async move {
        faults.set(FaultSettings::fault(Fault::Status(400)).on_path("/api/bookings"));
        b.goto(&format!("{url}/customers/c-1")).await;
        b.wait_text(".kd-table--invoices tbody", "INV-1").await;
        b.wait_text(".kd-state--error", "HTTP 400").await;
        let balance = shown_sums(&b, ".kd-balance").await;
        assert_eq!(
            balance["EUR"], "110.00",
            "120 open minus the 20 credit note plus 10 overdue"
        );
        // In order: the heading, the balance, the stays' error, the invoices; no stays.
        let order = "return [...document.querySelectorAll('.kd-main h1, .kd-main h2, \
            .kd-balance, .kd-state--error, .kd-table')].map(e => e.tagName === 'TABLE' \
            ? e.className : e.classList[0] || e.textContent.trim());";
        assert_eq!(
            crate::places::js(&b, order).await,
            json!([
                "Customer c-1",
                "kd-totals",
                "Open balance",
                "Stays",
                "kd-state",
                "Invoices",
                "kd-table kd-table--invoices"
            ])
        );
        faults.clear();
        b.click(".kd-state--error button").await;
        b.wait_text(".kd-table--bookings", "b-1").await;
        b.wait_text(".kd-table--invoices tbody", "INV-1").await;
        b.wait_text(".kd-customer-animals", "Rex").await;
        let after = "return [document.querySelectorAll('.kd-main h1').length, \
            document.querySelectorAll('.kd-balance').length, \
            document.querySelectorAll('.kd-state--error').length];";
        assert_eq!(crate::places::js(&b, after).await, json!([1, 1, 0]));
    })
    .await;
    server.stop().await;
}

/// An invoice naming a booking the service does not know says so; it said "could not be
/// loaded", as for a dropped network, and sent staff to check the Wi-Fi.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_invoice_whose_booking_is_unknown_says_so() {
    let mut data = dataset();
    data.invoices.push(json!({
        "id": "i-99", "number": "INV-99", "date": "2026-11-01", "amount": 5,
        "currency": "EUR", "status": "open", "customerId": "c-1", "bookingId": "b-gone"
    }));
    let server = serve(data, Some(dist()), Faults::default()).await;
    let url = server.url();
    scenario(|b| async move {
        b.goto(&format!("{url}/invoices/i-99")).await;
        b.wait_text("h1", "INV-99").await;
        let fields = b
            .wait_text(".kd-fields", "the kennel service has no such booking")
            .await;
        assert!(!fields.contains("could not be loaded"), "{fields}");
    })
    .await;
    server.stop().await;
}

/// A search finds invoices by their animal's name in a kennel of more than 300 bookings.
/// It found nothing there before: a limit of 300 meant for animals counted bookings, and no
/// name was fetched (an exploratory tester's 301 bookings; "Flocke" at 2 000). The names come
/// by the name index, and the count says so while they load.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_search_finds_invoices_by_animal_name_in_a_big_kennel() {
    // 400 bookings of 350 animals, one invoice each; Bärli's two invoices come last.
    let animals: Vec<Value> = (1..=350)
        .map(|a| json!({"id": format!("a-{a}"), "name": format!("Pet {a}"), "species": "dog"}))
        .chain([json!({"id": "a-b", "name": "Bärli", "species": "dog"})])
        .collect();
    let bookings: Vec<Value> = (1..=400)
        .map(|n| {
            let animal = if n > 398 {
                "a-b".to_string()
            } else {
                format!("a-{}", 1 + n % 350)
            };
            json!({"id": format!("b-{n}"), "animalId": animal, "customerId": "c-1",
                   "from": day(-5), "to": day(-2), "status": "checked_out"})
        })
        .collect();
    let invoices: Vec<Value> = (1..=400)
        .map(|n| {
            json!({"id": format!("i-{n}"), "number": format!("INV-{n}"), "date": day(-2),
                   "amount": 10, "currency": "EUR", "status": "paid", "customerId": "c-1",
                   "bookingId": format!("b-{n}")})
        })
        .collect();
    let data = json!({"animals": animals, "bookings": bookings, "invoices": invoices});
    let data = Dataset::from_json(&data.to_string()).expect("a valid dataset");
    let server = serve(data, Some(dist()), Faults::default()).await;
    let url = server.url();
    scenario(|b| async move {
        b.goto(&format!("{url}/invoices?status=all&q=barli")).await;
        let shown = wait_rows(&b, 2).await;
        for number in ["INV-399", "INV-400"] {
            assert!(
                shown.iter().any(|r| r.contains(number)),
                "{number}: {shown:?}"
            );
        }
        // Every name in, the loading part of the count ("· names: 120 of 351 loaded") goes.
        let count = || async {
            let read = "return document.querySelector('.kd-count__text').textContent;";
            crate::places::js(&b, read).await
        };
        crate::frontdesk::wait_for("the count alone", json!("2 of 400 invoices"), count).await;
    })
    .await;
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn csv_download_equals_the_visible_table() {
    let server = app().await;
    let url = server.url();
    scenario(|b| async move {
        b.goto(&format!("{url}/invoices?status=all&sort=amount"))
            .await;
        let shown = wait_rows(&b, INVOICES.len()).await;
        assert_eq!(shown.len(), INVOICES.len());
        let table = table_rows(&b).await;
        b.click_text(".kd-listhead .kd-export", "Export CSV").await;
        // Dated, as the bookings' export.
        let text = b
            .downloaded(&format!("invoices-{}.csv", crate::frontdesk::d(0)))
            .await;
        assert!(text.starts_with('\u{feff}'), "{text:?}");
        let mut reader = csv::Reader::from_reader(text.as_bytes());
        let header: Vec<String> = reader
            .headers()
            .expect("header")
            .iter()
            .map(str::to_string)
            .collect();
        assert_eq!(
            header,
            ["Number", "Date", "Amount", "Currency", "Status", "Customer", "Booking"]
        );
        let records: Vec<Vec<String>> = reader
            .records()
            .map(|r| r.expect("record").iter().map(str::to_string).collect())
            .collect();
        assert_eq!(records, table);
        // The non-numeric amount is exported as sent, next to its currency.
        assert!(records.iter().any(|r| r[2] == "n/a"), "{records:#?}");
        // A customer no invoice names: no rows, and no export of the header alone.
        type_customer(&b, "nobody-at-all").await;
        let off = || async {
            let off = "return document.querySelector('.kd-listhead .kd-export').disabled;";
            crate::places::js(&b, off).await
        };
        crate::frontdesk::wait_for("no rows, no export", json!(true), off).await;
    })
    .await;
    server.stop().await;
}

/// As on the booking list: the filters are there before the invoices have come, the chips
/// without counts, and a customer typed meanwhile narrows the list when it comes.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_filters_are_there_before_the_list_and_what_is_typed_meanwhile_narrows_it() {
    let server = app().await;
    let url = server.url();
    hold_back_list(&server.faults(), "/api/invoices");
    scenario(|b| async move {
        b.goto(&format!("{url}/invoices")).await;
        type_customer(&b, "c-2").await;
        let state = "const i = document.querySelector('.kd-invoice-filters input[type=text]'); \
                     return [document.querySelectorAll('.kd-table--invoices').length, \
                     [...document.querySelectorAll('.kd-chip__count')].map(c => c.textContent).join('|'), \
                     i.value, document.activeElement === i, \
                     document.querySelector('.kd-listhead .kd-export').disabled, \
                     document.querySelector('.kd-count__text').textContent];";
        let before = crate::places::js(&b, state).await;
        assert_eq!(before, json!([0, "…|…|…", "c-2", true, true, ""]));
        wait_rows(&b, 3).await;
        let after = crate::places::js(&b, state).await;
        // The chips count what each would show for c-2 (Open 3, Paid 0, All 3, overdue 0).
        assert_eq!(after, json!([1, "3|0|3|0", "c-2", true, false, "3 of 10 invoices"]));
    })
    .await;
    server.stop().await;
}

/// The invoice list's head on a tablet held sideways and a desktop: the five filter fields
/// on one row, the count and "Updated … Refresh" on the next (before, the filters took two
/// rows and the freshness a third: the table 65 px lower at 1024 × 768), steady as a reload's
/// stored copy gives way to the service's answer. Upright, the search has a row of its own.
/// Except on a phone the totals stay in sight at the bottom while the rows scroll under them,
/// and a row reached by Tab is not left under them.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_filters_share_a_row_and_the_totals_stay_in_sight() {
    use crate::places::{assert_fits, emulate, js, wait_for, STILL_STALE};
    use crate::places::{DESKTOP, PHONE, SIDEWAYS, TABLET};
    let faults = Faults::default();
    let server = crate::harness::serve_demo(faults.clone()).await;
    let url = server.url();
    let german = (url.clone(), faults.clone());
    scenario(|b| async move {
        // [the fields' tops, the count's top, Refresh's top, the filters' bottom, the table's
        // top, the totals' top and bottom, the window's height, the totals' position], in
        // the window's coordinates.
        let state = "const at = (e) => e.getBoundingClientRect(); \
            const q = (s) => at(document.querySelector(s)); \
            return [[...document.querySelectorAll('.kd-invoice-filters > *')].map(e => Math.round(at(e).top)), \
            q('.kd-count').top, q('.kd-freshness').top, q('.kd-invoice-filters').bottom, \
            q('.kd-table-wrap').top, q('.kd-totals').top, q('.kd-totals').bottom, innerHeight, \
            getComputedStyle(document.querySelector('.kd-totals')).position] \
            .map(v => typeof v === 'number' ? Math.round(v) : v);";
        for size in [SIDEWAYS, DESKTOP, TABLET, PHONE] {
            emulate(&b, size, true).await;
            b.goto(&format!("{url}/invoices?status=all")).await;
            b.texts(".kd-table--invoices tbody tr", 1).await;
            b.wait_text(".kd-freshness", "Updated").await;
            let at = js(&b, state).await;
            let px = |i: usize| at[i].as_i64().unwrap_or_else(|| panic!("{size:?}: {i}: {at}"));
            let tops: Vec<i64> = at[0]
                .as_array()
                .expect("field tops")
                .iter()
                .filter_map(Value::as_i64)
                .collect();
            assert_eq!(tops.len(), 5, "{size:?}: five fields: {at}");
            if [SIDEWAYS.0, DESKTOP.0].contains(&size.0) {
                assert!(tops.iter().all(|&t| t == tops[0]), "{size:?}: one row: {at}");
                assert_eq!(px(1), px(2), "{size:?}: the count and Refresh on one line: {at}");
                assert!(
                    px(4) - px(3) <= 70,
                    "{size:?}: {} px between the filters and the table: {at}",
                    px(4) - px(3)
                );
            } else if size.0 == TABLET.0 {
                assert!(tops[0] < tops[1], "{size:?}: the search on a row of its own: {at}");
                assert!(tops[1..].iter().all(|&t| t == tops[1]), "{size:?}: the rest one row: {at}");
            }
            assert_fits(&b, &format!("{size:?}: the invoice list")).await;
            if size.0 == SIDEWAYS.0 {
                crate::places::screenshot(&b, "invoices-tablet-sideways").await;
                // By touch, a row's links reach into its padding: the number's text on the
                // date's line, the row no taller than a 44 px target and its padding.
                let row = "const tr = document.querySelector('.kd-table--invoices tbody tr'); \
                    const top = (e) => { const r = document.createRange(); \
                    r.selectNodeContents(e); return r.getBoundingClientRect().top; }; \
                    return [Math.round(tr.getBoundingClientRect().height), \
                    Math.round(top(tr.querySelector('a')) - top(tr.children[1]))];";
                let row = js(&b, row).await;
                assert!(
                    row[0].as_i64().is_some_and(|h| h <= 48),
                    "{size:?}: row height: {row}"
                );
                assert!(row[1].as_i64().is_some_and(|d| d.abs() <= 2), "{size:?}: {row}");
            }
            if size.0 == PHONE.0 {
                // A sixth of the screen is too much: after the table, where they were.
                assert_eq!(at[8], json!("static"), "{size:?}: {at}");
                assert!(px(5) > px(4) + 1000, "{size:?}: the totals after the rows: {at}");
                continue;
            }
            assert_eq!(px(6), px(7), "{size:?}: the totals at the window's bottom: {at}");
            // Rows are built as the page scrolls: scrolled until 700 px are there to scroll.
            wait_for(&b, "scrollTo(0, 700); return scrollY >= 699;", "700 px scrolled").await;
            let scrolled = js(&b, state).await;
            assert!(
                scrolled[4].as_i64().is_some_and(|top| top < 0),
                "{size:?}: scrolled: {scrolled}"
            );
            assert_eq!(scrolled[6], scrolled[7], "{size:?}: still in sight: {scrolled}");
            if size.0 != SIDEWAYS.0 {
                continue;
            }
            // By keyboard, from the button above the table down its rows' links.
            js(&b, "scrollTo(0, 0); document.querySelector('.kd-export').focus(); return 0;").await;
            for _ in 0..40 {
                let el = b.client.active_element().await.expect("focused element");
                el.send_keys("\u{E004}").await.expect("tab");
                let focus = js(
                    &b,
                    "const a = document.activeElement.getBoundingClientRect(); \
                     const t = document.querySelector('.kd-totals').getBoundingClientRect(); \
                     return [document.activeElement.textContent, a.bottom <= t.top + 1];",
                )
                .await;
                assert_eq!(focus[1], json!(true), "{size:?}: under the totals: {focus}");
            }
            // A reload shows the stored copy until the (slow) service answers: the longest
            // text the count's line holds, and the lines stay where they are. From the top:
            // a reload returns to the reader's place (scroll.rs), which the rows tabbed
            // through above had moved down, and the page would then be scrolled under the
            // lines read here while its rows are built again.
            js(&b, "scrollTo(0, 0); return 0;").await;
            tokio::time::sleep(Duration::from_millis(200)).await;
            reload_stored(&b, &faults, &format!("{url}/invoices?status=all"), "Stored copy").await;
            let stale = js(&b, state).await;
            assert_eq!(js(&b, STILL_STALE).await, json!(true), "{size:?}: read too late");
            b.wait_text(".kd-freshness", "Updated").await;
            let fresh = js(&b, state).await;
            assert_eq!(stale[4], fresh[4], "{size:?}: the table moved: {stale} {fresh}");
            assert_eq!(stale[1], stale[2], "{size:?}: one line with the stored copy: {stale}");
            faults.clear();
        }
    })
    .await;
    // German's stored-copy line is the longest: beside it the count's text wraps, the
    // button's does not, and the table stays where it is (a wrapped button moved it 2 px).
    scenario_in("de-DE", |b| async move {
        let (url, faults) = german;
        emulate(&b, SIDEWAYS, true).await;
        b.goto(&format!("{url}/invoices")).await;
        b.texts(".kd-table--invoices tbody tr", 1).await;
        reload_stored(
            &b,
            &faults,
            &format!("{url}/invoices"),
            "Gespeicherte Kopie",
        )
        .await;
        let top = "return [document.querySelector('.kd-table-wrap').getBoundingClientRect().top, \
                   document.querySelector('.kd-export').getBoundingClientRect().height];";
        let stale = js(&b, top).await;
        assert_eq!(js(&b, STILL_STALE).await, json!(true), "read too late");
        b.wait_text(".kd-freshness", "Stand").await;
        assert_eq!(
            js(&b, top).await,
            stale,
            "the table moved, or the button grew"
        );
        faults.clear();
        // Embedded: the bar stays under a host page's fixed footer, and in a narrow column
        // it stays after the table.
        emulate(&b, DESKTOP, false).await;
        b.goto(&format!("{url}/embed.html#/invoices?status=all"))
            .await;
        b.texts(".kd-table--invoices tbody tr", 1).await;
        let host = "const f = document.getElementById('host-footer'); \
            f.style.cssText = 'position: fixed; bottom: 0; left: 0; right: 0'; scrollTo(0, 500); \
            const r = f.getBoundingClientRect(); \
            const hit = document.elementFromPoint(innerWidth / 2, (r.top + r.bottom) / 2); \
            return [getComputedStyle(document.querySelector('.kd-totals')).position, \
            hit.closest('#host-footer') !== null];";
        assert_eq!(
            js(&b, host).await,
            json!(["sticky", true]),
            "the host's footer on top"
        );
        let narrow = "document.getElementById('kennel-desk').style.width = '380px'; \
            return getComputedStyle(document.querySelector('.kd-totals')).position;";
        assert_eq!(js(&b, narrow).await, json!("static"), "a narrow column");
    })
    .await;
    server.stop().await;

    // "Show more" under the bar, reached by Tab from the last row, is scrolled clear of it.
    let server = serve(
        Dataset::generate(300, chrono::Local::now().date_naive()),
        Some(dist()),
        Faults::default(),
    )
    .await;
    let url = server.url();
    scenario(|b| async move {
        emulate(&b, SIDEWAYS, true).await;
        b.goto(&format!("{url}/invoices?status=all")).await;
        b.texts(".kd-table--invoices tbody tr", 1).await;
        // Rows are built as the reader nears the end: scrolled there until all are.
        wait_for(
            &b,
            "scrollTo(0, document.body.scrollHeight); \
             return document.querySelectorAll('.kd-table--invoices tbody tr').length === 200;",
            "the page's 200 rows",
        )
        .await;
        // The button's top 10 px above the bar: on screen, mostly under it.
        let place = "const more = document.querySelector('.kd-more button'); \
            const bar = document.querySelector('.kd-totals').getBoundingClientRect().height; \
            scrollBy(0, more.getBoundingClientRect().top - (innerHeight - bar - 10)); \
            const links = document.querySelectorAll('.kd-table--invoices tbody tr:last-child a'); \
            links[links.length - 1].focus({ preventScroll: true }); \
            return [more.getBoundingClientRect().bottom > innerHeight - bar, \
            more.getBoundingClientRect().top < innerHeight];";
        assert_eq!(
            js(&b, place).await,
            json!([true, true]),
            "set up under the bar"
        );
        let el = b.client.active_element().await.expect("focused element");
        el.send_keys("\u{E004}").await.expect("tab");
        let focus = js(
            &b,
            "const a = document.activeElement; const r = a.getBoundingClientRect(); \
             const t = document.querySelector('.kd-totals').getBoundingClientRect(); \
             return [a.textContent, r.bottom <= t.top + 1];",
        )
        .await;
        assert_eq!(
            focus,
            json!(["Show more", true]),
            "Show more under the totals"
        );
    })
    .await;
    server.stop().await;
}

/// Reloads `url` with the invoice list in the browser's store and the service slowed by
/// 4 s, and waits for the stored copy (`stale`: the language's "Stored copy") and its rows.
async fn reload_stored(b: &Page, faults: &Faults, url: &str, stale: &str) {
    let stored = crate::places::stored("/api invoices");
    crate::places::wait_for(b, &stored, "the list stored").await;
    faults.set(
        devapi::FaultSettings::default()
            .on_path("/api/invoices")
            .delay_ms(4000),
    );
    b.goto(url).await;
    b.wait_text(".kd-freshness--stale", stale).await;
    b.texts(".kd-table--invoices tbody tr", 1).await;
}

/// The header cells of every table on the page, one " | "-joined line per table.
const TABLE_HEADERS: &str = "return [...document.querySelectorAll('.kd-page table')].map(t => \
    [...t.querySelectorAll('thead th')].map(th => th.textContent.trim()).join(' | '));";

/// A booking's page lists that booking's invoices without what is the page itself: no
/// column of its customer (every row is the booking's) and no link back to the booking the
/// reader is on (a review: each row had both). Where an invoice of the booking names another
/// customer than the booking does (the service's records disagree), the column is there to
/// say whose it is. The animal's page, whose invoices span its stays, keeps both columns.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bookings_invoices_leave_out_the_booking_and_its_customer() {
    let mut data = dataset();
    data.invoices.push(json!({
        "id": "i-x", "number": "INV-X", "date": day(-1), "amount": 5, "currency": "EUR",
        "status": "open", "customerId": "c-2", "bookingId": "b-6"
    }));
    let server = serve(data, Some(dist()), Faults::default()).await;
    let url = server.url();
    scenario(|b| async move {
        b.goto(&format!("{url}/bookings/b-1")).await;
        b.wait_text(".kd-table--invoices tbody", "INV-1").await;
        let headers = crate::places::js(&b, TABLE_HEADERS).await;
        assert_eq!(
            headers[0],
            json!("Number | Date | Amount | Status"),
            "{headers}"
        );
        let own =
            "return document.querySelectorAll(\".kd-table--invoices a[href='/bookings/b-1'], \
            .kd-table--invoices .kd-customer-link\").length;";
        assert_eq!(crate::places::js(&b, own).await, json!(0));
        // The invoice's own link is still there.
        b.click(".kd-table--invoices a.kd-row-link[href='/invoices/i-1']")
            .await;
        b.wait_text("h1", "Invoice INV-1").await;

        // c-9's booking, billed to c-2: the customer is said.
        b.goto(&format!("{url}/bookings/b-6")).await;
        b.wait_text(".kd-table--invoices tbody", "INV-X").await;
        let headers = crate::places::js(&b, TABLE_HEADERS).await;
        assert_eq!(
            headers[0],
            json!("Number | Date | Amount | Status | Customer"),
            "{headers}"
        );
        b.wait_text(".kd-table--invoices .kd-customer-link", "c-2")
            .await;

        b.goto(&format!("{url}/animals/a-1")).await;
        b.wait_text(".kd-table--invoices tbody", "INV-2").await;
        let headers = crate::places::js(&b, TABLE_HEADERS).await;
        let last = headers.as_array().and_then(|h| h.last()).cloned();
        assert_eq!(
            last,
            Some(json!(
                "Number | Date | Amount | Status | Customer | Booking"
            )),
            "{headers}"
        );
    })
    .await;
    server.stop().await;
}

/// The customer page's link to its invoices in the invoice list comes with the invoices, and
/// only when there is one: it showed for a customer with none (and led to an empty list),
/// and while the invoices were loading or had failed. (Each case in a browser of its own:
/// once the invoices have come, the page shows the stored copy while they load or fail.)
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_customers_link_to_the_invoice_list_needs_an_invoice() {
    let faults = Faults::default();
    let server = serve(dataset(), Some(dist()), faults.clone()).await;
    let url = server.url();
    let links = "return document.querySelectorAll('.kd-in-list a').length;";
    let (first_faults, first_url) = (faults.clone(), url.clone());
    scenario(|b| async move {
        let (faults, url) = (first_faults, first_url);
        // While the invoices load: the stays, no link yet.
        hold_back_list(&faults, "/api/invoices");
        b.goto(&format!("{url}/customers/c-1")).await;
        b.wait_text(".kd-table--bookings", "b-1").await;
        b.wait_text(".kd-page", "Loading invoices").await;
        assert_eq!(crate::places::js(&b, links).await, json!(0), "loading");
        faults.clear();
        b.wait_text(".kd-table--invoices tbody", "INV-1").await;
        assert_eq!(crate::places::js(&b, links).await, json!(1), "loaded");

        // A customer with stays and no invoice: no link to an empty list.
        b.goto(&format!("{url}/customers/c-9")).await;
        b.wait_text(".kd-page", "No invoices for this customer.")
            .await;
        assert_eq!(crate::places::js(&b, links).await, json!(0), "none");
    })
    .await;
    scenario(|b| async move {
        // The invoices failed: the error and its Retry, no link to the same failure.
        faults.set(FaultSettings::fault(Fault::Status(400)).on_path("/api/invoices"));
        b.goto(&format!("{url}/customers/c-1")).await;
        b.wait_text(".kd-state--error", "HTTP 400").await;
        b.wait_text(".kd-table--bookings", "b-1").await;
        assert_eq!(crate::places::js(&b, links).await, json!(0), "failed");
        faults.clear();
        b.click(".kd-state--error button").await;
        b.wait_text(".kd-table--invoices tbody", "INV-1").await;
        assert_eq!(crate::places::js(&b, links).await, json!(1), "retried");
    })
    .await;
    server.stop().await;
}

/// A search by an animal's name typed before the names have come matches nothing yet: the
/// empty state says names are still loading, not "No invoices match" as a fact (a manager
/// typing within seconds of opening the list read that Mimi had no invoice). Once the names
/// are in, the invoice comes; a name no animal has is then "No invoices match".
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_search_waiting_for_names_says_matches_may_still_come() {
    let server = app().await;
    let (url, faults) = (server.url(), server.faults());
    scenario(|b| async move {
        faults.set(
            devapi::FaultSettings::default()
                .on_path("/api/animals/")
                .delay_ms(3000),
        );
        b.goto(&format!("{url}/invoices?status=all&q=Mimi")).await;
        b.wait_text(".kd-state--empty", "No invoices match this search yet")
            .await;
        let rows = wait_rows(&b, 1).await;
        assert!(rows[0].contains("INV-3"), "{rows:?}");
        let empty = "return document.querySelectorAll('.kd-state--empty').length;";
        assert_eq!(crate::places::js(&b, empty).await, json!(0));
        faults.clear();
        crate::frontdesk::type_search(&b, "Nobodyatall").await;
        b.wait_text(".kd-state--empty", "No invoices match this filter.")
            .await;
    })
    .await;
    server.stop().await;
}

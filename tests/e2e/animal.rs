//! The animal profile against a fixture built relative to today, so every vaccination mark
//! and every stay group is known exactly whatever day the tests run on.

use super::{scenario, scenario_in};
use crate::harness::{dist, serve, shown_date};
use chrono::{Days, Local, NaiveDate};
use devapi::{Dataset, Fault, FaultSettings, Faults, Server};
use fantoccini::Locator;
use serde_json::json;

fn day(offset: i64) -> NaiveDate {
    let today = Local::now().date_naive();
    let shifted = if offset >= 0 {
        today.checked_add_days(Days::new(offset.unsigned_abs()))
    } else {
        today.checked_sub_days(Days::new(offset.unsigned_abs()))
    };
    shifted.expect("a date near today")
}

fn iso(offset: i64) -> String {
    day(offset).format("%Y-%m-%d").to_string()
}

/// Rex has one expired, one soon and one valid vaccination and stays in every group; Luna
/// has no vaccinations; Pip's only vaccination is valid, written the German way.
fn dataset() -> Dataset {
    let rex_vaccinations = format!(
        "Rabies {}; DHPP exp. {}; Kennel cough valid until {}",
        iso(-40),
        iso(3),
        iso(200)
    );
    let pip_vaccinations = format!("RHD bis {}", day(200).format("%d.%m.%Y"));
    let booking = |id: &str, animal: &str, from: i64, to: i64, status: &str| {
        json!({"id": id, "animalId": animal, "customerId": "c-77", "from": iso(from), "to": iso(to),
               "status": status, "time": "09:00", "location": "Run C1"})
    };
    let invoice = |id: &str, booking: &str, amount: f64, currency: &str, status: &str| {
        json!({"id": id, "number": id.to_uppercase(), "date": iso(-1), "amount": amount,
               "currency": currency, "status": status, "customerId": "c-77", "bookingId": booking})
    };
    Dataset {
        animals: vec![
            json!({"id": "v-1", "name": "Rex", "species": "dog", "breed": "Beagle", "customerId": "c-77",
                   "vaccinations": rex_vaccinations, "group": "Small dogs"}),
            json!({"id": "v-2", "name": "Luna", "species": "cat", "breed": "Siamese", "customerId": "c-78",
                   "vaccinations": null, "group": "Cats"}),
            json!({"id": "v-3", "name": "Pip", "species": "small animal", "breed": "Rabbit",
                   "customerId": "c-79", "vaccinations": pip_vaccinations, "group": "Small animals"}),
        ],
        bookings: vec![
            booking("s-now", "v-1", -2, 2, "in_house"),
            booking("s-up", "v-1", 10, 14, "confirmed"),
            booking("s-past", "v-1", -60, -55, "checked_out"),
            booking("s-past2", "v-1", -30, -28, "checked_out"),
            booking("s-luna", "v-2", 0, 1, "arriving_today"),
            booking("s-pip", "v-3", -1, 0, "pickup"),
        ],
        invoices: vec![
            invoice("inv-1", "s-now", 120.0, "EUR", "open"),
            invoice("inv-2", "s-past", 80.5, "EUR", "paid"),
            invoice("inv-3", "s-past2", 42.35, "CHF", "open"),
            invoice("inv-4", "s-luna", 99.0, "EUR", "open"),
        ],
    }
}

async fn app() -> Server {
    serve(dataset(), Some(dist()), Faults::default()).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn animal_profile_marks_vaccinations_and_splits_stays_relative_to_today() {
    let server = app().await;
    let url = server.url();
    scenario(|b| async move {
        b.goto(&format!("{url}/animals/v-1")).await;
        b.wait_text("h1", "Rex").await;
        let fields = b.wait_text(".kd-fields", "Beagle").await;
        assert!(fields.contains("Dog"), "{fields}");
        b.wait_text(".kd-fields .kd-group-chip", "Small dogs").await;
        let owner = b
            .client
            .find(Locator::Css(".kd-fields a.kd-owner-link"))
            .await
            .expect("owner link");
        assert_eq!(owner.text().await.expect("text"), "c-77");
        assert_eq!(
            owner.attr("href").await.expect("href").as_deref(),
            Some("/customers/c-77")
        );

        // Each entry with its date, its mark and the days left or overdue.
        let entries = b.texts(".kd-vaccs .kd-vacc", 3).await;
        assert_eq!(entries.len(), 3, "{entries:#?}");
        vaccination(
            &b,
            "expired",
            "Rabies",
            &iso(-40),
            "Expired",
            "40 days overdue",
        )
        .await;
        vaccination(&b, "soon", "DHPP", &iso(3), "Expires soon", "3 days left").await;
        vaccination(
            &b,
            "valid",
            "Kennel cough",
            &iso(200),
            "Valid",
            "200 days left",
        )
        .await;
        // Worst state wins on the profile's badge.
        b.wait_text(
            ".kd-page__head .kd-vacc-badge--expired",
            "Vaccination expired",
        )
        .await;
        // The string as sent is one tap away.
        b.click(".kd-vaccs-raw summary").await;
        b.wait_text(".kd-vaccs-raw", &format!("Rabies {}; DHPP exp.", iso(-40)))
            .await;

        // Stays: now, upcoming, past (most recent first), each linking to its booking.
        let now = b.texts(".kd-stays--now tbody tr", 1).await;
        assert_eq!(now.len(), 1, "{now:#?}");
        assert!(now[0].contains("s-now"), "{now:#?}");
        let upcoming = b.texts(".kd-stays--upcoming tbody tr", 1).await;
        assert_eq!(upcoming.len(), 1, "{upcoming:#?}");
        assert!(upcoming[0].contains("s-up"), "{upcoming:#?}");
        let past = b.texts(".kd-stays--past tbody tr", 2).await;
        assert_eq!(past.len(), 2, "{past:#?}");
        assert!(
            past[0].contains("s-past2") && past[1].contains("s-past"),
            "{past:#?}"
        );

        // The invoices of those stays, and what is still open per currency.
        let invoices = b.texts(".kd-table--invoices tbody tr", 3).await;
        assert_eq!(
            invoices.len(),
            3,
            "Luna's invoice is not Rex's: {invoices:#?}"
        );
        assert!(
            invoices
                .iter()
                .any(|r| r.contains("INV-2") && r.contains("Paid")),
            "{invoices:#?}"
        );
        let balance = b.wait_text(".kd-balance", "€120.00").await;
        assert!(balance.contains("CHF 42.35"), "{balance}");
        assert!(!balance.contains("80.50"), "paid is not open: {balance}");

        b.click(".kd-stays--upcoming a.kd-row-link[href='/bookings/s-up']")
            .await;
        b.wait_text("h1", "Booking s-up").await;
    })
    .await;
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn animal_without_vaccinations_says_so_and_unknown_animal_is_not_found() {
    let server = app().await;
    let url = server.url();
    scenario(|b| async move {
        b.goto(&format!("{url}/animals/v-2")).await;
        b.wait_text("h1", "Luna").await;
        b.wait_text(".kd-vaccs-none", "No vaccinations on record")
            .await;
        b.wait_text(
            ".kd-page__head .kd-vacc-badge--none",
            "No vaccinations on record",
        )
        .await;
        // Now, with nothing ahead or behind: every group says so.
        b.wait_text(".kd-stays--now tbody", "s-luna").await;
        b.wait_text(".kd-stays--upcoming", "Nothing booked ahead.")
            .await;
        b.wait_text(".kd-stays--past", "No earlier stays.").await;

        b.goto(&format!("{url}/animals/v-404")).await;
        b.wait_text(".kd-state--not-found", "No animal with id v-404.")
            .await;
        // The message is the page's one heading (heading navigation found none) and the
        // tab's title.
        let heading = "return [document.querySelectorAll('h1').length, \
             document.querySelector('h1').textContent, document.title];";
        let want = json!([
            1,
            "No animal with id v-404.",
            "No animal with id v-404. · Kennel Desk"
        ]);
        // The title follows the heading a moment later (the navigation's wait for it).
        crate::data::eventually("the message as the heading and the title", || async {
            crate::places::js(&b, heading).await == want
        })
        .await;
        b.click(".kd-state--not-found a[href='/bookings']").await;
        b.wait_text(".kd-table--bookings tbody", "s-now").await;
    })
    .await;
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn booking_list_badge_agrees_with_the_profile() {
    let server = app().await;
    let url = server.url();
    scenario(|b| async move {
        b.goto(&format!("{url}/bookings")).await;
        let row = |id: &'static str, badge: &'static str| {
            let b = b.clone();
            async move {
                let css = format!(".kd-table--bookings tbody tr:has(a[href='/bookings/{id}'])");
                b.wait_text(&css, badge).await
            }
        };
        row("s-now", "Vaccination expired").await;
        row("s-up", "Vaccination expired").await;
        row("s-luna", "No vaccinations on record").await;
        row("s-pip", "Vaccinations valid").await;

        // The booking detail shows the same badge beside the animal.
        b.click("a.kd-row-link[href='/bookings/s-now']").await;
        b.wait_text(".kd-fields", "Vaccination expired").await;
        // And the profile agrees.
        b.click_text(".kd-fields a.kd-animal-link", "Rex").await;
        b.wait_text(".kd-page__head .kd-vacc-badge", "Vaccination expired")
            .await;
        b.goto(&format!("{url}/animals/v-3")).await;
        b.wait_text(".kd-page__head .kd-vacc-badge--valid", "Vaccinations valid")
            .await;
        b.wait_text(".kd-vacc--valid", "RHD").await;
    })
    .await;
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn failed_stays_list_keeps_the_profile_usable_and_retry_recovers() {
    let faults = Faults::default();
    let server = serve(dataset(), Some(dist()), faults.clone()).await;
    let url = server.url();
    scenario(|b| async move {
        // The list of bookings fails while the animal and the invoices answer: the profile's
        // stays cannot load. (Opened directly: the booking page now loads the list itself, for
        // the animal's other stays.)
        faults.set(FaultSettings::fault(Fault::Status(503)).on_path("/api/bookings"));
        b.goto(&format!("{url}/animals/v-1")).await;
        b.wait_text(".kd-state--error", "Retry").await;
        // Everything read from the animal itself is still there.
        b.wait_text("h1", "Rex").await;
        b.wait_text(".kd-vacc--soon", "DHPP").await;
        b.wait_text(".kd-fields", "Beagle").await;
        b.wait_text(
            ".kd-state--empty",
            "Invoices cannot be matched until the stays load.",
        )
        .await;
        faults.clear();
        b.click(".kd-state--error button").await;
        b.wait_text(".kd-stays--now tbody", "s-now").await;
        b.wait_text(".kd-balance", "€120.00").await;
    })
    .await;
    server.stop().await;
}

/// A booking can name an animal the service does not know (the board links "v-404 (unknown
/// animal)" to its page) or whose record it cannot give just now. The animal's page said
/// only "No animal with id v-404." or the error, though the booking and invoice lists, in
/// hand, name its stays and invoices: now those show under the message, as when it loads.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_animal_the_service_does_not_know_still_shows_its_stays_and_invoices() {
    let mut data = dataset();
    data.bookings.push(
        json!({"id": "s-gone", "animalId": "v-404", "customerId": "c-80",
        "from": iso(-1), "to": iso(3), "status": "in_house", "location": "Run D2"}),
    );
    data.invoices.push(
        json!({"id": "inv-9", "number": "INV-9", "date": iso(-1), "amount": 55.0,
        "currency": "EUR", "status": "open", "customerId": "c-80", "bookingId": "s-gone"}),
    );
    let faults = Faults::default();
    let server = serve(data, Some(dist()), faults.clone()).await;
    let url = server.url();
    scenario(|b| async move {
        b.goto(&format!("{url}/animals/v-404")).await;
        b.wait_text(".kd-state--not-found", "No animal with id v-404.")
            .await;
        b.wait_text(".kd-stays--now tbody", "s-gone").await;
        b.wait_text(".kd-table--invoices tbody", "INV-9").await;
        b.wait_text(".kd-balance", "€55.00").await;
        // The message is still the page's one heading, above the stays' and invoices'.
        let order = "const h = [...document.querySelectorAll('.kd-page--detail :is(h1, h2)')];             return h.map(e => e.tagName + ' ' + e.textContent);";
        assert_eq!(
            crate::places::js(&b, order).await,
            json!(["H1 No animal with id v-404.", "H2 Stays", "H2 Invoices"])
        );

        // A known animal the service answers 404 for (the kennel-api's answer for one it has
        // dropped): its stays and invoices from the lists all the same.
        faults.set(FaultSettings::fault(Fault::Status(404)).on_path("/api/animals/v-1"));
        b.goto(&format!("{url}/animals/v-1")).await;
        b.wait_text(".kd-state--not-found", "No animal with id v-1.")
            .await;
        b.wait_text(".kd-stays--now tbody", "s-now").await;
        b.wait_text(".kd-stays--upcoming tbody", "s-up").await;
        let past = b.texts(".kd-stays--past tbody tr", 2).await;
        assert_eq!(past.len(), 2, "{past:#?}");
        let invoices = b.texts(".kd-table--invoices tbody tr", 3).await;
        assert_eq!(invoices.len(), 3, "{invoices:#?}");
        let balance = b.wait_text(".kd-balance", "€120.00").await;
        assert!(balance.contains("CHF 42.35"), "{balance}");
    })
    .await;
    server.stop().await;
}

/// The animal's record fails (a 500): its error and Retry stand in the profile's place, the
/// stays and invoices below it; Retry brings the profile, the stays staying.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_failing_animal_record_leaves_its_stays_and_invoices_and_retry_brings_it() {
    let faults = Faults::default();
    let server = serve(dataset(), Some(dist()), faults.clone()).await;
    let url = server.url();
    scenario(|b| async move {
        faults.set(FaultSettings::fault(Fault::Status(500)).on_path("/api/animals/v-1"));
        b.goto(&format!("{url}/animals/v-1")).await;
        b.wait_text(".kd-state--error", "Retry").await;
        b.wait_text(".kd-stays--now tbody", "s-now").await;
        b.wait_text(".kd-table--invoices tbody", "INV-1").await;
        b.wait_text(".kd-balance", "€120.00").await;
        // One error on the page: the animal's, above the stays.
        let errors = "return [...document.querySelectorAll('.kd-state--error')].map(e =>             !!(e.compareDocumentPosition(document.querySelector('.kd-stays--now'))             & Node.DOCUMENT_POSITION_FOLLOWING));";
        assert_eq!(crate::places::js(&b, errors).await, json!([true]));
        faults.clear();
        b.click(".kd-state--error button").await;
        b.wait_text("h1", "Rex").await;
        b.wait_text(".kd-fields", "Beagle").await;
        b.wait_text(".kd-stays--now tbody", "s-now").await;
        b.wait_text(".kd-table--invoices tbody", "INV-1").await;
    })
    .await;
    server.stop().await;
}

/// The stays and invoices are asked for alongside the animal, not after it: with the
/// animal's request unanswered they were not requested at all.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_animals_stays_and_invoices_load_while_its_record_hangs() {
    let faults = Faults::default();
    let server = serve(dataset(), Some(dist()), faults.clone()).await;
    let url = server.url();
    scenario(|b| async move {
        faults.set(FaultSettings::fault(Fault::Hang(None)).on_path("/api/animals/v-1"));
        b.goto(&format!("{url}/animals/v-1")).await;
        b.wait_text(".kd-stays--now tbody", "s-now").await;
        b.wait_text(".kd-table--invoices tbody", "INV-1").await;
        // The record is still not in (it never answers; the app gives up after its time-out
        // and says so): no profile above them.
        let head = "return document.querySelector('.kd-page__head') === null;";
        assert_eq!(crate::places::js(&b, head).await, json!(true));
        faults.clear();
    })
    .await;
    server.stop().await;
}

/// Waits for the vaccination entry marked `state` (`valid`, `soon`, `expired`) that names
/// `name`, and checks it shows its date (`iso`, as the service writes it, shown as the app
/// shows dates), its `mark` and its `days` left or overdue.
pub(crate) async fn vaccination(
    b: &crate::harness::Page,
    state: &str,
    name: &str,
    iso: &str,
    mark: &str,
    days: &str,
) {
    let entry = b.wait_text(&format!(".kd-vacc--{state}"), name).await;
    assert!(
        entry.contains(&shown_date(iso)) && entry.contains(mark) && entry.contains(days),
        "{entry}"
    );
}

/// [the top, bottom and left of the page's first line ("Updated … Refresh", or a failed
/// refresh's notice), the heading's top, bottom and right, the top of what follows the page's
/// head, the head's bottom (a long name's badge may take a second line)], in the window's
/// coordinates.
const HEAD: &str = "const at = (s) => document.querySelector(s).getBoundingClientRect(); \
    const f = at('.kd-page--detail > :first-child'), h = at('.kd-page--detail h1'), \
    n = at('.kd-page--detail > .kd-page__head + *'), d = at('.kd-page--detail > .kd-page__head'); \
    return [f.top, f.bottom, f.left, h.top, h.bottom, h.right, n.top, d.bottom].map(Math.round);";

/// The page's own line, first in it: the animal's stays and invoices have lines of their own
/// after a reload, further down.
const LINE: &str = ".kd-page--detail > .kd-freshness:first-child";

/// A name long enough that its badge wraps under it when the heading has less room.
const LONG_NAME: &str = "Princess Buttercup of Applewood";

/// A name with nowhere to break (it widened a phone's page to 902 px and ran under "Updated"
/// beside it on a tablet).
const UNBROKEN_NAME: &str = "Supercalifragilisticexpialidociousdogwithnospacesatallinthename";

/// A record's page (an animal, a booking, an invoice, a customer) where there is room (a
/// tablet held sideways, a desktop): "Updated … Refresh" beside the heading, not on a line of
/// its own above it; on an upright tablet and a phone above it, as before. Beside it, the heading keeps its room and its lines in every
/// state of that line, also with a long name: a reload's stored copy, a refresh under way, a
/// failed refresh's notice and the answer after each, in English and in German.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_records_refresh_sits_beside_its_heading_where_there_is_room() {
    use crate::places::{emulate, js, stored, wait_for, DESKTOP, PHONE, SIDEWAYS, TABLET};
    let faults = Faults::default();
    let mut data = dataset();
    let mut long = data.animals[0].clone();
    long["id"] = json!("v-9");
    long["name"] = json!(LONG_NAME);
    data.animals.push(long);
    let mut unbroken = data.animals[0].clone();
    unbroken["id"] = json!("v-8");
    unbroken["name"] = json!(UNBROKEN_NAME);
    data.animals.push(unbroken);
    let server = serve(data, Some(dist()), faults.clone()).await;
    let url = server.url();
    let german = (url.clone(), faults.clone());
    scenario(|b| async move {
        for size in [SIDEWAYS, DESKTOP, TABLET, PHONE] {
            emulate(&b, size, true).await;
            let wide = [SIDEWAYS.0, DESKTOP.0].contains(&size.0);
            for (path, heading) in [
                ("/animals/v-1", "Rex"),
                ("/animals/v-9", LONG_NAME),
                ("/animals/v-8", UNBROKEN_NAME),
                ("/bookings/s-now", "Booking s-now"),
                ("/invoices/inv-1", "Invoice INV-1"),
                ("/customers/c-77", "Customer c-77"),
            ] {
                b.goto(&format!("{url}{path}")).await;
                b.wait_text(".kd-page--detail h1", heading).await;
                b.wait_text(LINE, "Updated").await;
                let at = js(&b, HEAD).await;
                let px = |i: usize| {
                    at[i]
                        .as_i64()
                        .unwrap_or_else(|| panic!("{path}: {i}: {at}"))
                };
                // Nothing wider than the screen, whatever the name.
                let sideways = js(
                    &b,
                    "return document.documentElement.scrollWidth - document.documentElement.clientWidth;",
                )
                .await;
                assert_eq!(sideways, json!(0), "{size:?} {path}: no sideways scroll");
                if wide {
                    assert!(
                        px(0) < px(4) && px(3) < px(1) && px(2) >= px(5),
                        "{size:?} {path}: beside the heading: {at}"
                    );
                    assert!(
                        px(6) - px(1).max(px(7)) <= 20,
                        "{size:?} {path}: no empty line under the head: {at}"
                    );
                } else {
                    assert!(px(1) <= px(3), "{size:?} {path}: above the heading: {at}");
                }
            }
        }
        let page = format!("{url}/animals/v-9");
        emulate(&b, SIDEWAYS, true).await;
        b.goto(&page).await;
        b.wait_text(LINE, "Updated").await;
        let fresh = js(&b, HEAD).await;
        // A refresh under way: "Updated … · refreshing…" for 4 s.
        faults.set(
            FaultSettings::default()
                .on_path("/api/animals/v-9")
                .delay_ms(4000),
        );
        b.click(&format!("{LINE} button")).await;
        b.wait_text(LINE, "refreshing").await;
        steady(&b, &fresh, "refreshing").await;
        let text = js(
            &b,
            &format!("return document.querySelector('{LINE}').innerText;"),
        )
        .await;
        assert!(
            text.as_str().is_some_and(|t| t.contains("refreshing")),
            "read too late: {text}"
        );
        wait_for(
            &b,
            &format!("return !document.querySelector('{LINE}').innerText.includes('refreshing');"),
            "the answer",
        )
        .await;
        steady(&b, &fresh, "refreshed").await;
        // A failed refresh: its notice takes a full line above the heading (in the line's
        // half-width box its message took up to seven lines).
        faults.set(FaultSettings::fault(Fault::Status(503)).on_path("/api/animals/v-9"));
        b.click(&format!("{LINE} button")).await;
        b.wait_text(
            ".kd-page--detail > .kd-notice:first-child",
            "Could not refresh",
        )
        .await;
        let failed = js(&b, HEAD).await;
        let px = |i: usize| {
            failed[i]
                .as_i64()
                .unwrap_or_else(|| panic!("{i}: {failed}"))
        };
        assert!(px(1) <= px(3), "the notice above the heading: {failed}");
        let wide = "const n = document.querySelector('.kd-page--detail > .kd-notice'); \
            return n.getBoundingClientRect().width >= n.parentElement.clientWidth - 1;";
        assert_eq!(js(&b, wide).await, json!(true), "the notice a full line");
        faults.clear();
        b.click(".kd-page--detail > .kd-notice:first-child button")
            .await;
        b.wait_text(LINE, "Updated").await;
        steady(&b, &fresh, "retried").await;
        // A reload with the animal in the browser's store and the service slow.
        wait_for(&b, &stored("/api animals"), "the animal stored").await;
        reload_steady(&b, &faults, &page, &fresh, "Stored copy", "Updated").await;
    })
    .await;
    scenario_in("de-DE", |b| async move {
        let (url, faults) = german;
        let page = format!("{url}/animals/v-9");
        for size in [SIDEWAYS, DESKTOP] {
            emulate(&b, size, true).await;
            b.goto(&page).await;
            b.wait_text(LINE, "Stand").await;
            let fresh = js(&b, HEAD).await;
            wait_for(&b, &stored("/api animals"), "the animal stored").await;
            reload_steady(&b, &faults, &page, &fresh, "Gespeicherte Kopie", "Stand").await;
        }
    })
    .await;
    server.stop().await;
}

/// Checks the page's head against `fresh` (read with the answer on screen): the same lines
/// in the same places, the page's line beside the heading.
async fn steady(b: &crate::harness::Page, fresh: &serde_json::Value, what: &str) {
    let now = crate::places::js(b, HEAD).await;
    assert_eq!(now, *fresh, "{what}: moved: {fresh} -> {now}");
    let px = |i: usize| {
        now[i]
            .as_i64()
            .unwrap_or_else(|| panic!("{what}: {i}: {now}"))
    };
    assert!(px(2) >= px(5), "{what}: beside the heading: {now}");
}

/// Reloads `page` with the animal's answer 4 s late and checks the head, while the stored
/// copy (`stale`) is shown and once the answer (`fresh`) is, against `fresh_at`.
async fn reload_steady(
    b: &crate::harness::Page,
    faults: &Faults,
    page: &str,
    fresh_at: &serde_json::Value,
    stale: &str,
    fresh: &str,
) {
    use crate::places::js;
    faults.set(
        FaultSettings::default()
            .on_path("/api/animals/v-9")
            .delay_ms(4000),
    );
    b.goto(page).await;
    let stale_line = ".kd-page--detail > .kd-freshness--stale:first-child";
    b.wait_text(stale_line, stale).await;
    steady(b, fresh_at, stale).await;
    let still = format!("return document.querySelector('{stale_line}') !== null;");
    assert_eq!(js(b, &still).await, json!(true), "{page}: read too late");
    // The stored copy's sentence has no "Updated" / "Stand": this waits for the answer.
    b.wait_text(LINE, fresh).await;
    steady(b, fresh_at, fresh).await;
    faults.clear();
}

/// The three stay tables (now, upcoming, past) line their columns up, so an eye going down
/// the page finds each stay's dates, status and location at one place. Each sized its
/// columns by its own rows: with the fixture's notes and places the status column of one
/// group began 60-70 px from the others' at 1280 px.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_three_stay_tables_line_up_their_columns() {
    let mut data = dataset();
    let set = |b: &mut serde_json::Value, location: &str, care: &str| {
        b["location"] = json!(location);
        b["care"] = json!(care);
    };
    set(
        &mut data.bookings[0],
        "Small animal room",
        "Insulin 4 IU at 08:00 and 20:00, with food; check the water bowl twice a day.",
    );
    set(&mut data.bookings[1], "Run 2", "");
    set(&mut data.bookings[2], "Cattery 1", "Quiet.");
    let server = serve(data, Some(dist()), Faults::default()).await;
    let url = server.url();
    scenario(|b| async move {
        for size in [crate::places::DESKTOP, crate::places::SIDEWAYS] {
            crate::places::emulate(&b, size, false).await;
            b.goto(&format!("{url}/animals/v-1")).await;
            b.texts(".kd-stays--past tbody tr", 2).await;
            // Each table's header cells' left edges, as whole pixels.
            let lefts = "return ['now', 'upcoming', 'past'].map(g => \
                [...document.querySelectorAll(`.kd-stays--${g} thead th`)] \
                .map(h => Math.round(h.getBoundingClientRect().left)));";
            let shown = "return ['now', 'upcoming', 'past'].map(g => \
                getComputedStyle(document.querySelector(`.kd-stays--${g} table`)).display);";
            assert_eq!(
                crate::places::js(&b, shown).await,
                json!(["table", "table", "table"]),
                "{size:?}: tables, not cards"
            );
            let lefts = crate::places::js(&b, lefts).await;
            println!("{size:?}: {lefts}");
            assert!(
                lefts[0].as_array().is_some_and(|c| c.len() >= 5),
                "{size:?}: tables with their headers: {lefts}"
            );
            assert!(
                lefts[1] == lefts[0] && lefts[2] == lefts[0],
                "{size:?}: the stay tables' columns begin at different places: {lefts}"
            );
        }
    })
    .await;
    server.stop().await;
}

/// Stays that are over have a status filter of their own, and a stay that ends before it
/// starts is said on its own page as on its animal's. "Other" held every checked-out stay
/// beside the one `confirmed` stay to come; the booking's page showed its two dates with no
/// word that no board shows it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn stays_that_are_over_filter_apart_and_a_backwards_stay_is_said_on_its_page() {
    use crate::frontdesk::{choose, row_ids, wait_for};
    let mut data = dataset();
    data.bookings.push(
        json!({"id": "s-back", "animalId": "v-1", "customerId": "c-77",
        "from": iso(5), "to": iso(2), "status": "confirmed"}),
    );
    let server = serve(data, Some(dist()), Faults::default()).await;
    let url = server.url();
    scenario(|b| async move {
        let sorted = || async {
            let mut ids = row_ids(&b).await;
            ids.sort();
            ids
        };
        b.goto(&format!("{url}/bookings?status=ended")).await;
        wait_for(
            "ended",
            vec!["s-past".to_string(), "s-past2".to_string()],
            sorted,
        )
        .await;
        let label = "const s = document.querySelector(\"select[name='status']\"); \
                     return s.options[s.selectedIndex].textContent;";
        assert_eq!(
            crate::places::js(&b, label).await,
            json!("Over or cancelled")
        );
        choose(&b, "status", "other").await;
        wait_for(
            "other",
            vec!["s-back".to_string(), "s-up".to_string()],
            sorted,
        )
        .await;

        b.goto(&format!("{url}/animals/v-1")).await;
        b.wait_text(".kd-stays__reversed", "end date is before the start date")
            .await;
        b.goto(&format!("{url}/bookings/s-back")).await;
        b.wait_text(".kd-booking__reversed", "no day's board shows this stay")
            .await;
        // A stay whose dates run forwards has no such note.
        b.goto(&format!("{url}/bookings/s-up")).await;
        b.wait_text("h1", "Booking s-up").await;
        let notes = "return document.querySelectorAll('.kd-booking__reversed').length;";
        assert_eq!(crate::places::js(&b, notes).await, json!(0));
    })
    .await;
    server.stop().await;
}

/// A dog in daycare every weekday has hundreds of past stays: its page listed 200 of them
/// before its invoices (what the stays still owe, 5 000 px down). The past shows the ten most
/// recent first, on the animal's and the customer's page alike, and "Show more" the rest.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_regulars_past_stays_show_the_ten_most_recent_first() {
    use crate::data::{eventually, js};
    let mut data = dataset();
    for k in 0..23 {
        let from = -100 - 2 * k;
        data.bookings.push(json!({"id": format!("s-old-{k:02}"), "animalId": "v-1",
            "customerId": "c-77", "from": iso(from), "to": iso(from + 1), "status": "checked_out"}));
    }
    let server = serve(data, Some(dist()), Faults::default()).await;
    let url = server.url();
    scenario(|b| async move {
        for (page, past) in [
            ("/animals/v-1", ".kd-stays--past"),
            ("/customers/c-77", "table[aria-label='Past']"),
        ] {
            b.goto(&format!("{url}{page}")).await;
            let rows = format!(
                "return [...document.querySelectorAll(\"{past} tbody tr\")]\
                 .map(r => r.querySelector('a.kd-row-link').getAttribute('href'))"
            );
            let hrefs = |n: usize| {
                let rows = rows.clone();
                let b = &b;
                async move {
                    let got = js(b, &rows).await;
                    got.as_array().is_some_and(|a| a.len() == n).then_some(got)
                }
            };
            eventually("ten past stays", || async { hrefs(10).await.is_some() }).await;
            let first = hrefs(10).await.expect("ten rows");
            // The most recent first: 28 days ago, then 55 days ago, then the oldest ones.
            assert_eq!(first[0], json!("/bookings/s-past2"), "{page}");
            assert_eq!(first[9], json!("/bookings/s-old-07"), "{page}");
            b.wait_text(".kd-more", "Showing 10 of 25").await;
            b.wait_text("h2", "Invoices").await;
            b.click(".kd-more button").await;
            eventually("all 25 past stays", || async { hrefs(25).await.is_some() }).await;
        }
    })
    .await;
    server.stop().await;
}

/// A stay's dates sent with a time after them (`2026-12-07T10:00:00Z`, `2026-12-09 16:00`;
/// the spec says YYYY-MM-DD, and the board already reads such a date as its day) are shown
/// as that day in the locale, wherever the stay's dates are: its page's From and To (with
/// the day in `<time datetime>`: what was sent, `2026-11-03t09:00`, is no valid HTML
/// datetime), the animal's other stays, the animal's page and the booking list. They were
/// shown as sent. Text after a date that is no time is still shown as sent: only a time is
/// left out.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn dates_sent_with_a_time_are_shown_as_their_day() {
    let mut data = dataset();
    for (id, from, to) in [
        ("s-timed", "2026-12-07T10:00:00Z", "2026-12-09 16:00"),
        (
            "s-timed2",
            "2026-11-01T08:30:15.250+01:00",
            "2026-11-03t09:00",
        ),
        ("s-words", "2026-10-01 or 02", "2026-10-03"),
    ] {
        data.bookings
            .push(json!({"id": id, "animalId": "v-2", "customerId": "c-78",
            "from": from, "to": to, "status": "confirmed"}));
    }
    let server = serve(data, Some(dist()), Faults::default()).await;
    let url = server.url();
    let (dec7, dec9) = (shown_date("2026-12-07"), shown_date("2026-12-09"));
    let timed = format!("{dec7} → {dec9}");
    let timed2 = format!(
        "{} → {}",
        shown_date("2026-11-01"),
        shown_date("2026-11-03")
    );
    scenario(|b| async move {
        b.goto(&format!("{url}/bookings/s-timed")).await;
        b.wait_text("h1", "Booking s-timed").await;
        let fields = "return [...document.querySelectorAll('.kd-fields')[0].querySelectorAll('.kd-field')]\
            .filter(f => ['From', 'To'].includes(f.querySelector('dt').innerText.trim()))\
            .map(f => { const t = f.querySelector('dd time'); \
              return [f.querySelector('dd').innerText.trim(), t && t.getAttribute('datetime')]; });";
        assert_eq!(
            crate::places::js(&b, fields).await,
            json!([[dec7, "2026-12-07"], [dec9, "2026-12-09"]])
        );
        let other = b
            .wait_text(".kd-table--bookings tbody", "s-timed2")
            .await;
        assert!(other.contains(&timed2), "other stays: {other}");
        assert!(
            other.contains("2026-10-01 or 02 → "),
            "not a time: as sent: {other}"
        );
        b.goto(&format!("{url}/bookings/s-timed2")).await;
        b.wait_text("h1", "Booking s-timed2").await;
        assert_eq!(
            crate::places::js(&b, fields).await,
            json!([
                [shown_date("2026-11-01"), "2026-11-01"],
                [shown_date("2026-11-03"), "2026-11-03"]
            ])
        );

        b.goto(&format!("{url}/animals/v-2")).await;
        b.wait_text(".kd-stays", "s-timed2").await;
        let stays = b.texts(".kd-table--bookings tbody tr", 3).await.join("\n");
        assert!(stays.contains(&timed) && stays.contains(&timed2), "{stays}");

        b.goto(&format!("{url}/bookings?q=s-timed")).await;
        let rows = b.wait_text(".kd-table--bookings tbody", "s-timed2").await;
        assert!(rows.contains(&timed) && rows.contains(&timed2), "{rows}");
    })
    .await;
    server.stop().await;
}

/// The species' glyph is decoration where the species is written beside it: hidden from
/// screen readers, which named the small animal's rabbit for a ferret. English writes the
/// species capitalised, as German does ("Dog", "Hund"): it said "dog · Beagle". A species the
/// app does not know reads so too, on the animal's page, the card and in the species filter
/// ("gecko" stood lower case beside "Dog"), while the filter's value stays as sent.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_species_is_read_once_and_capitalised() {
    let mut data = dataset();
    data.animals.push(
        json!({"id": "v-4", "name": "Fritz", "species": "small animal",
        "breed": "Ferret", "customerId": "c-79"}),
    );
    data.animals
        .push(json!({"id": "v-5", "name": "Gustav", "species": "gecko",
        "breed": "Leopard gecko", "customerId": "c-79"}));
    for (id, animal) in [("s-fritz", "v-4"), ("s-gustav", "v-5")] {
        data.bookings
            .push(json!({"id": id, "animalId": animal, "customerId": "c-79",
            "from": iso(0), "to": iso(1), "status": "in_house"}));
    }
    let server = serve(data, Some(dist()), Faults::default()).await;
    let url = server.url();
    // What a screen reader is given: the text outside `aria-hidden`, and what is shown.
    let species = "return [...document.querySelectorAll('.kd-field')]\
        .filter(f => f.querySelector('dt').innerText.trim() === 'Species')\
        .map(f => { const dd = f.querySelector('dd').cloneNode(true); \
          const shown = f.querySelector('dd').innerText.trim(); \
          dd.querySelectorAll('[aria-hidden=\"true\"]').forEach(e => e.remove()); \
          return [dd.textContent.trim(), shown]; });";
    scenario(|b| async move {
        b.goto(&format!("{url}/animals/v-4")).await;
        b.wait_text(".kd-fields", "Ferret").await;
        assert_eq!(
            crate::places::js(&b, species).await,
            json!([["Small animal", "🐇 Small animal"]])
        );
        b.goto(&format!("{url}/bookings/s-fritz")).await;
        b.wait_text(".kd-fields", "Ferret").await;
        assert_eq!(
            crate::places::js(&b, species).await,
            json!([["Small animal", "🐇 Small animal"]])
        );
        b.goto(&format!("{url}/animals/v-1")).await;
        b.wait_text(".kd-fields", "Beagle").await;
        assert_eq!(
            crate::places::js(&b, species).await,
            json!([["Dog", "🐕 Dog"]])
        );
        // The board's card: species and breed.
        b.goto(&format!("{url}/")).await;
        b.wait_text(".kd-card__animal", "Beagle").await;
        b.wait_text(".kd-card__animal", "Ferret").await;
        let cards = "return [...document.querySelectorAll('.kd-card__animal')]\
            .map(p => p.innerText.trim()).filter(t => /Beagle|Ferret/.test(t)).sort();";
        assert_eq!(
            crate::places::js(&b, cards).await,
            json!(["Dog · Beagle", "Small animal · Ferret"])
        );
        b.wait_text(".kd-card__animal", "Leopard gecko").await;
        let gecko = "return [...document.querySelectorAll('.kd-card__animal')]\
            .map(p => p.innerText.trim()).filter(t => /Leopard/.test(t));";
        assert_eq!(
            crate::places::js(&b, gecko).await,
            json!(["Gecko · Leopard gecko"])
        );
        b.goto(&format!("{url}/animals/v-5")).await;
        b.wait_text(".kd-fields", "Leopard gecko").await;
        assert_eq!(
            crate::places::js(&b, species).await,
            json!([["Gecko", "Gecko"]])
        );
        // The species filter reads as the animals' pages do; its values stay the service's.
        b.goto(&format!("{url}/bookings?species=gecko")).await;
        b.wait_text(".kd-table--bookings tbody", "Gustav").await;
        let options = "const s = document.querySelector('select[name=species]'); \
            return [s.value, [...s.options].filter(o => o.value).map(o => [o.value, o.textContent])];";
        assert_eq!(
            crate::places::js(&b, options).await,
            json!([
                "gecko",
                [
                    ["cat", "Cat"],
                    ["dog", "Dog"],
                    ["gecko", "Gecko"],
                    ["small animal", "Small animal"]
                ]
            ])
        );
    })
    .await;
    server.stop().await;
}

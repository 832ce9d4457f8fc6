//! A reload without a network, in a kennel with more animals than the offline store keeps.

use crate::data::{build_with, eventually, every_name_in, js, network, row_animal_ids, today};
use crate::frontdesk::{row_names, type_search};
use crate::harness::{dist, serve, Browser, PATIENCE};
use devapi::{Dataset, Fault, FaultSettings, Faults};
use serde_json::json;
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// 3 000 bookings name 600 animals, more than the 500 the store keeps. The rows of the first
/// screen loaded their animals first, the name index the rest after them, and the store kept
/// the newest 500: a reload offline named the first screen's animals by id. Now the animals
/// a view showed are kept first, and the index, without a network, takes the stored animals,
/// so a search finds one that is not on screen.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_reload_offline_names_the_animals_that_were_on_screen() {
    let mut data = Dataset::generate(3_000, today());
    // The index's last look-up (the newest load): kept before this fix as well.
    let last = data.animals.last_mut().expect("animals");
    last["name"] = json!("Zephyrine");
    let last_id = last["id"].as_str().expect("an id").to_string();
    let page = build_with("e2e-offline", &[("refresh-secs", "2")]);
    let server = serve(data, Some(page), Faults::default()).await;
    let url = server.url();
    let browser = Browser::start().await;
    let b = browser.page();
    b.goto(&format!("{url}/bookings?status=all")).await;
    b.texts(".kd-table--bookings tbody tr", 4).await;
    let named = |names: &[String]| {
        !names.is_empty()
            && names
                .iter()
                .all(|n| !n.starts_with("a-") && !n.ends_with('…'))
    };
    eventually("the first rows show their names", || async {
        named(&row_names(&b).await)
    })
    .await;
    let shown = row_names(&b).await;
    assert!(
        !shown.contains(&"Zephyrine".to_string()),
        "{last_id} is not on the first screen: {shown:?}"
    );
    every_name_in(&b).await;
    offline_once_stored(&b, server).await;

    b.goto(&format!("{url}/bookings?status=all")).await;
    b.wait_text(".kd-page", "stored copy from").await;
    // The same first rows (how many are built depends on the window's timing).
    let same = |now: &[String]| {
        let n = now.len().min(shown.len());
        n >= 10 && now[..n] == shown[..n]
    };
    let started = Instant::now();
    let mut now = row_names(&b).await;
    while !same(&now) && started.elapsed() < PATIENCE {
        tokio::time::sleep(Duration::from_millis(100)).await;
        now = row_names(&b).await;
    }
    assert!(
        same(&now),
        "the rows after the reload offline: {now:?}, before: {shown:?}"
    );
    type_search(&b, "Zephyrine").await;
    b.wait_text(".kd-table--bookings tbody", "Zephyrine").await;
    browser.finish().await;
}

/// Waits until the service worker holds the app and the store has written what the page
/// loaded (2 s after the last answer), then stops the service and takes the browser off the
/// network.
async fn offline_once_stored(b: &crate::harness::Page, server: devapi::Server) {
    eventually("the service worker controls the page", || async {
        js(b, "return !!navigator.serviceWorker.controller").await == json!(true)
    })
    .await;
    tokio::time::sleep(Duration::from_millis(3_500)).await;
    server.stop().await;
    network(b, false).await;
}

/// The store's animals as `id -> shown` (src/api/snapshot.rs, `save_animals`).
async fn stored_marks(b: &crate::harness::Page) -> BTreeMap<String, bool> {
    let script = "return new Promise((done) => { const open = indexedDB.open('kennel-desk'); \
         open.onerror = () => done([]); open.onsuccess = () => { try { \
         const get = open.result.transaction('snapshots').objectStore('snapshots') \
         .get('/api animals'); get.onsuccess = () => { open.result.close(); \
         done((get.result || []).map((a) => [a[0], a[2] === true])); }; \
         get.onerror = () => done([]); } catch (e) { open.result.close(); done([]); } }; });";
    let pairs: Vec<(String, bool)> =
        serde_json::from_value(js(b, script).await).unwrap_or_default();
    pairs.into_iter().collect()
}

/// A reload offline shows the stored list's first rows before the stored animals are read,
/// and those rows counted their animals as shown while the store had no copy of them to
/// mark. The marks were lost: with no answers coming, the store kept those animals as the
/// name index's look-ups, the first to go in a kennel of more animals than it keeps. Now
/// they are marked once the store has answered.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_reload_offline_marks_the_first_rows_animals_as_shown() {
    let server = serve(
        Dataset::generate(200, today()),
        Some(dist()),
        Faults::default(),
    )
    .await;
    let url = server.url();
    let browser = Browser::start().await;
    let b = browser.page();
    // The first visit shows one booking; the name index looks up every other animal.
    b.goto(&format!("{url}/bookings?status=all&q=b-1150")).await;
    b.texts(".kd-table--bookings tbody tr", 1).await;
    every_name_in(&b).await;
    let searched = row_animal_ids(&b).await;
    assert_eq!(searched.len(), 1, "one row for b-1150: {searched:?}");
    eventually("the service worker controls the page", || async {
        js(&b, "return !!navigator.serviceWorker.controller").await == json!(true)
    })
    .await;
    eventually(
        "the store holds the animals, only b-1150's marked",
        || async {
            let marks = stored_marks(&b).await;
            marks.len() > 10
                && marks
                    .iter()
                    .all(|(id, &shown)| shown == (*id == searched[0]))
        },
    )
    .await;
    server.stop().await;
    network(&b, false).await;

    b.goto(&format!("{url}/bookings?status=all")).await;
    b.wait_text(".kd-page", "stored copy from").await;
    b.texts(".kd-table--bookings tbody tr", 5).await;
    let on_screen = row_animal_ids(&b).await;
    assert!(
        on_screen.iter().any(|id| *id != searched[0]),
        "the first screen shows other animals: {on_screen:?}"
    );
    eventually(
        "the store marks the first screen's animals as shown",
        || async {
            let marks = stored_marks(&b).await;
            on_screen.iter().all(|id| marks.get(id) == Some(&true))
        },
    )
    .await;
    browser.finish().await;
}

/// A booking's or an invoice's page opened fresh without a network (a reload at the counter,
/// a tab the tablet discarded, a bookmark): the record comes from the stored list, marked as
/// the stored copy. It showed only "The kennel service could not be reached", though the
/// lists opened from the same store and the board's card opened the same booking. The copy
/// comes at once: the page first waited out 3.5 s of retries bound to fail.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_record_page_opened_offline_shows_the_stored_copy() {
    let data = Dataset::generate(60, today());
    let booking = data.bookings[7]["id"].as_str().expect("an id").to_string();
    let invoice = data.invoices[3].clone();
    let (invoice_id, number) = (
        invoice["id"].as_str().expect("an id").to_string(),
        invoice["number"].as_str().expect("a number").to_string(),
    );
    let server = serve(data, Some(dist()), Faults::default()).await;
    let url = server.url();
    let browser = Browser::start().await;
    let b = browser.page();
    // The lists once, online: the store keeps them.
    b.goto(&format!("{url}/bookings?status=all")).await;
    b.texts(".kd-table--bookings tbody tr", 4).await;
    b.goto(&format!("{url}/invoices?status=all")).await;
    b.texts(".kd-table--invoices tbody tr", 4).await;
    eventually("the service worker controls the page", || async {
        js(&b, "return !!navigator.serviceWorker.controller").await == json!(true)
    })
    .await;
    tokio::time::sleep(Duration::from_millis(1_500)).await;
    server.stop().await;
    network(&b, false).await;

    b.goto(&format!("{url}/bookings/{booking}")).await;
    b.wait_text("h1", &format!("Booking {booking}")).await;
    b.wait_text(".kd-page", "stored copy from").await;
    // Asked once, not again with backoff: while the browser knows it has no network every
    // retry fails the same way, and the page waited 3.5 s of them before the copy. Failed
    // requests are in the resource timing too (status 0); the retries' longest wait is 4.4 s.
    tokio::time::sleep(Duration::from_millis(5_000)).await;
    let asked = format!(
        "return performance.getEntriesByType('resource')\
         .filter(e => e.name.endsWith('/api/bookings/{booking}')).length"
    );
    assert_eq!(js(&b, &asked).await, json!(1), "the booking asked for once");
    b.goto(&format!("{url}/invoices/{invoice_id}")).await;
    b.wait_text("h1", &format!("Invoice {number}")).await;
    b.wait_text(".kd-page", "stored copy from").await;
    // One the store does not have is still the error it was.
    b.goto(&format!("{url}/bookings/b-none")).await;
    b.wait_text(".kd-page", "could not be reached").await;
    browser.finish().await;
}

/// Waits up to `secs` for an element matching `css` that contains `text`: for what must come
/// at once, not after a request's time-outs (`wait_text` waits 20 s, two of them).
async fn soon(b: &crate::harness::Page, css: &str, text: &str, secs: u64) {
    let started = Instant::now();
    let script = format!(
        "return [...document.querySelectorAll({css:?})].some(e => e.textContent.includes({text:?}));"
    );
    while js(b, &script).await != json!(true) {
        if started.elapsed() > Duration::from_secs(secs) {
            panic!(
                "no `{css}` containing {text:?} within {secs} s; the page shows:\n{}",
                b.body_text().await
            );
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// A booking's or an invoice's page reloaded while the network is up but its own request
/// hangs: the stored list's copy is shown at once, as not confirmed by the service (as the
/// animal's page shows its stored copy), until the answer replaces it. The page said only
/// "Loading the booking…" for 20 s (the time-out, asked twice), though the store had the
/// list from the start: the copy was taken only when the request had failed.
async fn record_page_reloaded_while_its_request_hangs(invoice: bool) {
    let data = Dataset::generate(60, today());
    let (list, path, id, heading) = if invoice {
        let record = &data.invoices[3];
        let number = record["number"].as_str().expect("a number");
        (
            "invoices",
            "/api/invoices/",
            &record["id"],
            format!("Invoice {number}"),
        )
    } else {
        let record = &data.bookings[7];
        let id = record["id"].as_str().expect("an id");
        (
            "bookings",
            "/api/bookings/",
            &record["id"],
            format!("Booking {id}"),
        )
    };
    let id = id.as_str().expect("an id").to_string();
    let faults = Faults::default();
    let server = serve(data, Some(dist()), faults.clone()).await;
    let url = server.url();
    let browser = Browser::start().await;
    let b = browser.page();
    // The list once: the store keeps it (written after the next paint).
    b.goto(&format!("{url}/{list}?status=all")).await;
    b.texts(&format!(".kd-table--{list} tbody tr"), 4).await;
    tokio::time::sleep(Duration::from_millis(1_500)).await;

    faults.set(FaultSettings::fault(Fault::Hang(None)).on_path(path));
    b.goto(&format!("{url}/{list}/{id}")).await;
    soon(&b, "h1", &heading, 4).await;
    soon(
        &b,
        ".kd-page--detail",
        "not confirmed by the service yet",
        1,
    )
    .await;
    // The service's answer replaces it (the hung request times out; the next one answers).
    faults.clear();
    b.wait_text(".kd-page--detail .kd-freshness", "Updated")
        .await;
    browser.finish().await;
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_booking_page_reloaded_while_its_request_hangs_shows_the_stored_copy_at_once() {
    record_page_reloaded_while_its_request_hangs(false).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_invoice_page_reloaded_while_its_request_hangs_shows_the_stored_copy_at_once() {
    record_page_reloaded_while_its_request_hangs(true).await;
}

/// The booking list reloaded with a search by name while the network is up but every animal
/// look-up hangs: the animals the store keeps are known names at once (not confirmed), as
/// after a reload offline. The search found nothing for minutes: the name index took each
/// name only when its look-up had failed, two at a time, 20 s each.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_search_by_name_reloaded_while_animals_hang_finds_the_stored_names() {
    let mut data = Dataset::generate(200, today());
    // The last booking's animal: not on the first screen, only the name index asks for it.
    let last_id = data.bookings.last().expect("a booking")["animalId"]
        .as_str()
        .expect("an animal id")
        .to_string();
    let animal = data
        .animals
        .iter_mut()
        .find(|a| a["id"] == json!(last_id))
        .expect("the last booking's animal");
    animal["name"] = json!("Zephyrine");
    let faults = Faults::default();
    let server = serve(data, Some(dist()), faults.clone()).await;
    let url = server.url();
    let browser = Browser::start().await;
    let b = browser.page();
    b.goto(&format!("{url}/bookings?status=all")).await;
    b.texts(".kd-table--bookings tbody tr", 4).await;
    every_name_in(&b).await;
    eventually("the store keeps the animal", || async {
        stored_marks(&b).await.contains_key(&last_id)
    })
    .await;

    faults.set(FaultSettings::fault(Fault::Hang(None)).on_path("/api/animals/"));
    b.goto(&format!("{url}/bookings?status=all&q=Zephyrine"))
        .await;
    soon(&b, ".kd-table--bookings tbody", "Zephyrine", 5).await;
    faults.clear();
    browser.finish().await;
    server.stop().await;
}

/// The board reloaded offline shows the "Customer owes" flags of the stored invoices. Its
/// invoices notice said they "could not be loaded" and the flags "may be missing", beside
/// the flags themselves; it now says they could not be refreshed and the flags are as of the
/// stored copy's time. Said at the end of the board's own notice (its Retry asks for both
/// lists): three notices stacked, the offline banner, the owes line and the board's, the
/// last two with the same error and a Retry each.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_board_reloaded_offline_says_its_owes_flags_are_as_of_the_stored_invoices() {
    let page = build_with("e2e-offline-owes", &[("refresh-secs", "3600")]);
    let server = serve(crate::frontdesk::dataset(), Some(page), Faults::default()).await;
    let url = server.url();
    let browser = Browser::start().await;
    let b = browser.page();
    b.goto(&format!("{url}/")).await;
    let owing = ["b-arr1", "b-home2", "b-in1"];
    eventually("the owes flags", || async {
        crate::frontdesk::flagged(&b, "owes").await == owing
    })
    .await;
    offline_once_stored(&b, server).await;

    b.goto(&format!("{url}/")).await;
    b.wait_text(".kd-page", "stored copy from").await;
    b.wait_text(".kd-notice--error", "“Customer owes” flags are as of")
        .await;
    // The lines about the network and what is shown (not the data's own notices).
    let notices = "return [...document.querySelectorAll('.kd-notice--offline, \
                   .kd-owes-unknown, .kd-notice--error')].map(n => n.textContent.trim());";
    let notices: Vec<String> = serde_json::from_value(js(&b, notices).await).unwrap_or_default();
    assert_eq!(
        notices.len(),
        2,
        "the offline banner and the board's notice: {notices:?}"
    );
    let notice = &notices[1];
    assert!(
        notice.starts_with("Could not refresh: The kennel service could not be reached.")
            && notice.contains("Invoices could not be refreshed: “Customer owes” flags are as of")
            && !notice.contains("missing"),
        "{notice}"
    );
    // The error said once, its Retry once.
    assert_eq!(
        notice.matches("could not be reached").count(),
        1,
        "{notice}"
    );
    assert_eq!(crate::frontdesk::flagged(&b, "owes").await, owing);
    browser.finish().await;
}

/// Animal look-ups the page sent (failed ones included: Resource Timing lists them too).
async fn animal_requests(b: &crate::harness::Page) -> u64 {
    let script = "return performance.getEntriesByType('resource')\
                  .filter(e => e.name.includes('/api/animals/')).length;";
    js(b, script).await.as_u64().unwrap_or(0)
}

/// The animal ids of the board's cards, in order (from their links), and their names.
async fn card_animals(b: &crate::harness::Page) -> Vec<(String, String)> {
    let script = "return [...document.querySelectorAll('.kd-card .kd-animal-link')]\
                  .map(a => [a.getAttribute('href').split('/').pop(), a.textContent]);";
    serde_json::from_value(js(b, script).await).unwrap_or_default()
}

/// The first card's animal, renamed while the service was away (`serve_again`), shows its
/// new name: it was asked again.
async fn the_first_cards_new_name_shows(b: &crate::harness::Page) {
    eventually(
        "the first card's animal asked again, its new name shown",
        || async {
            card_animals(b)
                .await
                .first()
                .is_some_and(|c| c.1 == "Zephyrine")
        },
    )
    .await;
}

/// The demo board, loaded once with the service up (its lists and animals stored), and the
/// animal of its first card with the name devapi is restarted with.
async fn the_demo_board_stored(b: &crate::harness::Page, url: &str) -> (String, usize) {
    b.goto(&format!("{url}/")).await;
    eventually("the cards show their names", || async {
        let cards = card_animals(b).await;
        cards.len() > 10
            && cards
                .iter()
                .all(|(id, name)| !name.starts_with(id.as_str()))
    })
    .await;
    eventually("the service worker controls the page", || async {
        js(b, "return !!navigator.serviceWorker.controller").await == json!(true)
    })
    .await;
    // The store writes the animals 2 s after the first answer of a batch.
    tokio::time::sleep(Duration::from_millis(3_500)).await;
    let cards = card_animals(b).await;
    let mut ids: Vec<&String> = cards.iter().map(|(id, _)| id).collect();
    ids.sort();
    ids.dedup();
    (cards[0].0.clone(), ids.len())
}

/// devapi again on the port it had (the page's address), serving `page`, with animal `id`
/// renamed "Zephyrine".
async fn serve_again(url: &str, page: PathBuf, mut data: Dataset, id: &str) -> devapi::Server {
    let animal = data
        .animals
        .iter_mut()
        .find(|a| a["id"] == json!(id))
        .expect("the card's animal");
    animal["name"] = json!("Zephyrine");
    let options = devapi::Options {
        dataset: data,
        dist: Some(page),
        faults: Faults::default(),
    };
    let port = url.rsplit(':').next().and_then(|p| p.parse().ok());
    devapi::Server::start("127.0.0.1", port.expect("a port"), options)
        .await
        .expect("devapi starts again on its port")
}

/// The board reloaded offline (the service worker's shell, the stored lists and animals):
/// once animal look-ups fail with a network error, the rest of the cards' look-ups are not
/// sent but marked not loaded, as they would have been. It sent one per card: 26 failed
/// requests and 52 console lines on the demo data. When the network returns (`online`), the
/// cards' animals are asked again and a name changed meanwhile shows.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_board_reloaded_offline_stops_its_animal_look_ups_and_asks_again_when_back() {
    let data = Dataset::demo(today());
    let server = serve(data.clone(), Some(dist()), Faults::default()).await;
    let url = server.url();
    let browser = Browser::start().await;
    let b = browser.page();
    let (first, animals) = the_demo_board_stored(&b, &url).await;
    server.stop().await;
    network(&b, false).await;

    b.goto(&format!("{url}/")).await;
    b.wait_text(".kd-page", "stored copy from").await;
    b.texts(".kd-card", 10).await;
    // Longer than the retries' longest wait (4.4 s), had any been made.
    tokio::time::sleep(Duration::from_millis(5_000)).await;
    let sent = animal_requests(&b).await;
    assert!(
        sent <= 4,
        "{sent} animal look-ups sent offline for {animals} animals; at most the first four"
    );
    // The board's names are the stored ones meanwhile.
    let cards = card_animals(&b).await;
    assert!(
        cards
            .iter()
            .all(|(id, name)| !name.starts_with(id.as_str())),
        "{cards:?}"
    );

    let server = serve_again(&url, dist(), data, &first).await;
    network(&b, true).await;
    the_first_cards_new_name_shows(&b).await;
    browser.finish().await;
    server.stop().await;
}

/// The same on a network that the browser takes for one (a Wi-Fi without a route to the
/// service; here devapi stopped): `navigator.onLine` stays true, so every look-up was sent
/// and retried three times, and when the service came back no `online` event came: the
/// cards' animals were never asked again. Now the rest of the burst is not sent, and the
/// first list refresh that reaches the service asks again for the cards' animals.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_board_reloaded_while_the_service_is_unreachable_stops_its_look_ups_and_recovers() {
    let data = Dataset::demo(today());
    let page = build_with("e2e-offline-unreachable", &[("refresh-secs", "2")]);
    let server = serve(data.clone(), Some(page.clone()), Faults::default()).await;
    let url = server.url();
    let browser = Browser::start().await;
    let b = browser.page();
    let (first, animals) = the_demo_board_stored(&b, &url).await;
    server.stop().await;

    b.goto(&format!("{url}/")).await;
    b.wait_text(".kd-page", "stored copy from").await;
    b.texts(".kd-card", 10).await;
    tokio::time::sleep(Duration::from_millis(5_000)).await;
    let sent = animal_requests(&b).await;
    assert!(
        sent <= 4,
        "{sent} animal look-ups sent to an unreachable service for {animals} animals; at most \
         the first four"
    );

    // Back on the same address; the browser never said it was offline.
    let server = serve_again(&url, page, data, &first).await;
    the_first_cards_new_name_shows(&b).await;
    browser.finish().await;
    server.stop().await;
}

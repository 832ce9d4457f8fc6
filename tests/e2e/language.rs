//! English and German (issue 6): a browser set to German gets German words, dates and amounts
//! on every page without any setting; `data-lang` wins over the browser; the app's root
//! says its language (and the document's, when the app is the page, never a host's); and
//! axe-core finds nothing serious or critical on any page in German.
//!
//! Dates and amounts are asserted exactly as the app's formatter (the browser's `Intl`, for
//! the chosen locale) writes them: `21.11.2026`, `Sonntag, 22. November 2026`, `1.234,50 €`.

use crate::harness::{dist, dist_copy, plain, serve, Page, PATIENCE};
use crate::places::{
    assert_axe_clean, assert_fits, assert_targets, emulate, js, screenshot, wait_for, LANDSCAPE,
    PHONE,
};
use crate::{scenario, scenario_in};
use devapi::{Dataset, Faults, Server};
use serde_json::{json, Value};
use std::path::Path;
use std::time::{Duration, Instant};

/// The e2e fixture and one more open invoice, of more than a thousand euros, so German
/// grouping and decimals both show: c-2 (Mimi, in the house) owes 1.234,50 €.
fn dataset() -> Dataset {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/e2e.json");
    let mut data: Value =
        serde_json::from_str(&std::fs::read_to_string(path).expect("fixture")).expect("json");
    data["invoices"]
        .as_array_mut()
        .expect("invoices")
        .push(json!({
            "id": "i-9", "number": "INV-2026-0009", "date": "2026-11-22", "amount": 1234.5,
            "currency": "EUR", "status": "open", "customerId": "c-2", "bookingId": "b-2"
        }));
    Dataset::from_json(&data.to_string()).expect("dataset")
}

async fn app() -> Server {
    serve(dataset(), Some(dist()), Faults::default()).await
}

/// Waits until an element matching `css` contains `text` (spaces read plainly, letter case
/// ignored: some headings are set in capitals by CSS, which `innerText` reports); its text.
async fn wait_plain(page: &Page, css: &str, text: &str) -> String {
    let script = "return [...document.querySelectorAll(arguments[0])].map(e => e.innerText);";
    let started = Instant::now();
    loop {
        let found = page
            .client
            .execute(script, vec![json!(css)])
            .await
            .ok()
            .and_then(|v| serde_json::from_value::<Vec<String>>(v).ok())
            .unwrap_or_default();
        let want = text.to_lowercase();
        if let Some(hit) = found
            .iter()
            .map(|t| plain(t))
            .find(|t| t.to_lowercase().contains(&want))
        {
            return hit;
        }
        if started.elapsed() > PATIENCE {
            panic!(
                "no `{css}` containing {text:?} within {PATIENCE:?}; found {found:#?}; the page shows:\n{}",
                page.body_text().await
            );
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// The (label, value) pairs of the page's field lists, spaces read plainly.
async fn fields(page: &Page, until: &str) -> Vec<(String, String)> {
    wait_plain(page, ".kd-fields", until).await;
    let pairs = js(
        page,
        "return [...document.querySelectorAll('.kd-fields .kd-field')]
           .map(f => [f.querySelector('dt').innerText.trim(), f.querySelector('dd').innerText.trim()]);",
    )
    .await;
    let pairs: Vec<(String, String)> = serde_json::from_value(pairs).expect("pairs");
    pairs
        .into_iter()
        .map(|(l, v)| (plain(&l), plain(&v)))
        .collect()
}

fn has(fields: &[(String, String)], label: &str, value: &str) -> bool {
    fields.iter().any(|(l, v)| l == label && v == value)
}

/// `lang` of the document and of the app's root.
async fn langs(page: &Page) -> Value {
    js(
        page,
        "return [document.documentElement.lang, document.querySelector('.kd').lang];",
    )
    .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_german_browser_gets_german_words_dates_and_amounts_without_any_setting() {
    let server = app().await;
    let url = server.url();
    scenario_in("de-DE", |b| async move {
        assert_eq!(
            js(&b, "return navigator.languages;").await,
            json!(["de-DE", "de"]),
            "the browser is set to German"
        );

        // The day board of a fixed day in the past (so no lane depends on today's statuses):
        // Mimi (b-2) and Hoppel (b-3) are in the house. Heading, lanes, flags, owed amounts.
        b.goto(&format!("{url}/board?date=2026-11-19")).await;
        let title = wait_plain(&b, "h1", "Donnerstag, 19. November 2026").await;
        assert!(title.contains("Tagesplan"), "{title}");
        assert_eq!(langs(&b).await, json!(["de", "de"]));
        let nav = js(&b, "return [...document.querySelectorAll('.kd-nav a')].map(a => a.innerText);").await;
        assert_eq!(nav, json!(["Tagesplan", "Buchungen", "Rechnungen"]));
        // One link for the board, today's ("/") or another day's ("/board?date=…").
        let current = "return [...document.querySelectorAll('.kd-nav a[aria-current=page]')] \
            .map(a => [a.innerText, a.getAttribute('href')]);";
        assert_eq!(js(&b, current).await, json!([["Tagesplan", "/"]]));
        wait_plain(&b, ".kd-lane--arriving h2", "Ankunft").await;
        wait_plain(&b, ".kd-lane--arriving", "Niemand").await;
        wait_plain(&b, ".kd-lane--in-house h2", "Im Haus").await;
        wait_plain(&b, ".kd-lane--going-home h2", "Abholung").await;
        wait_plain(&b, "[data-booking='b-2'] .kd-flag--owes", "Kunde: 1.234,50 € offen").await;
        wait_plain(&b, "[data-booking='b-3'] .kd-flag--owes", "Kunde: 42,35 CHF offen").await;
        wait_plain(&b, "[data-booking='b-3'] .kd-card__care", "Keine Pflegehinweise").await;
        // The species in German (the service writes English), the breed as written.
        wait_plain(&b, "[data-booking='b-2'] .kd-card__animal", "Katze · British Shorthair").await;
        wait_plain(&b, "[data-booking='b-3'] .kd-card__animal", "Kleintier · Dwarf rabbit").await;
        wait_plain(&b, "[data-booking='b-2'] .kd-card__open", "Buchung b-2 öffnen").await;
        wait_plain(&b, ".kd-board__nav", "‹ Vortag").await;
        wait_plain(&b, ".kd-freshness", "Stand ").await;
        let updated = wait_plain(&b, ".kd-freshness span", "Stand").await;
        assert!(
            updated.len() == "Stand 14:05".len() && updated.as_bytes()[8] == b':',
            "German time of day, 24 hours: {updated:?}"
        );
        wait_for(&b, "return document.title.startsWith('Tagesplan');", "a German page title").await;
        // Run cards, for print.
        b.click_text(".kd-board__nav button", "Zwingerkarten").await;
        wait_plain(&b, ".kd-runcards h2", "Zwingerkarten · 2 Tiere").await;
        let card = wait_plain(&b, ".kd-runcard", "Mimi").await;
        for label in ["Tierart", "Rasse", "Platz", "Zeitraum", "Pflege", "Impfungen", "Halter"] {
            assert!(card.contains(label), "{label}: {card}");
        }
        assert!(card.contains("18.11.2026 → 25.11.2026"), "{card}");
        // The species in German on the card too (it said "cat").
        let species = card.split("Tierart").nth(1).unwrap_or_default().trim_start();
        assert!(species.starts_with("Katze"), "{card}");
        assert_axe_clean(&b, "body", "board, German").await;

        // The booking list: headers, rows, statuses, counts, dates.
        b.goto(&format!("{url}/bookings")).await;
        wait_plain(&b, "h1", "Buchungen").await;
        wait_plain(&b, ".kd-table--bookings tbody", "Bella").await;
        let head = js(
            &b,
            "return [...document.querySelectorAll('.kd-table--bookings th')].map(th => th.textContent.trim());",
        )
        .await;
        assert_eq!(
            head,
            json!(["Zeitraum", "Uhrzeit", "Status", "Tier", "Kunde", "Platz", "Pflege"])
        );
        let row = wait_plain(&b, ".kd-table--bookings tbody tr", "b-1").await;
        assert!(row.contains("21.11.2026 → 24.11.2026"), "{row}");
        assert!(row.contains("Ankunft heute"), "{row}");
        wait_plain(&b, ".kd-table--bookings tbody", "Im Haus").await;
        wait_plain(&b, ".kd-table--bookings tbody", "waitlisted").await;
        wait_plain(&b, ".kd-table--bookings tbody", "a-404 (unbekanntes Tier)").await;
        wait_plain(&b, ".kd-count", "7 Buchungen").await;
        let named = "return [...document.querySelectorAll('table')].map(t => t.getAttribute('aria-label'));";
        assert_eq!(js(&b, named).await, json!(["Buchungen"]));
        // The species filter offers German names; its values stay the service's.
        wait_for(
            &b,
            "return document.querySelector('select[name=species]').options.length >= 4;",
            "the species choices",
        )
        .await;
        let species = "return [...document.querySelector('select[name=species]').options] \
            .filter(o => o.value).map(o => [o.value, o.textContent]).sort();";
        assert_eq!(
            js(&b, species).await,
            json!([["cat", "Katze"], ["dog", "Hund"], ["small animal", "Kleintier"]])
        );
        wait_plain(
            &b,
            ".kd-notice--warn summary",
            "1 Buchung konnte nicht gelesen werden und wird nicht angezeigt.",
        )
        .await;
        let placeholder = js(&b, "return document.querySelector('input[name=q]').placeholder;").await;
        assert_eq!(placeholder, json!("Name, Rasse, Kunde suchen …"));
        assert_axe_clean(&b, "body", "bookings, German").await;
        // A link or bookmark that says "Hund": the one choice "Hund" (value "dog") is chosen,
        // not a second "Hund" beside it, and the dogs are shown.
        b.goto(&format!("{url}/bookings?species=Hund")).await;
        wait_plain(&b, ".kd-table--bookings tbody", "Bella").await;
        let chosen = "const s = document.querySelector('select[name=species]'); \
            return [s.value, [...s.options].filter(o => o.textContent === 'Hund').length];";
        assert_eq!(js(&b, chosen).await, json!(["dog", 1]));
        let rows = wait_plain(&b, ".kd-table--bookings tbody", "Bella").await;
        assert!(!rows.contains("Mimi"), "{rows}");
        // The search finds the species by the word the screen shows: "katze", the cats.
        b.goto(&format!("{url}/bookings?q=katze")).await;
        let rows = wait_plain(&b, ".kd-table--bookings tbody", "Mimi").await;
        assert!(!rows.contains("Bella"), "{rows}");
        // No results, announced in German.
        b.goto(&format!("{url}/bookings?q=niemand-heisst-so")).await;
        wait_plain(&b, ".kd-state--empty", "Keine Buchung passt zu dieser Suche").await;
        wait_for(
            &b,
            "return document.querySelector('.kd [aria-live=polite]').textContent.startsWith('Keine Buchung passt');",
            "the no-results announcement in German",
        )
        .await;

        // One booking.
        b.goto(&format!("{url}/bookings/b-1")).await;
        wait_plain(&b, "h1", "Buchung b-1").await;
        let shown = fields(&b, "Run A3").await;
        assert!(has(&shown, "Von", "21.11.2026"), "{shown:?}");
        assert!(has(&shown, "Bis", "24.11.2026"), "{shown:?}");
        assert!(has(&shown, "Platz", "Run A3"), "{shown:?}");
        wait_plain(&b, ".kd-balance", "Offener Betrag: 120,00 €").await;
        wait_plain(&b, ".kd-page h2", "Weitere Aufenthalte dieses Tiers").await;
        assert_axe_clean(&b, "body", "booking, German").await;

        // The invoice list: chips, amounts, dates, totals.
        b.goto(&format!("{url}/invoices")).await;
        wait_plain(&b, "h1", "Rechnungen").await;
        wait_plain(&b, ".kd-chip[aria-current]", "Offen").await;
        let row = wait_plain(&b, ".kd-table--invoices tbody tr", "INV-2026-0009").await;
        assert!(row.contains("22.11.2026"), "{row}");
        assert!(row.contains("1.234,50 €"), "{row}");
        wait_plain(&b, ".kd-table--invoices tbody", "42,35 CHF").await;
        wait_plain(&b, ".kd-total--all h2", "Gesamt").await;
        // 120 + 1.234,50 open and the fixture's 10 overdue (open and late).
        let open = wait_plain(&b, ".kd-total--open", "1.364,50 €").await;
        assert!(open.contains("42,35 CHF"), "{open}");
        assert_axe_clean(&b, "body", "invoices, German").await;

        // One invoice.
        b.goto(&format!("{url}/invoices/i-9")).await;
        wait_plain(&b, "h1", "Rechnung INV-2026-0009").await;
        let shown = fields(&b, "Mimi").await;
        for (label, value) in [
            ("Betrag", "1.234,50 €"),
            ("Datum", "22.11.2026"),
            ("Aufenthalt", "18.11.2026 → 25.11.2026"),
            ("Buchungsstatus", "Im Haus"),
            ("Status", "Offen"),
            ("Währung", "EUR"),
        ] {
            assert!(has(&shown, label, value), "{label}: {value}: {shown:?}");
        }
        assert_axe_clean(&b, "body", "invoice, German").await;

        // One animal: vaccinations with German dates and marks, open balance.
        b.goto(&format!("{url}/animals/a-1")).await;
        wait_plain(&b, "h1", "Bella").await;
        let shown = fields(&b, "Labrador Retriever").await;
        assert!(has(&shown, "Halter (Kunde)", "c-1"), "{shown:?}");
        assert!(has(&shown, "Rasse", "Labrador Retriever"), "{shown:?}");
        assert!(has(&shown, "Tierart", "🐕 Hund"), "{shown:?}");
        let vaccs = wait_plain(&b, ".kd-vaccs", "Rabies").await;
        assert!(vaccs.contains("01.05.2026") && vaccs.contains("02.03.2026"), "{vaccs}");
        assert!(
            ["Gültig", "Läuft bald ab", "Abgelaufen"].iter().any(|m| vaccs.contains(m)),
            "a German mark: {vaccs}"
        );
        wait_plain(&b, ".kd-page h2", "Aufenthalte").await;
        wait_plain(&b, ".kd-balance", "Offen: 120,00 €").await;
        // Each table named by its section, so a screen reader's list of tables tells them apart.
        let named = "return [...document.querySelectorAll('table')].map(t => t.getAttribute('aria-label'));";
        let names = js(&b, named).await;
        let names = names.as_array().expect("a list");
        assert!(names.len() >= 2 && names.iter().all(|n| n.as_str().is_some_and(|n| !n.is_empty())), "{names:?}");
        assert_eq!(names.last(), Some(&json!("Rechnungen")), "{names:?}");
        assert_axe_clean(&b, "body", "animal, German").await;

        // One customer.
        b.goto(&format!("{url}/customers/c-2")).await;
        wait_plain(&b, "h1", "Kunde c-2").await;
        wait_plain(&b, ".kd-total--open h2", "Offener Betrag").await;
        wait_plain(&b, ".kd-total--open", "1.234,50 €").await;
        assert_axe_clean(&b, "body", "customer, German").await;

        // No such page, no such record.
        b.goto(&format!("{url}/no/such/page")).await;
        wait_plain(&b, ".kd-state--not-found", "Unter dieser Adresse gibt es keine Seite.").await;
        wait_plain(&b, ".kd-state--not-found a", "Zu den Buchungen").await;
        assert_axe_clean(&b, "body", "not found, German").await;
        b.goto(&format!("{url}/bookings/b-999")).await;
        wait_plain(&b, ".kd-state--not-found", "Keine Buchung mit der ID b-999.").await;
        // The board's one link is current on each of its paths, and only it.
        for path in ["/", "/board", "/board/"] {
            b.goto(&format!("{url}{path}")).await;
            wait_plain(&b, ".kd-lanes", "Ankunft").await;
            assert_eq!(js(&b, current).await, json!([["Tagesplan", "/"]]), "{path}");
        }

        // Offline: the banner and its announcement.
        b.goto(&format!("{url}/bookings")).await;
        wait_plain(&b, ".kd-table--bookings tbody", "Bella").await;
        js(&b, "window.dispatchEvent(new Event('offline')); return true;").await;
        wait_plain(&b, ".kd-notice--offline", "Offline. Neues kann nicht geladen werden").await;
        assert_axe_clean(&b, "body", "offline, German").await;
    })
    .await;
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn german_errors_and_loading_are_said_in_german_fit_a_phone_and_pass_axe() {
    let faults = Faults::default();
    let server = serve(dataset(), Some(dist()), faults.clone()).await;
    let url = server.url();
    scenario_in("de-DE", |b| async move {
        emulate(&b, PHONE, true).await;
        faults.set_fail_status(Some(503));
        b.goto(&format!("{url}/invoices")).await;
        wait_plain(&b, ".kd-state--error", "Der Buchungsdienst hat ein Problem (HTTP 503)").await;
        wait_plain(&b, ".kd-state--error button", "Erneut versuchen").await;
        wait_for(
            &b,
            "return document.querySelector('.kd [aria-live=polite]').textContent.startsWith('Der Buchungsdienst hat ein Problem');",
            "the error announced in German",
        )
        .await;
        assert_fits(&b, "German error state on a phone").await;
        assert_targets(&b, "German error state on a phone").await;
        // The three sections in one line under the name, also in German's longer words.
        let tops = js(&b, "return [...document.querySelectorAll('.kd-nav a')].map(a => Math.round(a.getBoundingClientRect().top));").await;
        assert!(
            tops.as_array().is_some_and(|t| t.len() == 3 && t.iter().all(|x| *x == t[0])),
            "the navigation in one line: {tops}"
        );
        // The name, on its own line above them, is not flush with the top of the window.
        let gap = "return Math.round(document.querySelector('.kd-brand').getBoundingClientRect().top \
            - document.querySelector('.kd-header').getBoundingClientRect().top);";
        let gap = js(&b, gap).await.as_i64().unwrap_or_default();
        assert!(gap >= 4, "the name {gap} px from the top");
        assert_axe_clean(&b, "body", "error state, German").await;
        faults.set_fail_status(None);
        faults.set_delay_ms(3_000);
        b.goto(&format!("{url}/bookings")).await;
        wait_plain(&b, ".kd-state--loading", "Buchungen werden geladen …").await;
        assert_axe_clean(&b, "body", "loading, German").await;
        faults.set_delay_ms(0);
        // The longest German words in the cards still fit a phone, upright and sideways.
        wait_plain(&b, ".kd-table--bookings tbody", "Bella").await;
        for size in [PHONE, LANDSCAPE] {
            emulate(&b, size, true).await;
            for (path, text) in [
                ("/bookings", "Bella"),
                ("/board?date=2026-11-19", "Mimi"),
                ("/invoices", "INV-2026-0001"),
                ("/animals/a-1", "INV-2026-0001"),
            ] {
                b.goto(&format!("{url}{path}")).await;
                wait_plain(&b, ".kd-main", text).await;
                assert_fits(&b, &format!("{path}, German, {size:?}")).await;
                assert_targets(&b, &format!("{path}, German, {size:?}")).await;
                if size.0 == "phone" && path.starts_with("/board") {
                    screenshot(&b, "board-phone-de").await;
                }
            }
        }
    })
    .await;
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn embedded_in_german_the_app_says_its_language_and_leaves_the_hosts_alone() {
    let server = app().await;
    let url = server.url();
    scenario_in("de-DE", |b| async move {
        b.goto(&format!("{url}/embed.html#/invoices")).await;
        wait_plain(&b, "#kennel-desk h1", "Rechnungen").await;
        wait_plain(&b, "#kennel-desk .kd-table--invoices tbody", "1.234,50 €").await;
        // The host page says English; the app says German for its own part only.
        assert_eq!(langs(&b).await, json!(["en", "de"]));
        assert_eq!(
            js(&b, "return document.title;").await,
            json!("Kennel intranet")
        );
        assert_axe_clean(&b, "#kennel-desk", "embedded, German").await;
        // In a host's 360 px column on a desktop, the three sections keep to one line, as on
        // a 360 px phone: the narrow header's spacing goes by the app's width, not the
        // window's ("Rechnungen" took a second line, 48 px more above every page).
        let tops = "document.querySelector('#kennel-desk').style.width = '360px'; \
            await new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r))); \
            return [...document.querySelectorAll('#kennel-desk .kd-nav a')] \
              .map(a => Math.round(a.getBoundingClientRect().top));";
        let tops = js(&b, tops).await;
        assert!(
            tops.as_array()
                .is_some_and(|t| t.len() == 3 && t.iter().all(|x| *x == t[0])),
            "the navigation in one line in a 360 px column: {tops}"
        );
    })
    .await;
    server.stop().await;
}

/// German Excel opens a CSV by double click with `;` between the fields and a decimal comma:
/// both German exports are written so (with commas, every row was one column there). The
/// byte order mark, the quoting of a cell holding the separator, the dates as sent and the
/// formula guard's sparing of a negative amount stay.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_german_exports_are_separated_by_semicolons_with_a_decimal_comma() {
    // A credit note, negative, whose number holds the separator.
    let mut data = dataset();
    let credit = r#"{"id": "i-10", "number": "GS-1; Gutschrift", "date": "2026-11-23",
        "amount": -12.5, "currency": "EUR", "status": "paid", "customerId": "c-2"}"#;
    data.invoices
        .push(serde_json::from_str(credit).expect("invoice"));
    let server = serve(data, Some(dist()), Faults::default()).await;
    let url = server.url();
    scenario_in("de-DE", |b| async move {
        let read = |text: &str| -> Vec<Vec<String>> {
            let mut reader = csv::ReaderBuilder::new()
                .delimiter(b';')
                .from_reader(text.as_bytes());
            reader
                .records()
                .map(|r| r.expect("record").iter().map(str::to_string).collect())
                .collect()
        };
        let today = crate::frontdesk::d(0);

        b.goto(&format!("{url}/invoices?status=all&sort=amount"))
            .await;
        wait_plain(&b, ".kd-table--invoices tbody", "GS-1; Gutschrift").await;
        b.click_text(".kd-listhead .kd-export", "CSV exportieren")
            .await;
        let text = b.downloaded(&format!("rechnungen-{today}.csv")).await;
        let header = "\u{feff}Nummer;Datum;Betrag;Währung;Status;Kunde;Buchung\r\n";
        assert!(text.starts_with(header), "{text:?}");
        // Quoted for its `;`; `-12,50` unguarded, a number to German Excel.
        assert!(
            text.contains("\r\n\"GS-1; Gutschrift\";2026-11-23;-12,50;EUR;Bezahlt;c-2;\r\n"),
            "{text:?}"
        );
        let rows = read(&text);
        let row = |number: &str| rows.iter().find(|r| r[0] == number).cloned();
        assert_eq!(
            row("INV-2026-0009").expect("i-9"),
            [
                "INV-2026-0009",
                "2026-11-22",
                "1234,50",
                "EUR",
                "Offen",
                "c-2",
                "b-2"
            ]
        );
        assert_eq!(row("INV-2026-0003").expect("i-3")[2], "42,35");
        assert!(rows.iter().all(|r| !r[2].contains('.')), "{rows:?}");

        b.goto(&format!("{url}/bookings")).await;
        wait_plain(&b, ".kd-table--bookings tbody", "Bella").await;
        b.click_text(".kd-listhead .kd-export", "CSV exportieren")
            .await;
        let text = b.downloaded(&format!("buchungen-{today}.csv")).await;
        let header = "\u{feff}Buchung;Von;Bis;Uhrzeit;Status;Tier;Kunde;Platz;Pflege\r\n";
        assert!(text.starts_with(header), "{text:?}");
        let rows = read(&text);
        let b1 = rows.iter().find(|r| r[0] == "b-1").expect("b-1");
        assert_eq!(b1[1..3], ["2026-11-21", "2026-11-24"]);
        // A comma is no separator here: the care note is one cell, and needs no quotes.
        assert_eq!(
            b1[8],
            "Feed twice daily, grain-free. Insulin 4 IU at 08:00 and 20:00."
        );
        assert!(text.contains(";Feed twice daily, grain-free."), "{text:?}");
    })
    .await;
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn data_lang_on_the_mount_element_wins_over_the_browser() {
    // `data-lang="en"` on the app's own page, opened by a German browser.
    let english = dist_copy(
        "e2e-lang-en",
        |index| {
            index.replace(
                r#"<div id="kennel-desk">"#,
                r#"<div id="kennel-desk" data-lang="en">"#,
            )
        },
        &[],
    );
    let server = serve(dataset(), Some(english), Faults::default()).await;
    let url = server.url();
    scenario_in("de-DE", |b| async move {
        b.goto(&format!("{url}/bookings")).await;
        wait_plain(&b, "h1", "Bookings").await;
        let row = wait_plain(&b, ".kd-table--bookings tbody tr", "b-1").await;
        assert!(row.contains("Nov 21, 2026 → Nov 24, 2026"), "{row}");
        assert!(row.contains("Arriving today"), "{row}");
        assert_eq!(langs(&b).await, json!(["en", "en"]));
        b.goto(&format!("{url}/invoices")).await;
        wait_plain(&b, ".kd-table--invoices tbody", "€1,234.50").await;
        assert_axe_clean(&b, "body", "English by data-lang in a German browser").await;
    })
    .await;
    server.stop().await;

    // `data-lang="de"` in a host page (the app is not the page), opened by an English browser:
    // German inside, and the host's `<html lang="en">` untouched.
    let german = dist_copy(
        "e2e-lang-de-host",
        |index| {
            index.replace(
                r#"<div id="kennel-desk">"#,
                r#"<p id="host-text">The host's own words.</p><div id="kennel-desk" data-lang="de" data-routing="hash">"#,
            )
        },
        &[],
    );
    let server = serve(dataset(), Some(german), Faults::default()).await;
    let url = server.url();
    scenario(|b| async move {
        assert_eq!(js(&b, "return navigator.language;").await, json!("en-US"));
        b.goto(&format!("{url}/#/invoices")).await;
        wait_plain(&b, "h1", "Rechnungen").await;
        wait_plain(&b, ".kd-table--invoices tbody", "1.234,50 €").await;
        assert_eq!(langs(&b).await, json!(["en", "de"]));
        assert_axe_clean(&b, ".kd", "German by data-lang in a host page").await;
    })
    .await;
    server.stop().await;
}

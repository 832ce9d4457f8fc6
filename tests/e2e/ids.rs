//! Long ids (UUIDs, a 48-character customer id, a UUID booking id) in the tables and on the
//! board's cards, from tests/fixtures/long-ids.json: an id takes one line, cut where it does
//! not fit, and pushes no table wider than its screen, nor do a long invoice number and
//! amount; a card's lines keep their spacing when a long location wraps, and its separator
//! does not start the customer's line.

use super::harness::{dist, serve};
use super::places::{assert_fits, emulate, js, DESKTOP, PHONE, TABLET};
use super::scenario;
use devapi::{Dataset, Faults};
use serde_json::json;
use std::path::Path;
use std::time::Duration;

fn long_ids() -> Dataset {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/long-ids.json");
    Dataset::load(&path).expect("the long-ids fixture loads")
}

/// Each body row of the first table: its height, the text of its customer link (if any) and
/// that link's height; and the table's id links (customer, booking) whose text is cut.
const ROWS: &str = "const t = document.querySelector('.kd-table');
  const rows = [...t.querySelectorAll('tbody tr')].map(r => {
    const c = r.querySelector('.kd-customer-link');
    return { h: r.getBoundingClientRect().height, customer: c ? c.textContent : null,
             link: c ? c.getBoundingClientRect().height : 0 };
  });
  return rows;";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn long_ids_take_one_line_in_the_tables_and_scroll_nothing_sideways() {
    let server = serve(long_ids(), Some(dist()), Faults::default()).await;
    let url = server.url();
    scenario(|b| async move {
        for size in [DESKTOP, TABLET] {
            emulate(&b, size, true).await;
            for path in [
                "/bookings",
                "/invoices?status=open",
                "/invoices?status=all",
                "/animals/a-2",
            ] {
                b.goto(&format!("{url}{path}")).await;
                b.wait_text(".kd-table tbody", "6a2d0be8").await;
                // The animals' names and badges come after the rows.
                tokio::time::sleep(Duration::from_millis(800)).await;
                let what = format!("{path} at {size:?} by touch");
                assert_fits(&b, &what).await;
                let rows = js(&b, ROWS).await;
                let rows = rows.as_array().cloned().unwrap_or_default();
                assert!(!rows.is_empty(), "{what}");
                let h = |r: &serde_json::Value| r["h"].as_f64().unwrap_or(f64::MAX);
                for row in &rows {
                    // One line: a touch target's 44 px (and a hair).
                    if row["customer"].is_string() {
                        assert!(row["link"].as_f64() <= Some(46.0), "{what}: {row}");
                    }
                }
                // The invoice rows as tall as one line of text; with the very large amount
                // (status=all) the table has room for no more than the ids on one line.
                if path == "/invoices?status=open" {
                    for row in &rows {
                        assert!(h(row) <= 50.0, "{what}: an invoice row of one line: {row}");
                    }
                }
                // In the booking list as a table (1280 px), a UUID's row is no taller than
                // the short id's with the same stay, animal's badge and note (b-1, c-1: Bella
                // and Mimi both have one vaccination on record).
                if path == "/bookings" && size.0 == DESKTOP.0 {
                    let short = rows.iter().find(|r| r["customer"] == json!("c-1")).map(h);
                    let uuid = rows
                        .iter()
                        .find(|r| r["customer"] == json!("6a2d0be8-89c5-5c5f-8278-0a6661c04393"))
                        .map(h);
                    let (short, uuid) = (short.unwrap_or(0.0), uuid.unwrap_or(f64::MAX));
                    assert!(uuid <= short + 1.0, "{what}: {uuid} vs {short}: {rows:?}");
                }
            }
        }
        // Cut, the id is still whole in the link (what a screen reader reads, and its title),
        // and whole on the customer's page it opens.
        emulate(&b, TABLET, true).await;
        b.goto(&format!("{url}/invoices?status=all")).await;
        b.wait_text(".kd-table tbody", "c-very-long").await;
        let link = js(
            &b,
            "const a = [...document.querySelectorAll('.kd-table .kd-customer-link')]
               .find(a => a.textContent.startsWith('c-very-long'));
             return { text: a.textContent, title: a.title, cut: a.scrollWidth > a.clientWidth };",
        )
        .await;
        let id = "c-very-long-customer-identifier-0000000000000001";
        assert_eq!(link, json!({ "text": id, "title": id, "cut": true }));
        // A 33-character invoice number and a 17-digit amount (i-6) wrap in their cells
        // rather than push the table wider than the screen (above), and nothing of them is
        // cut: a number of that length differs from the next at its end, and an amount is
        // never shown in part.
        let long = js(
            &b,
            "const r = [...document.querySelectorAll('.kd-table tbody tr')]
               .find(r => r.textContent.includes('INV-2026-11-24'));
             const cut = e => e.scrollWidth > e.clientWidth;
             const a = r.querySelector('.kd-row-link'), n = r.querySelector('.kd-num');
             return { number: a.textContent, amount: n.textContent,
                      cut: [a, n, ...n.querySelectorAll('*')].some(cut) };",
        )
        .await;
        assert_eq!(
            long,
            json!({ "number": "INV-2026-11-24-000000000000000006",
                    "amount": "€987,654,321,098,765.40", "cut": false })
        );
        // On a phone, as cards: the amount alone was wider than its card's value column.
        emulate(&b, PHONE, true).await;
        b.goto(&format!("{url}/invoices?status=all")).await;
        b.wait_text(".kd-table tbody", "INV-2026-11-24").await;
        assert_fits(&b, "/invoices?status=all on a phone").await;
    })
    .await;
    server.stop().await;
}

/// Per board card: the gap between the species line and the location's first line of text,
/// and between the location's last line and the customer link's first line (px), from the
/// text's own line boxes (a Range), not the elements' boxes; whether the " · " between them
/// starts a line, and the line's text as read.
const CARD_LINES: &str = "const lines = el => { const r = document.createRange(); r.selectNodeContents(el);
    return [...r.getClientRects()].filter(x => x.width > 0); };
  const out = {};
  for (const card of document.querySelectorAll('.kd-board .kd-card')) {
    const animal = card.querySelector('.kd-card__animal').getBoundingClientRect();
    const loc = lines(card.querySelector('.kd-card__location'));
    const cust = lines(card.querySelector('.kd-customer-link'));
    // The separator's own box: whether it starts a line (at the meta line's left edge).
    const meta = card.querySelector('.kd-card__meta');
    const text = document.createTreeWalker(meta, NodeFilter.SHOW_TEXT);
    let dot = null;
    while (!dot && text.nextNode()) {
      const at = text.currentNode.data.indexOf('·');
      if (at >= 0) { dot = document.createRange(); dot.setStart(text.currentNode, at); dot.setEnd(text.currentNode, at + 1); }
    }
    out[card.dataset.booking] = { above: loc[0].top - animal.bottom,
      between: cust[0].top - loc[loc.length - 1].bottom, locLines: new Set(loc.map(l => Math.round(l.top))).size,
      dotStartsLine: Math.abs(dot.getBoundingClientRect().left - meta.getBoundingClientRect().left) < 2,
      read: meta.textContent.replace(/\\s+/g, ' ') };
  }
  return out;";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_cards_long_location_keeps_its_lines_apart_from_the_customer_and_the_species() {
    let server = serve(long_ids(), Some(dist()), Faults::default()).await;
    let url = server.url();
    scenario(|b| async move {
        for touch in [true, false] {
            emulate(&b, DESKTOP, touch).await;
            b.goto(&format!("{url}/board?date=2026-11-22")).await;
            b.wait_text(".kd-board", "Außengehege").await;
            tokio::time::sleep(Duration::from_millis(800)).await;
            let cards = js(&b, CARD_LINES).await;
            let what = format!("touch {touch}: {cards}");
            let gap = |id: &str, k: &str| cards[id][k].as_f64().unwrap_or(f64::NAN);
            // b-5's location wraps (the test's premise); b-1's ("Run A3") does not.
            assert!(cards["b-5"]["locLines"].as_u64() >= Some(2), "{what}");
            // The location starts as far below the species as a short one's does, and the
            // customer starts on a line of its own below it, as far again.
            let above = gap("b-1", "above");
            assert!((gap("b-5", "above") - above).abs() <= 3.0, "{what}");
            assert!(
                gap("b-5", "between") >= -0.5,
                "the customer on a line of its own: {what}"
            );
            if touch {
                assert!((gap("b-5", "between") - above).abs() <= 3.0, "{what}");
            }
            // The customer's line starts with the customer, not with the separator (which
            // ends the line before); the words still read "location · customer".
            for (id, card) in cards.as_object().into_iter().flatten() {
                assert_eq!(card["dotStartsLine"], json!(false), "{id}: {what}");
                let read = card["read"].as_str().unwrap_or_default();
                assert!(read.contains(" · "), "{id}: {read:?}");
            }
        }
    })
    .await;
    server.stop().await;
}

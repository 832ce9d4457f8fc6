//! Three places, one build: a phone (360 × 740, and turned sideways, 740 × 360), the counter
//! tablet upright (800 × 1280) and a desktop or landscape tablet (1280 × 800), by touch; the intranet's host page with hostile
//! CSS and hash routing; and axe-core on every page and state.
//!
//! Sizes, touch, colour scheme and reduced motion are emulated through Chromium's DevTools
//! protocol (chromedriver's `goog/cdp/execute`), in the one browser session of a scenario.
//! `KD_SCREENSHOTS=1` also saves the README's screenshots into docs/screenshots/.

use super::scenario;
use crate::harness::{dist, dist_copy, fixture, serve, serve_demo, slow_animals, Page, PATIENCE};
use devapi::{FaultSettings, Faults};
use fantoccini::Locator;
use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

pub(crate) const PHONE: Size = Size("phone", 360, 740);
/// The phone turned sideways: wide enough for more, far too short for a sticky anything.
pub(crate) const LANDSCAPE: Size = Size("phone-landscape", 740, 360);
pub(crate) const TABLET: Size = Size("tablet", 800, 1280);
pub(crate) const DESKTOP: Size = Size("desktop", 1280, 800);
/// A 10-inch tablet held sideways at the counter.
pub(crate) const SIDEWAYS: Size = Size("tablet-sideways", 1024, 768);
const SIZES: [Size; 4] = [PHONE, LANDSCAPE, TABLET, DESKTOP];

#[derive(Clone, Copy, Debug)]
pub(crate) struct Size(pub(crate) &'static str, pub(crate) u32, pub(crate) u32);

/// Every route and one thing each shows once loaded.
const PAGES: [(&str, &str, &str); 8] = [
    ("/board?date=2026-11-22", ".kd-lanes", "Bella"),
    ("/bookings", ".kd-table--bookings tbody", "Bella"),
    (
        "/bookings/b-1",
        ".kd-table--invoices tbody",
        "INV-2026-0001",
    ),
    ("/invoices", ".kd-table--invoices tbody", "INV-2026-0001"),
    ("/invoices/i-1", ".kd-fields", "Bella"),
    ("/animals/a-1", ".kd-table--invoices tbody", "INV-2026-0001"),
    (
        "/customers/c-1",
        ".kd-table--invoices tbody",
        "INV-2026-0001",
    ),
    ("/no/such/page", ".kd-state--not-found", "There is no page"),
];

pub(crate) async fn js(page: &Page, script: &str) -> Value {
    page.client
        .execute(script, vec![])
        .await
        .unwrap_or_else(|e| panic!("script failed: {e}\n{script}"))
}

/// Viewport of `size`, touch on or off (which also switches `pointer: coarse`).
pub(crate) async fn emulate(page: &Page, size: Size, touch: bool) {
    let Size(_, width, height) = size;
    page.cdp(
        "Emulation.setDeviceMetricsOverride",
        json!({ "width": width, "height": height, "deviceScaleFactor": 1, "mobile": touch }),
    )
    .await;
    page.cdp(
        "Emulation.setTouchEmulationEnabled",
        json!({ "enabled": touch, "maxTouchPoints": if touch { 5 } else { 1 } }),
    )
    .await;
}

/// Everything that sticks out sideways: the page itself, any element of the app past the
/// viewport, any scroll container of the app that scrolls sideways, any block of the app
/// whose content is wider than its box, and any empty field's placeholder cut by its box
/// (which no scroll width shows). Visually hidden parts (clipped) do not count.
const OVERFLOW_SCRIPT: &str = r#"
const vw = document.documentElement.clientWidth;
const bad = [];
const se = document.scrollingElement;
if (se.scrollWidth > vw + 1) bad.push(`the page scrolls sideways: ${se.scrollWidth} > ${vw}`);
const name = el => el.tagName.toLowerCase() + (el.className && typeof el.className === 'string' ? '.' + el.className.trim().split(/\s+/).join('.') : '') + ` "${(el.textContent || '').trim().slice(0, 40)}"`;
const hidden = el => {
  for (let e = el; e; e = e.parentElement) {
    const cs = getComputedStyle(e);
    if (cs.clipPath !== 'none' || cs.clip !== 'auto' || cs.display === 'none') return true;
  }
  return false;
};
for (const el of document.querySelectorAll('.kd, .kd *')) {
  const r = el.getBoundingClientRect();
  if (r.width === 0 && r.height === 0) continue;
  const cs = getComputedStyle(el);
  const sticksOut = r.right > vw + 1 || r.left < -1;
  const scrolls = (cs.overflowX === 'auto' || cs.overflowX === 'scroll') && el.scrollWidth > el.clientWidth + 1;
  const spills = cs.display !== 'inline' && cs.overflowX === 'visible' && el.clientWidth > 0 && el.scrollWidth > el.clientWidth + 1;
  if ((sticksOut || scrolls || spills) && !hidden(el)) {
    bad.push(`${name(el)}: box ${Math.round(r.left)}..${Math.round(r.right)} of ${vw}, scrollWidth ${el.scrollWidth} > clientWidth ${el.clientWidth}`);
  }
}
const pen = document.createElement('canvas').getContext('2d');
for (const el of document.querySelectorAll('.kd input[placeholder]')) {
  if (el.value || el.clientWidth === 0 || hidden(el)) continue;
  const cs = getComputedStyle(el);
  // An empty shorthand (Chromium's when a font setting cannot be written in it) would
  // leave the pen's font as it was: build it from the parts.
  pen.font = `${cs.fontStyle} ${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
  const room = el.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
  const text = pen.measureText(el.placeholder).width;
  if (text > room + 1) bad.push(`input[name=${el.name}]: placeholder "${el.placeholder}" ${Math.ceil(text)} px in ${Math.floor(room)}`);
}
return bad.slice(0, 12);
"#;

/// Controls and links of the app smaller than 44 × 44 CSS px.
const TARGETS_SCRIPT: &str = r#"
const bad = [];
const sel = 'a[href], button, input:not([type=hidden]), select, textarea, summary, [tabindex]:not([tabindex="-1"])';
for (const el of document.querySelectorAll('.kd ' + sel.split(', ').join(', .kd '))) {
  const r = el.getBoundingClientRect();
  if (r.width === 0 && r.height === 0) continue;
  if (r.width < 43.5 || r.height < 43.5) bad.push(`${el.tagName.toLowerCase()} "${el.textContent.trim().slice(0, 30)}" ${r.width.toFixed(1)}×${r.height.toFixed(1)}`);
}
return bad.slice(0, 12);
"#;

pub(crate) async fn assert_fits(page: &Page, what: &str) {
    let problems = js(page, OVERFLOW_SCRIPT).await;
    assert_eq!(problems, json!([]), "{what}: something sticks out sideways");
}

pub(crate) async fn assert_targets(page: &Page, what: &str) {
    let coarse = js(page, "return matchMedia('(pointer: coarse)').matches;").await;
    assert_eq!(
        coarse,
        json!(true),
        "{what}: touch emulation must give pointer: coarse"
    );
    let small = js(page, TARGETS_SCRIPT).await;
    assert_eq!(small, json!([]), "{what}: touch targets under 44 px");
}

/// The axe-core that scripts/setup.sh installs from npm.
fn axe_source() -> String {
    let tools = std::env::var("KENNEL_DESK_TOOLS")
        .map(PathBuf::from)
        .unwrap_or_else(|_| {
            PathBuf::from(std::env::var("HOME").unwrap_or_default())
                .join(".cache/kennel-desk-tools")
        });
    let path = tools.join("axe/node_modules/axe-core/axe.min.js");
    std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "axe-core not found at {} ({e}): run scripts/setup.sh",
            path.display()
        )
    })
}

/// Serious and critical axe-core violations (WCAG 2.x A/AA and best practices) within
/// `context` (a CSS selector), as "rule: targets" lines.
pub(crate) async fn axe(page: &Page, context: &str) -> Vec<String> {
    let loaded = js(page, "return typeof window.axe;").await;
    if loaded != json!("object") {
        let source = axe_source();
        page.client
            .execute(&format!("{source}\n;window.axe = axe;"), vec![])
            .await
            .expect("axe-core loads");
    }
    let script = r#"
const done = arguments[arguments.length - 1];
axe.run(document.querySelector(arguments[0]), { resultTypes: ['violations'] })
  .then(r => done(r.violations
    .filter(v => v.impact === 'serious' || v.impact === 'critical')
    .map(v => `${v.id} (${v.impact}): ${v.nodes.slice(0, 4).map(n => n.target.join(' ')).join(' | ')}`)))
  .catch(e => done([`axe failed: ${e}`]));
"#;
    let result = page
        .client
        .execute_async(script, vec![json!(context)])
        .await
        .expect("axe runs");
    serde_json::from_value(result).unwrap_or_default()
}

pub(crate) async fn assert_axe_clean(page: &Page, context: &str, what: &str) {
    let violations = axe(page, context).await;
    assert!(
        violations.is_empty(),
        "{what}: axe-core found serious or critical violations:\n{}",
        violations.join("\n")
    );
}

/// How a table's rows are laid out now: "table-row", or "block" for cards.
pub(crate) async fn row_display(page: &Page, table: &str) -> String {
    let script = format!(
        "const tr = document.querySelector('{table} tbody tr'); return tr ? getComputedStyle(tr).display : 'none';"
    );
    js(page, &script)
        .await
        .as_str()
        .unwrap_or_default()
        .to_string()
}

/// Saves a screenshot for the README when KD_SCREENSHOTS is set.
pub(crate) async fn screenshot(page: &Page, name: &str) {
    if std::env::var_os("KD_SCREENSHOTS").is_none() {
        return;
    }
    let png = page.client.screenshot().await.expect("screenshot");
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/screenshots");
    std::fs::create_dir_all(&dir).expect("docs/screenshots");
    std::fs::write(dir.join(format!("{name}.png")), png).expect("write screenshot");
}

/// Waits until `script` returns true.
pub(crate) async fn wait_for(page: &Page, script: &str, what: &str) {
    let started = Instant::now();
    loop {
        if page.client.execute(script, vec![]).await.ok() == Some(json!(true)) {
            return;
        }
        if started.elapsed() > PATIENCE {
            panic!(
                "{what}: not within {PATIENCE:?}; the page shows:\n{}",
                page.body_text().await
            );
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_page_fits_phone_tablet_and_desktop_by_touch_and_is_axe_clean() {
    let server = serve(fixture(), Some(dist()), Faults::default()).await;
    let url = server.url();
    scenario(|b| async move {
        for size in SIZES {
            emulate(&b, size, true).await;
            for (path, css, text) in PAGES {
                b.goto(&format!("{url}{path}")).await;
                b.wait_text(css, text).await;
                let what = format!("{path} at {size:?}");
                assert_fits(&b, &what).await;
                assert_targets(&b, &what).await;
                assert_axe_clean(&b, "body", &what).await;
                if path == "/bookings" {
                    screenshot(&b, &format!("bookings-{}", size.0)).await;
                }
            }
        }
        // The app's own page takes the whole window (`body.kd-page`; an embedding host
        // keeps its own margins), its background down to the bottom on a short page, which
        // does not scroll for it.
        assert_eq!(
            js(&b, "return getComputedStyle(document.body).margin;").await,
            json!("0px")
        );
        b.goto(&format!("{url}/no/such/page")).await;
        b.wait_text(".kd-state--not-found", "There is no page")
            .await;
        let short =
            "return [Math.round(document.querySelector('.kd').getBoundingClientRect().bottom), \
            document.scrollingElement.scrollHeight, innerHeight];";
        let [bottom, scroll, height] =
            serde_json::from_value::<[i64; 3]>(js(&b, short).await).expect("heights");
        assert_eq!(
            (bottom, scroll),
            (height, height),
            "the window filled, nothing to scroll"
        );
        // Its tab icon is inline, so no /favicon.ico goes to the server (whose fallback
        // would answer it with index.html) on a cold start over the counter's Wi-Fi.
        assert_eq!(
            js(
                &b,
                "return [...document.querySelectorAll('link[rel~=icon]')]\
                 .map(l => l.href.slice(0, 19));"
            )
            .await,
            json!(["data:image/svg+xml,"])
        );
    })
    .await;
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tables_become_cards_where_their_columns_do_not_fit() {
    let server = serve(fixture(), Some(dist()), Faults::default()).await;
    let url = server.url();
    scenario(|b| async move {
        // Bookings have seven columns: cards on a phone and on the upright tablet.
        // Invoices have six narrow ones: a table again from the upright tablet on.
        let expected = [
            (PHONE, "block", "block"),
            (TABLET, "block", "table-row"),
            (DESKTOP, "table-row", "table-row"),
        ];
        // [each shown sort button's border style, the distinct backgrounds of those sorted
        // by and of the rest]: above cards they are chips, the sorted one filled; a table's
        // header keeps plain words.
        let sorts = "const shown = [...document.querySelectorAll('.kd-table--bookings th')] \
              .filter(th => th.getClientRects().length && th.querySelector('.kd-sort')).map(th => [th.getAttribute('aria-sort'), \
              getComputedStyle(th.querySelector('.kd-sort'))]); \
            const bg = (sorted) => [...new Set(shown.filter(([a]) => (a !== 'none') === sorted) \
              .map(([, s]) => s.backgroundColor))]; \
            return [[...new Set(shown.map(([, s]) => s.borderTopStyle))], bg(true), bg(false)];";
        for (size, bookings, invoices) in expected {
            emulate(&b, size, false).await;
            b.goto(&format!("{url}/bookings?sort=animal")).await;
            b.wait_text(".kd-table--bookings tbody", "Bella").await;
            assert_eq!(row_display(&b, ".kd-table--bookings").await, bookings, "{size:?}");
            let [styles, sorted, rest] = serde_json::from_value::<[Vec<String>; 3]>(js(&b, sorts).await)
                .expect("styles");
            if bookings == "block" {
                assert_eq!(styles, ["solid"], "{size:?}: chips");
                assert!(sorted.len() == 1 && rest.len() == 1 && sorted != rest, "{size:?}: {sorted:?} {rest:?}");
            } else {
                assert_eq!(styles, ["none"], "{size:?}: a table's header");
            }
            b.goto(&format!("{url}/invoices")).await;
            b.wait_text(".kd-table--invoices tbody", "INV-2026-0001").await;
            assert_eq!(row_display(&b, ".kd-table--invoices").await, invoices, "{size:?}");
        }
        // The same table in a narrower box (a booking's invoices on a phone) is cards too:
        // the container decides, not the viewport.
        emulate(&b, PHONE, false).await;
        b.goto(&format!("{url}/bookings/b-1")).await;
        b.wait_text(".kd-table--invoices tbody", "INV-2026-0001").await;
        assert_eq!(row_display(&b, ".kd-table--invoices").await, "block");
        // Cards keep the table's semantics for screen readers.
        let roles = js(
            &b,
            "const t = document.querySelector('.kd-table--invoices');
             return [t.getAttribute('role'), t.querySelector('tbody tr').getAttribute('role'),
                     t.querySelector('tbody td').getAttribute('role'), t.querySelector('th').getAttribute('role')];",
        )
        .await;
        assert_eq!(roles, json!(["table", "row", "cell", "columnheader"]));
    })
    .await;
    server.stop().await;
}

/// A real click (DevTools input, not a script) at the middle of the first `css` element.
async fn click_at(page: &Page, css: &str) {
    let script = format!(
        "const r = document.querySelector('{css}').getBoundingClientRect();
         return [r.left + r.width / 2, r.top + r.height / 2];"
    );
    let point = js(page, &script).await;
    let (x, y) = (point[0].clone(), point[1].clone());
    for kind in ["mousePressed", "mouseReleased"] {
        page.cdp(
            "Input.dispatchMouseEvent",
            json!({ "type": kind, "x": x, "y": y, "button": "left", "clickCount": 1 }),
        )
        .await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tapping_anywhere_on_a_row_or_card_opens_it_and_its_other_links_still_work() {
    let server = serve(fixture(), Some(dist()), Faults::default()).await;
    let url = server.url();
    scenario(|b| async move {
        for size in [DESKTOP, TABLET] {
            emulate(&b, size, false).await;
            b.goto(&format!("{url}/bookings")).await;
            b.wait_text(".kd-table--bookings tbody", "Bella").await;
            // The care notes of the first row: plain text, far from the row's link.
            click_at(&b, ".kd-table--bookings tbody tr td.kd-care").await;
            b.wait_text("h1", "Booking b-1").await;
            assert_eq!(b.path().await, "/bookings/b-1", "{size:?}");
            // Still one focusable target per row: its link.
            b.goto(&format!("{url}/bookings")).await;
            b.wait_text(".kd-table--bookings tbody", "Bella").await;
            let focusables = js(
                &b,
                "const tr = document.querySelector('.kd-table--bookings tbody tr');
                 return [tr.tabIndex, tr.querySelectorAll('a.kd-row-link').length];",
            )
            .await;
            assert_eq!(focusables, json!([-1, 1]), "{size:?}");
            // The animal link inside the row opens the animal, not the booking.
            b.wait_text(
                ".kd-table--bookings tbody tr:first-child .kd-animal-link",
                "Bella",
            )
            .await;
            click_at(
                &b,
                ".kd-table--bookings tbody tr:first-child .kd-animal-link",
            )
            .await;
            b.wait_text("h1", "Bella").await;
            assert_eq!(b.path().await, "/animals/a-1", "{size:?}");
        }
    })
    .await;
    server.stop().await;
}

/// The day board on a touch screen: a tap anywhere on a card opens its booking, as on the
/// booking list (a tap on its note or its time did nothing; only the small link at its foot
/// opened it), and the animal's link on it still opens the animal. The three lanes stand
/// side by side where the board is at least 40 em wide and one above the other below it,
/// never two to a row (from about 480 to 735 px "Going home" went under the arrivals).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_board_card_opens_on_a_tap_anywhere_and_its_lanes_are_three_or_one_to_a_row() {
    let server = serve_demo(Faults::default()).await;
    let url = server.url();
    scenario(|b| async move {
        let lanes = "return [...document.querySelectorAll('.kd-lane')]\
                     .map(l => Math.round(l.getBoundingClientRect().left));";
        for (width, abreast) in [(360, false), (600, false), (700, true), (800, true)] {
            emulate(&b, Size("board", width, 1000), true).await;
            b.goto(&format!("{url}/")).await;
            b.wait_text(".kd-board", "Updated").await;
            let lefts: Vec<i64> = serde_json::from_value(js(&b, lanes).await).expect("lefts");
            assert_eq!(lefts.len(), 3, "{width}");
            let distinct = lefts
                .iter()
                .collect::<std::collections::BTreeSet<_>>()
                .len();
            assert_eq!(
                distinct,
                if abreast { 3 } else { 1 },
                "{width} px: {lefts:?}"
            );
        }
        // The time on the first card: plain text, away from the card's links.
        let card = ".kd-lane .kd-card";
        let id = js(
            &b,
            &format!("return document.querySelector('{card}').dataset.booking;"),
        )
        .await;
        let id = id.as_str().expect("a card's booking").to_string();
        b.tap(&format!("{card} .kd-card__time")).await;
        b.wait_text("h1", &format!("Booking {id}")).await;
        b.client.back().await.expect("back");
        b.wait_text(".kd-board", "Updated").await;
        b.wait_text(&format!("{card} .kd-animal-link"), "").await;
        let animal = js(
            &b,
            &format!(
                "return document.querySelector('{card} .kd-animal-link').getAttribute('href');"
            ),
        )
        .await;
        b.tap(&format!("{card} .kd-animal-link")).await;
        wait_for(
            &b,
            &format!("return location.pathname === {animal};"),
            "the animal's page",
        )
        .await;
    })
    .await;
    server.stop().await;
}

/// For `wait_for`: the booking list's line counting the names loaded has something to say
/// (names are loading), or nothing left to say (every name is in).
const NAMES_LOADING: &str =
    "return (document.querySelector('.kd-names')?.textContent ?? '') !== '';";
const NAMES_DONE: &str = "return (document.querySelector('.kd-names')?.textContent ?? '') === '';";

/// Opens the booking list at `size` by touch, with nothing kept from a visit before (the app
/// keeps the lists and the animals it saw, and a stored copy shows first), and waits for its
/// first row. The page is left before the clear, so that no save of its own lands after it.
async fn bookings_afresh(b: &Page, url: &str, size: Size) {
    emulate(b, size, true).await;
    b.goto("about:blank").await;
    b.cdp(
        "Storage.clearDataForOrigin",
        json!({ "origin": url, "storageTypes": "all" }),
    )
    .await;
    b.goto(&format!("{url}/bookings")).await;
    b.texts(".kd-table--bookings tbody tr", 1).await;
}

/// Species and groups come with the animals, after the list is shown. The filter bar must
/// not grow with them and push the table down under a finger: on an 800 px tablet a select
/// widened by "small animal" wrapped the bar and moved the table 72 px (a layout shift of
/// 0.33), and a tap meant for one row's animal landed on the row below's booking. Nor may
/// the table's columns change width (on a desktop the animal column widened and every row
/// grew).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_list_stays_put_while_the_animals_arrive() {
    let faults = Faults::default();
    let server = serve(fixture(), Some(dist()), faults.clone()).await;
    let url = server.url();
    scenario(|b| async move {
        for size in SIZES {
            // Slow animals: the table is read before any group is known (the spec's three
            // species are offered from the start), then again once the fixture's three
            // groups are.
            slow_animals(&faults, 1500);
            bookings_afresh(&b, &url, size).await;
            // [the table's top, species and groups offered, its columns' widths (none as
            // cards)].
            let top = "const o = n => document.querySelector(`select[name=${n}]`).options.length; \
                const t = document.querySelector('.kd-table--bookings'); \
                return [document.querySelector('.kd-table-wrap').getBoundingClientRect().top \
                + scrollY, [o('species'), o('group')], getComputedStyle(t).display === 'table' \
                ? [...t.querySelectorAll('thead th')].map(h => h.getBoundingClientRect().width) \
                : []];";
            let before = js(&b, top).await;
            assert_eq!(
                before[1],
                json!([4, 1]),
                "{size:?}: 'all' and the three species, no group before the animals"
            );
            wait_for(
                &b,
                "return document.querySelector('select[name=group]').options.length >= 4;",
                "the animals",
            )
            .await;
            let after = js(&b, top).await;
            assert_eq!(
                before[0], after[0],
                "{size:?}: the table moved as the animals came"
            );
            // As a table, the animal column is wide enough for a name and its badge from the
            // start: a column that widened made every row taller under the reader.
            assert_eq!(
                before[2], after[2],
                "{size:?}: the columns changed width as the animals came"
            );
            faults.clear();
        }
    })
    .await;
    server.stop().await;
}

/// A 10-inch tablet held sideways at the counter (1024 × 768, by touch) gets the booking list
/// (and a customer's bookings) as a table whose care notes have room: a stay's dates kept on one line took 17–18em, and
/// the care notes got 105 px (every demo row 160–230 px tall, two bookings to a screen). The
/// dates now take two lines at most, the care notes at least 10em, and no column moves when
/// the animals (and their vaccination badges) arrive.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tablet_held_sideways_leaves_the_care_notes_room_and_keeps_its_columns() {
    let faults = Faults::default();
    let server = serve_demo(faults.clone()).await;
    let url = server.url();
    scenario(|b| async move {
        slow_animals(&faults, 1500);
        emulate(&b, SIDEWAYS, true).await;
        b.goto(&format!("{url}/bookings")).await;
        b.texts(".kd-table--bookings tbody tr", 1).await;
        // [display, the headers' widths, the most lines a stay's dates take].
        let state = "const t = document.querySelector('.kd-table--bookings'); \
            const lines = [...t.querySelectorAll('tbody .kd-row-link')].map(a => { \
              const r = document.createRange(); r.selectNodeContents(a); \
              return new Set([...r.getClientRects()].map(x => Math.round(x.top))).size; }); \
            return [getComputedStyle(t).display, \
            [...t.querySelectorAll('thead th')].map(h => Math.round(h.getBoundingClientRect().width)), \
            Math.max(...lines)];";
        let before = js(&b, state).await;
        assert_eq!(before[0], json!("table"), "a table at {SIDEWAYS:?}");
        wait_for(
            &b,
            "return document.querySelector('select[name=group]').options.length >= 4;",
            "the animals",
        )
        .await;
        let after = js(&b, state).await;
        assert_eq!(before[1], after[1], "the columns moved as the animals came");
        assert_room_for_care(&after, "the booking list");
        assert_fits(&b, "the booking list at 1024 × 768").await;
        assert_targets(&b, "the booking list at 1024 × 768").await;
        faults.clear();
        if std::env::var_os("KD_SCREENSHOTS").is_some() {
            wait_for(
                &b,
                NAMES_DONE,
                "every name",
            )
            .await;
            screenshot(&b, "bookings-tablet-sideways").await;
        }
        // A customer's bookings are the same table under other headings.
        b.goto(&format!("{url}/customers/c-1006")).await;
        b.texts(".kd-table--bookings tbody tr", 1).await;
        assert_room_for_care(&js(&b, state).await, "a customer's bookings");
    })
    .await;
    server.stop().await;
}

/// Between the filters and the booking table: where the list is 60 em wide or more (a tablet
/// held sideways, a desktop) the count and "Updated … Refresh" share a line and the names'
/// progress has the next; stacked, the three took the table 50 px lower, and a tablet held
/// sideways showed three bookings under them. Narrower (an upright tablet, a phone) they stay
/// stacked. Neither the count changing with a search, nor the names' progress coming and going,
/// nor a reload's stored copy giving way to the service's answer moves the table (a phone
/// excepted: its names warning takes three lines, as it did before).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_count_and_refresh_share_a_line_where_the_width_allows() {
    let faults = Faults::default();
    let server = serve_demo(faults.clone()).await;
    let url = server.url();
    scenario(|b| async move {
        // [the count's top and bottom, Refresh's top, the names' top, the filters' bottom,
        // the table's top], page coordinates.
        let state = "const at = (s) => document.querySelector(s).getBoundingClientRect(); \
            return [at('.kd-count').top, at('.kd-count').bottom, at('.kd-freshness').top, \
            at('.kd-names').top, at('.kd-filters').bottom, at('.kd-table-wrap').top] \
            .map(v => Math.round(v + scrollY));";
        for (size, one_line) in [
            (SIDEWAYS, true),
            (DESKTOP, true),
            (TABLET, false),
            (PHONE, false),
        ] {
            slow_animals(&faults, 400);
            bookings_afresh(&b, &url, size).await;
            wait_for(&b, NAMES_LOADING, "names loading").await;
            let at = js(&b, state).await;
            let px = |i: usize| at[i].as_i64().unwrap_or_default();
            if one_line {
                assert_eq!(
                    px(0),
                    px(2),
                    "{size:?}: the count and Refresh on one line: {at}"
                );
                assert!(
                    px(3) >= px(1),
                    "{size:?}: the names' progress under them: {at}"
                );
                assert!(
                    px(5) - px(4) <= 100,
                    "{size:?}: {} px between the filters and the table: {at}",
                    px(5) - px(4)
                );
            } else {
                assert!(px(2) >= px(1), "{size:?}: Refresh under the count: {at}");
            }
            // The fields' boxes: [distinct tops, distinct widths, the search box's bottom
            // less the last field's]. An upright tablet has two rows of three, of one width
            // ("To" took a row of its own); a desk has the search level with the fields.
            let fields = "const boxes = [...document.querySelectorAll('.kd-filters .kd-filter')] \
                  .map(f => f.querySelector('select, input').getBoundingClientRect()); \
                const search = document.querySelector('.kd-search input').getBoundingClientRect(); \
                return [new Set(boxes.map(r => Math.round(r.top))).size, \
                  new Set(boxes.map(r => Math.round(r.width))).size, \
                  Math.round(search.bottom - boxes[boxes.length - 1].bottom)];";
            let fields = js(&b, fields).await;
            if size.0 == TABLET.0 {
                assert_eq!(fields[0], json!(2), "{size:?}: two rows: {fields}");
                assert_eq!(fields[1], json!(1), "{size:?}: one width: {fields}");
            }
            if size.0 == DESKTOP.0 {
                assert_eq!(
                    fields[2],
                    json!(0),
                    "{size:?}: the search level with the fields: {fields}"
                );
            }
            assert_fits(&b, &format!("{size:?}: the booking list")).await;
            if size.0 == PHONE.0 {
                // "Clear filters" beside Export leaves the count room of its own.
                crate::frontdesk::choose(&b, "status", "in-house").await;
                b.wait_text(".kd-count .kd-button", "Clear filters").await;
                assert_fits(&b, "a phone's booking list, filtered").await;
                faults.clear();
                continue;
            }
            // A search changes the count's text while the names still load.
            crate::frontdesk::type_search(&b, "run a").await;
            b.wait_text(".kd-count__text", " of ").await;
            let moved = |now: Value, what: &str| {
                assert_eq!(now[5], at[5], "{size:?}: the table moved with {what}");
            };
            moved(js(&b, state).await, "the count");
            wait_for(&b, NAMES_DONE, "every name").await;
            moved(js(&b, state).await, "the names");
            // Choosing a filter brings "Clear filters", beside the count; no row for it.
            crate::frontdesk::choose(&b, "status", "in-house").await;
            b.wait_text(".kd-count .kd-button", "Clear filters").await;
            moved(js(&b, state).await, "a filter chosen");
            // A reload shows the stored copy until the (slow) service answers: the longest
            // text the line holds.
            wait_for(&b, &stored("/api bookings"), "the list stored").await;
            faults.set(
                FaultSettings::default()
                    .on_path("/api/bookings")
                    .delay_ms(3000),
            );
            b.goto(&format!("{url}/bookings")).await;
            b.wait_text(".kd-freshness--stale", "Stored copy").await;
            b.texts(".kd-table--bookings tbody tr", 1).await;
            let stored = js(&b, state).await;
            assert_eq!(
                js(&b, STILL_STALE).await,
                json!(true),
                "{size:?}: read too late"
            );
            b.wait_text(".kd-freshness", "Updated").await;
            assert_eq!(
                js(&b, state).await,
                stored,
                "{size:?}: the lines moved as the stored copy gave way to the answer"
            );
            if one_line {
                moved(stored, "the stored copy");
            }
            faults.clear();
        }
    })
    .await;
    server.stop().await;
}

/// Whether the stored copy is still on screen: a reading meant for it, taken after the
/// service's answer came, would compare the answer with itself.
pub(crate) const STILL_STALE: &str =
    "return document.querySelector('.kd-freshness--stale') !== null;";

/// A script for `wait_for`: whether the browser's store holds the list stored under `key`
/// ("/api bookings", "/api invoices"; src/api/snapshot.rs).
pub(crate) fn stored(key: &str) -> String {
    format!(
        "return new Promise((done) => {{ const open = indexedDB.open('kennel-desk'); \
         open.onerror = () => done(false); open.onsuccess = () => {{ try {{ \
         const get = open.result.transaction('snapshots').objectStore('snapshots') \
         .count('{key}'); get.onsuccess = () => {{ open.result.close(); done(get.result > 0); }}; \
         get.onerror = () => done(false); }} catch (e) {{ open.result.close(); done(false); }} }}; }});"
    )
}

/// On `state` ([display, header widths, the most lines a stay's dates take]) of a booking
/// table at 1024 px: the care notes at least 10em, the dates at most 11em and two lines.
fn assert_room_for_care(state: &Value, what: &str) {
    let widths = state[1].as_array().expect("header widths");
    let care = widths.last().and_then(Value::as_f64).unwrap_or(0.0);
    assert!(
        care >= 160.0,
        "{what}: care notes {care} px wide: {widths:?}"
    );
    let dates = widths.first().and_then(Value::as_f64).unwrap_or(f64::MAX);
    assert!(
        dates <= 176.0,
        "{what}: the dates column {dates} px wide: {widths:?}"
    );
    assert!(
        state[2].as_u64().is_some_and(|n| (1..=2).contains(&n)),
        "{what}: a stay's dates take {} lines",
        state[2]
    );
}

/// On a desktop the booking list's columns keep their widths while a search changes its
/// rows: sized by the rows on screen, they moved by up to 30 px with each key (the location
/// column 141 -> 112 px, the care notes 265 -> 295 px, with the demo data at 1280 px), and
/// every line the reader was following shifted sideways.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_booking_lists_columns_stay_put_while_a_search_changes_the_rows() {
    let server = serve_demo(Faults::default()).await;
    let url = server.url();
    scenario(|b| async move {
        emulate(&b, DESKTOP, false).await;
        b.goto(&format!("{url}/bookings")).await;
        b.texts(".kd-table--bookings tbody tr", 1).await;
        // [shown as a table, its headers' widths but the care notes', the rows' text]. The
        // care notes take what the window leaves, which grows when a short result takes the
        // page's scroll bar away.
        let state = "const t = document.querySelector('.kd-table--bookings'); \
            return [getComputedStyle(t).display, \
            [...t.querySelectorAll('thead th')].slice(0, -1) \
            .map(h => h.getBoundingClientRect().width), t.tBodies[0].textContent];";
        let start = js(&b, state).await;
        assert_eq!(start[0], json!("table"), "a table at {DESKTOP:?}");
        let mut rows = start[2].clone();
        for query in ["cat", "quiet", "small", "run b", "pip", ""] {
            crate::frontdesk::type_search(&b, query).await;
            wait_for(
                &b,
                &format!(
                    "return document.querySelector('.kd-table--bookings tbody').textContent \
                     !== {rows};"
                ),
                &format!("the rows for {query:?}"),
            )
            .await;
            let now = js(&b, state).await;
            assert_eq!(
                now[1], start[1],
                "the columns changed width with the search {query:?}"
            );
            rows = now[2].clone();
        }
    })
    .await;
    server.stop().await;
}

/// The line counting the names loaded keeps its height once it has nothing left to say,
/// so the table does not move up under a finger when the last name arrives.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_list_stays_put_when_the_last_name_arrives() {
    let faults = Faults::default();
    let today = chrono::Local::now().date_naive();
    let server = serve(
        devapi::Dataset::generate(8, today),
        Some(dist()),
        faults.clone(),
    )
    .await;
    let url = server.url();
    scenario(|b| async move {
        slow_animals(&faults, 1000);
        emulate(&b, TABLET, true).await;
        b.goto(&format!("{url}/bookings?status=all")).await;
        b.texts(".kd-table--bookings tbody tr", 1).await;
        let state = "return [document.querySelector('.kd-table-wrap').getBoundingClientRect().top \
            + scrollY, (document.querySelector('.kd-names')?.textContent ?? '')];";
        wait_for(&b, NAMES_LOADING, "names loading").await;
        let before = js(&b, state).await;
        wait_for(&b, NAMES_DONE, "every name").await;
        let after = js(&b, state).await;
        assert_eq!(
            before[0], after[0],
            "the table moved when the last name came"
        );
    })
    .await;
    server.stop().await;
}

/// Opens `url` (with [`FIRST_FRAME`] installed) and checks that its first frame's rows reach
/// the window's bottom, with at least one built below it; gives that frame's record and how
/// many rows were built.
async fn first_frame_fills(b: &Page, url: &str, size: Size) -> (Value, u64) {
    b.goto(url).await;
    wait_for(
        b,
        "return window.__kdFirst !== null;",
        "the first row's frame",
    )
    .await;
    let first = js(b, "return window.__kdFirst;").await;
    let (built, in_view) = (first[0].as_u64().unwrap(), first[1].as_u64().unwrap());
    assert_eq!(
        first[2],
        json!(true),
        "{url} {size:?}: a gap under the first rows: {first}"
    );
    assert!(
        in_view < built,
        "{url} {size:?}: no row built below the window: {first}"
    );
    (first, built)
}

/// Records, in the first frame that shows a booking row, how many rows are built, how many
/// start inside the window, whether they reach its bottom, and where they start.
const FIRST_FRAME: &str = r#"
window.__kdFirst = null;
new MutationObserver((_, seen) => {
  if (!document.querySelector('table tbody tr')) return;
  seen.disconnect();
  requestAnimationFrame(() => {
    const body = document.querySelector('table tbody');
    const rows = [...body.querySelectorAll('tr')];
    window.__kdFirst = [rows.length, rows.filter(r => r.getBoundingClientRect().top < innerHeight).length,
      body.getBoundingClientRect().bottom >= innerHeight, body.getBoundingClientRect().top, innerHeight];
  });
}).observe(document, { childList: true, subtree: true });
"#;

/// On a phone and on the counter's tablet the list is cards, three or fewer in view. The
/// first paint builds a few of them, not as many as table rows would fill the window (20 at
/// 740 px, 33 at 1280 px, where 1 and 3 were in view): every card built costs the slow
/// tablet its layout before anything shows. It still fills the window, with no gap.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_first_paint_builds_the_cards_in_view_not_a_table_rows_worth() {
    let today = chrono::Local::now().date_naive();
    let server = serve(
        devapi::Dataset::generate(300, today),
        Some(dist()),
        Faults::default(),
    )
    .await;
    let url = server.url();
    scenario(|b| async move {
        b.on_new_document(FIRST_FRAME).await;
        // Each size's bound: its height over a card's guessed 160 px, and one more.
        for (size, most) in [(PHONE, 6), (LANDSCAPE, 4), (TABLET, 9)] {
            emulate(&b, size, true).await;
            // (Sideways, the filters may fill the window: none in view is fine there.)
            let (first, built) =
                first_frame_fills(&b, &format!("{url}/bookings?status=all"), size).await;
            assert!(
                built <= most,
                "{size:?}: cards built for the first paint: {first}"
            );
        }
    })
    .await;
    server.stop().await;
}

/// On a desk or a tablet held sideways the lists are tables whose rows start below the
/// search, the filters and the count (311 px down at 1 280 x 900 for the booking list, 316
/// for the invoices); a booking row is two lines. The first paint builds the rows from there
/// to the bottom of the window and a few more, not a window's height of one-line rows from
/// the top of the window (21 at 1 280 x 800, where 7 bookings were in view): each row built
/// costs the task that shows the first row. It still fills the window, with no gap.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_first_paint_builds_the_table_rows_in_view_from_where_the_table_starts() {
    let today = chrono::Local::now().date_naive();
    let server = serve(
        devapi::Dataset::generate(1000, today),
        Some(dist()),
        Faults::default(),
    )
    .await;
    // A browser of its own for each size: a second visit's first rows come from the copy
    // the first one stored, built with the page, before anything is laid out to read.
    //
    // The start is read where the loading line stood, less than `above` px above the rows
    // (83 for the bookings, 40 for the invoices, at both sizes), and each row guessed at its
    // shortest, `row` px (bookings 64-136 here, invoices 45): so the rows of `row` px from
    // `above` px over the first one to the window's bottom, and one more.
    for (path, row, above) in [
        ("/bookings?status=all", 64.0, 90.0),
        ("/invoices?status=all", 40.0, 50.0),
    ] {
        for (size, touch) in [(DESKTOP, false), (SIDEWAYS, true)] {
            let url = server.url();
            scenario(|b| async move {
                b.on_new_document(FIRST_FRAME).await;
                emulate(&b, size, touch).await;
                let (first, built) = first_frame_fills(&b, &format!("{url}{path}"), size).await;
                let (top, height) = (first[3].as_f64().unwrap(), first[4].as_f64().unwrap());
                let most = ((height - top + above) / row).ceil() as u64 + 1;
                assert!(
                    built <= most,
                    "{path} {size:?}: rows built for the first paint, at most {most}: {first}"
                );
            })
            .await;
        }
    }
    server.stop().await;
}

/// "Skip to content" is the first stop of Tab, unseen until then, and Enter takes focus to
/// the page's heading past the navigation; embedded with hash routing it leaves the route in
/// the address alone (an `#anchor` jump would have replaced it). Before, Tab passed three
/// navigation links and, on the board, a dozen controls before the first card.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn skip_to_content_is_the_first_tab_stop_and_takes_focus_to_the_heading() {
    let server = serve(fixture(), Some(dist()), Faults::default()).await;
    let url = server.url();
    scenario(|b| async move {
        emulate(&b, DESKTOP, false).await;
        b.goto(&format!("{url}/bookings")).await;
        b.wait_text(".kd-table--bookings tbody", "Bella").await;
        let size = "const r = document.querySelector('.kd-skip').getBoundingClientRect();
                    return [Math.round(r.width) > 20, Math.round(r.height) > 20, r.top >= 0];";
        assert_eq!(js(&b, size).await, json!([false, false, true]), "unseen until focused");
        let body = b.client.active_element().await.expect("body");
        body.send_keys("\u{E004}").await.expect("tab");
        let focused = "const a = document.activeElement; return [a.tagName, a.textContent];";
        assert_eq!(js(&b, focused).await, json!(["A", "Skip to content"]));
        assert_eq!(js(&b, size).await, json!([true, true, true]), "seen when focused");
        let link = b.client.active_element().await.expect("the link");
        link.send_keys("\u{E007}").await.expect("enter");
        wait_for(
            &b,
            "const a = document.activeElement; return a.tagName === 'H1' && a.textContent === 'Bookings';",
            "focus on the heading",
        )
        .await;
        assert_eq!(js(&b, "return location.pathname + location.hash;").await, json!("/bookings"));

        b.goto(&format!("{url}/embed.html#/invoices")).await;
        b.wait_text("#kennel-desk .kd-table--invoices tbody", "INV-").await;
        js(&b, "document.querySelector('#kennel-desk .kd-skip').focus(); return 0;").await;
        let link = b.client.active_element().await.expect("the link");
        link.send_keys("\u{E007}").await.expect("enter");
        wait_for(
            &b,
            "const a = document.activeElement; return a.tagName === 'H1' && a.textContent === 'Invoices';",
            "focus on the embedded app's heading",
        )
        .await;
        assert_eq!(js(&b, "return location.hash;").await, json!("#/invoices"));
    })
    .await;
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn navigation_names_the_page_moves_focus_to_its_heading_and_announces_states() {
    let server = serve(fixture(), Some(dist()), Faults::default()).await;
    let url = server.url();
    scenario(|b| async move {
        b.goto(&format!("{url}/bookings")).await;
        b.wait_text(".kd-table--bookings tbody", "Bella").await;
        // The live region is there from the start, before any message is put in it.
        let regions = js(&b, "return document.querySelectorAll('.kd [role=status][aria-live=polite]').length;").await;
        assert_eq!(regions, json!(1));
        wait_for(&b, "return document.title === 'Bookings · Kennel Desk';", "title of the list").await;
        // "Loading bookings…" was said while the list came; it is not left in the region.
        wait_for(
            &b,
            "return !document.querySelector('.kd [aria-live=polite]').textContent.includes('Loading');",
            "the loading line taken back",
        )
        .await;

        b.click(".kd-nav a[href='/invoices']").await;
        wait_for(
            &b,
            "const a = document.activeElement; return a && a.tagName === 'H1' && a.textContent.includes('Invoices');",
            "focus on the Invoices heading",
        )
        .await;
        assert_eq!(js(&b, "return document.title;").await, json!("Invoices · Kennel Desk"));

        b.click("a.kd-row-link[href='/invoices/i-1']").await;
        wait_for(
            &b,
            "const a = document.activeElement; return a && a.tagName === 'H1' && a.textContent.includes('INV-2026-0001');",
            "focus on the invoice's heading",
        )
        .await;
        assert_eq!(js(&b, "return document.title;").await, json!("Invoice INV-2026-0001 · Kennel Desk"));

        // "No results" is said through the live region.
        b.goto(&format!("{url}/bookings?q=nobody-is-called-this")).await;
        wait_for(
            &b,
            "return document.querySelector('.kd [aria-live=polite]').textContent.includes('No bookings match');",
            "no-results announcement",
        )
        .await;

        // Offline: the banner shows and the live region says it.
        js(&b, "window.dispatchEvent(new Event('offline')); return true;").await;
        b.wait_text(".kd-notice--offline", "Offline").await;
        wait_for(
            &b,
            "return document.querySelector('.kd [aria-live=polite]').textContent.startsWith('Offline');",
            "offline announcement",
        )
        .await;
        assert_fits(&b, "offline banner").await;
        assert_axe_clean(&b, "body", "offline").await;
    })
    .await;
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn error_and_loading_states_are_announced_fit_and_pass_axe_in_light_and_dark() {
    let faults = Faults::default();
    let server = serve(fixture(), Some(dist()), faults.clone()).await;
    let url = server.url();
    scenario(|b| async move {
        emulate(&b, PHONE, true).await;
        faults.set_fail_status(Some(503));
        b.goto(&format!("{url}/bookings")).await;
        b.wait_text(".kd-state--error", "HTTP 503").await;
        wait_for(
            &b,
            "return document.querySelector('.kd [aria-live=polite]').textContent.includes('503');",
            "error announcement",
        )
        .await;
        assert_fits(&b, "error state on a phone").await;
        assert_targets(&b, "error state on a phone").await;
        assert_axe_clean(&b, "body", "error state").await;

        // Dark, with less motion: still AA contrast, and the spinner stands still.
        b.cdp(
            "Emulation.setEmulatedMedia",
            json!({ "features": [
                { "name": "prefers-color-scheme", "value": "dark" },
                { "name": "prefers-reduced-motion", "value": "reduce" }
            ] }),
        )
        .await;
        assert_axe_clean(&b, "body", "error state, dark").await;
        faults.set_fail_status(None);
        faults.set_delay_ms(3_000);
        b.goto(&format!("{url}/invoices")).await;
        b.wait_text(".kd-state--loading", "Loading invoices").await;
        let spinner = js(
            &b,
            "return getComputedStyle(document.querySelector('.kd-spinner')).animationName;",
        )
        .await;
        assert_eq!(
            spinner,
            json!("none"),
            "no spinning with prefers-reduced-motion"
        );
        assert_axe_clean(&b, "body", "loading, dark").await;
        faults.set_delay_ms(0);
        b.wait_text(".kd-table--invoices tbody", "INV-2026-0001")
            .await;
        let background = js(
            &b,
            "return getComputedStyle(document.querySelector('.kd')).backgroundColor;",
        )
        .await;
        assert_ne!(
            background,
            json!("rgb(246, 247, 249)"),
            "dark scheme honoured"
        );
        assert_axe_clean(&b, "body", "invoices, dark").await;
        b.goto(&format!("{url}/bookings")).await;
        b.wait_text(".kd-table--bookings tbody", "Bella").await;
        assert_axe_clean(&b, "body", "bookings cards, dark").await;
        screenshot(&b, "bookings-phone-dark").await;
    })
    .await;
    server.stop().await;
}

/// Dark, on the demo data (dated around today, so the board has its lanes, counts and flags,
/// and some animals' vaccinations expire soon): the board, the lists and the records meet
/// AA contrast as they do in light. The lanes' counts (white on the dark theme's light text,
/// 1.2:1) and "Expires soon" (brown on the dark theme's amber, 1.7:1) did not; the light
/// theme's pale pills stood on the dark page.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_board_lists_and_records_meet_contrast_in_dark_too() {
    let server = serve_demo(Faults::default()).await;
    let url = server.url();
    scenario(|b| async move {
        emulate(&b, DESKTOP, false).await;
        b.cdp(
            "Emulation.setEmulatedMedia",
            json!({ "features": [{ "name": "prefers-color-scheme", "value": "dark" }] }),
        )
        .await;
        let soon = |scope: &str| {
            format!("return document.querySelector('{scope} .kd-vacc-badge--soon') !== null;")
        };
        b.goto(&format!("{url}/")).await;
        wait_for(&b, &soon(".kd-lanes"), "a card's vaccination expiring soon").await;
        let counts = "return document.querySelectorAll('.kd-lane__count').length;";
        assert_eq!(js(&b, counts).await, json!(3));
        assert_axe_clean(&b, "body", "the board, dark").await;
        b.goto(&format!("{url}/bookings")).await;
        wait_for(
            &b,
            &soon(".kd-table--bookings"),
            "a row's vaccination expiring soon",
        )
        .await;
        assert_axe_clean(&b, "body", "the booking list, dark").await;
        // The records of a booking whose animal's vaccination expires soon.
        let links = "const row = document.querySelector('.kd-vacc-badge--soon').closest('tr'); \
            return [...row.querySelectorAll('a')].map(a => a.getAttribute('href'));";
        let hrefs: Vec<String> = serde_json::from_value(js(&b, links).await).expect("links");
        assert_eq!(hrefs.len(), 3, "booking, animal, customer: {hrefs:?}");
        for href in &hrefs {
            b.goto(&format!("{url}{href}")).await;
            b.wait_text(".kd-page h1", "").await;
            wait_for(
                &b,
                "return document.querySelector('.kd-freshness') !== null;",
                href,
            )
            .await;
            if href.starts_with("/customers/") {
                // Its balance comes with the invoices, after the bookings' heading.
                b.wait_text(".kd-balance", "").await;
            } else {
                wait_for(&b, &soon(".kd-page"), "its vaccination expiring soon").await;
            }
            assert_axe_clean(&b, "body", &format!("{href}, dark")).await;
        }
        b.goto(&format!("{url}/invoices?status=all")).await;
        b.wait_text(".kd-table--invoices tbody", "INV").await;
        assert_axe_clean(&b, "body", "the invoice list, dark").await;
    })
    .await;
    server.stop().await;
}

/// Computed styles of the host's header and footer and everything in them.
/// (Not their width: the app makes the page taller, and the scrollbar that brings takes
/// 15 px from every full-width block.)
const HOST_STYLES: &str = r#"
const props = ['display', 'box-sizing', 'font-size', 'font-family', 'font-weight', 'line-height',
  'color', 'background-color', 'padding-top', 'padding-left', 'margin-top', 'margin-left',
  'text-decoration-line', 'border-top-width'];
const out = {};
for (const el of document.querySelectorAll('#host-header, #host-header *, #host-footer, #host-footer *')) {
  const cs = getComputedStyle(el);
  out[(el.id || el.tagName) + ':' + el.textContent.trim().slice(0, 20)] = props.map(p => cs.getPropertyValue(p)).join(' | ');
}
return out;
"#;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn embed_page_hosts_the_app_with_hash_routing_and_leaves_the_host_alone() {
    let server = serve(fixture(), Some(dist()), Faults::default()).await;
    let url = server.url();
    scenario(|b| async move {
        emulate(&b, DESKTOP, false).await;
        // The app's `/` is the day board (issue 7); the booking list is `#/bookings`.
        b.goto(&format!("{url}/embed.html#/bookings")).await;
        b.wait_text("#kennel-desk .kd-table--bookings tbody", "Bella").await;
        b.wait_text("#host-header", "Kennel intranet").await;

        // Nothing of the app's in the host's global scope, one `main` (the host's), and the
        // host's title untouched.
        assert_eq!(js(&b, "return typeof window.wasmBindings;").await, json!("undefined"));
        assert_eq!(js(&b, "return document.querySelectorAll('main, [role=main]').length;").await, json!(1));
        assert_eq!(js(&b, "return document.querySelector('#kennel-desk .kd-main').getAttribute('role');").await, json!("region"));
        assert_eq!(js(&b, "return document.title;").await, json!("Kennel intranet"));

        // The hostile CSS does not reach the app: its own sizes, a full-width table,
        // border-box everywhere.
        let app = js(
            &b,
            "const q = s => getComputedStyle(document.querySelector('#kennel-desk ' + s));
             const table = document.querySelector('#kennel-desk .kd-table');
             return [q('.kd').fontSize, q('h1').fontSize, q('.kd-table td').boxSizing,
                     Math.abs(table.getBoundingClientRect().width - table.parentElement.clientWidth) < 1.5];",
        )
        .await;
        assert_eq!(app, json!(["16px", "24px", "border-box", true]));
        assert_fits(&b, "embedded at 1280").await;
        assert_axe_clean(&b, "#kennel-desk", "embedded").await;
        screenshot(&b, "embedded-desktop").await;

        // Hash routing: the app's links live in the fragment; the host's path stays.
        b.click("#kennel-desk a.kd-row-link[href='#/bookings/b-1']").await;
        b.wait_text("#kennel-desk h1", "Booking b-1").await;
        assert_eq!(b.path().await, "/embed.html");
        assert_eq!(js(&b, "return location.hash;").await, json!("#/bookings/b-1"));
        b.client.refresh().await.expect("reload");
        b.wait_text("#kennel-desk h1", "Booking b-1").await;
        b.wait_text("#kennel-desk .kd-fields", "Run A3").await;
        b.client.back().await.expect("back");
        b.wait_text("#kennel-desk .kd-table--bookings tbody", "Bella").await;
        assert_eq!(b.path().await, "/embed.html");
        // The host's own entry (the page as loaded, left by the row's link, which had focus)
        // keeps its state: the app keys its places there by URL and writes nothing into it.
        assert_eq!(js(&b, "return history.state;").await, json!(null), "the host's history state");
        // A state the host page gives its entry stays through the app's query writes below
        // (the router replaces the entry to write one; upstream wrote `undefined` over it).
        js(&b, "history.replaceState({ host: 'kept' }, ''); return 0;").await;
        // Filters write the fragment too (through the router's query signals).
        b.client
            .find(Locator::Css("#kennel-desk select[name='status']"))
            .await
            .expect("status filter")
            .select_by_value("pickup")
            .await
            .expect("choose Going home");
        b.wait_text("#kennel-desk .kd-count", "1 of").await;
        assert_eq!(js(&b, "return [location.pathname, location.hash];").await, json!(["/embed.html", "#/bookings?status=pickup"]));
        assert_eq!(js(&b, "return history.state;").await, json!({ "host": "kept" }), "the host's own state");

        // On a phone the embedded app is cards and still fits, under the same hostile CSS.
        emulate(&b, PHONE, true).await;
        b.goto(&format!("{url}/embed.html#/bookings")).await;
        b.wait_text("#kennel-desk .kd-table--bookings tbody", "Bella").await;
        assert_eq!(row_display(&b, "#kennel-desk .kd-table--bookings").await, "block");
        assert_fits(&b, "embedded at 360").await;
        assert_targets(&b, "embedded at 360").await;
        assert_axe_clean(&b, "#kennel-desk", "embedded at 360").await;
        // Going offline with the host page scrolled down to the last card: the banner sticks
        // to the top of the window within the app (it sat above the app, off screen).
        js(&b, "window.scrollTo(0, document.body.scrollHeight); return true;").await;
        assert!(js(&b, "return window.scrollY;").await.as_f64().unwrap_or(0.0) > 200.0);
        js(&b, "window.dispatchEvent(new Event('offline')); return true;").await;
        b.wait_text("#kennel-desk .kd-notice--offline", "Offline").await;
        wait_for(
            &b,
            "const r = document.querySelector('#kennel-desk .kd-notice--offline').getBoundingClientRect(); \
             return r.top >= 0 && r.bottom <= innerHeight;",
            "the offline banner in view",
        )
        .await;
        // A link half under the banner, then focused (as Shift+Tab reaches it): it is
        // scrolled out from under the banner, not left there unseen.
        let focused = js(
            &b,
            "const banner = document.querySelector('#kennel-desk .kd-notice--offline'); \
             const links = document.querySelectorAll('#kennel-desk .kd-table--bookings tbody a'); \
             const link = links[Math.floor(links.length / 2)]; \
             const r = link.getBoundingClientRect(); \
             window.scrollBy(0, r.top - (banner.getBoundingClientRect().bottom - r.height / 2)); \
             const before = link.getBoundingClientRect().top < banner.getBoundingClientRect().bottom; \
             link.focus(); \
             await new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r))); \
             return [before, link.getBoundingClientRect().top >= banner.getBoundingClientRect().bottom];",
        )
        .await;
        assert_eq!(focused, json!([true, true]), "[under the banner before, clear of it after]");
        js(&b, "window.dispatchEvent(new Event('online')); return true;").await;
        emulate(&b, DESKTOP, false).await;

        // The host's header and footer look exactly as they do without the app.
        let with_app = js(&b, HOST_STYLES).await;
        js(
            &b,
            "document.querySelectorAll('link[rel=stylesheet]').forEach(l => l.remove());
             document.querySelector('#kennel-desk').replaceChildren(); return true;",
        )
        .await;
        let without_app = js(&b, HOST_STYLES).await;
        assert!(with_app.as_object().is_some_and(|o| o.len() >= 4), "{with_app}");
        assert_eq!(with_app, without_app, "the app changed the host's header or footer");

        // The host's own link is a real navigation away from the app (whose `/` is the board).
        b.goto(&format!("{url}/embed.html")).await;
        // The board shows today's stays, and the fixture's dates are fixed: wait for its
        // answer ("Updated …"), not for an animal that is only in the house on some days.
        b.wait_text("#kennel-desk .kd-board", "Updated").await;
        b.click("#host-link").await;
        b.wait_text("#host-home", "Intranet home").await;
        assert_eq!(b.path().await, "/embed-home.html");
    })
    .await;
    server.stop().await;
}

/// A host page with a fixed header and footer of its own tells the app their heights
/// (`--kd-top`, `--kd-bottom`): the offline banner and the invoice totals, both sticky,
/// stop there and stay in sight. Without them they slid under the host's bars.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hosts_fixed_bars_keep_the_offline_banner_and_the_totals_in_sight() {
    let server = serve(fixture(), Some(dist()), Faults::default()).await;
    let url = server.url();
    scenario(|b| async move {
        // Short enough that the list scrolls under both bars (the totals stick from 36 em high).
        emulate(&b, Size("short", 1280, 620), false).await;
        b.goto(&format!("{url}/embed.html#/invoices?status=all")).await;
        b.wait_text("#kennel-desk .kd-table--invoices tbody", "INV-2026-0001").await;
        // The host's bars: 70 px at the top, 50 at the bottom, over everything.
        let bars = "const bar = (css) => { const e = document.createElement('div'); \
              e.style.cssText = 'position:fixed;left:0;right:0;z-index:10;background:#333;' + css; \
              document.body.append(e); }; \
            bar('top:0;height:70px'); bar('bottom:0;height:50px'); \
            const app = document.querySelector('#kennel-desk'); \
            app.style.setProperty('--kd-top', '70px'); app.style.setProperty('--kd-bottom', '50px'); \
                        window.dispatchEvent(new Event('offline')); return 0;";
        js(&b, bars).await;
        b.wait_text("#kennel-desk .kd-notice--offline", "Offline").await;
        // The app's top 20 px into the window: the banner's own place is under the host's
        // top bar, and the totals' below the window.
        let scroll = "const top = document.querySelector('#kennel-desk').getBoundingClientRect().top; \
            window.scrollTo(0, scrollY + top - 20); return 0;";
        js(&b, scroll).await;
        let places = "await new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r))); \
            const r = s => document.querySelector(s).getBoundingClientRect(); \
            return [Math.round(r('#kennel-desk .kd-notice--offline').top), \
                    Math.round(innerHeight - r('#kennel-desk .kd-totals--list').bottom)];";
        assert_eq!(js(&b, places).await, json!([70, 50]), "[banner top, totals above the bottom]");
        js(&b, "window.dispatchEvent(new Event('online')); return 0;").await;
    })
    .await;
    server.stop().await;
}

/// Many intranet systems write a `<base href>` into their pages. A bare `#/…` link resolves
/// against it, and each of the app's links loaded the base's page in place of the host's, as
/// did the router's own writes of the fragment: both now name the host page's whole address.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn embedded_under_a_base_href_the_apps_links_stay_on_the_host_page() {
    let server = serve(fixture(), Some(dist()), Faults::default()).await;
    let url = server.url();
    scenario(|b| async move {
        b.goto(&format!("{url}/embed.html?base=/elsewhere/#/bookings")).await;
        b.wait_text("#kennel-desk .kd-table--bookings tbody", "Bella").await;
        assert_eq!(js(&b, "return document.baseURI;").await, json!(format!("{url}/elsewhere/")));
        // A mark on the window is gone after any load of a page: it shows none happened.
        js(&b, "window.kdSamePage = true; return 0;").await;
        let here = json!(["/embed.html", "?base=/elsewhere/"]);
        b.click("#kennel-desk a.kd-row-link[href$='#/bookings/b-1']").await;
        b.wait_text("#kennel-desk h1", "Booking b-1").await;
        let place = "return [location.pathname, location.search, location.hash, window.kdSamePage === true];";
        assert_eq!(js(&b, place).await, json!([here[0], here[1], "#/bookings/b-1", true]));
        // The navigation's links too, and Back, as without a base.
        b.click_text("#kennel-desk .kd-nav a", "Invoices").await;
        b.wait_text("#kennel-desk h1", "Invoices").await;
        assert_eq!(js(&b, place).await, json!([here[0], here[1], "#/invoices", true]));
        b.client.back().await.expect("back");
        b.wait_text("#kennel-desk h1", "Booking b-1").await;
        assert_eq!(js(&b, place).await, json!([here[0], here[1], "#/bookings/b-1", true]));
        // Opened in a new tab, a link still names the host's page, not the base's.
        let href = js(&b, "return document.querySelector('#kennel-desk .kd-nav a').href;").await;
        assert_eq!(href, json!(format!("{url}/embed.html?base=/elsewhere/#/")));
        // The app's own navigations too: a filter written into the address (the router's
        // `pushState` resolved `#/…` against the base and moved the address bar there).
        b.click_text("#kennel-desk .kd-nav a", "Bookings").await;
        b.wait_text("#kennel-desk .kd-table--bookings tbody", "Bella").await;
        b.client
            .find(Locator::Css("#kennel-desk select[name='status']"))
            .await
            .expect("status filter")
            .select_by_value("pickup")
            .await
            .expect("choose Going home");
        b.wait_text("#kennel-desk .kd-count", "1 of").await;
        assert_eq!(js(&b, place).await, json!([here[0], here[1], "#/bookings?status=pickup", true]));
        // And after it, a link is still followed on the page.
        b.click("#kennel-desk a.kd-row-link").await;
        b.wait_text("#kennel-desk h1", "Booking").await;
        assert_eq!(js(&b, "return [location.pathname, window.kdSamePage === true];").await, json!([here[0], true]));
    })
    .await;
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn path_routing_claims_only_links_under_its_base() {
    let page = dist_copy(
        "e2e-base-boundary",
        |index| {
            index.replace(
                r#"<div id="kennel-desk">"#,
                r#"<a id="rota" href="/intranet/kennel-rota">Rota</a><div id="kennel-desk" data-route-base="/intranet/kennel">"#,
            )
        },
        &[],
    );
    let server = serve(fixture(), Some(page), Faults::default()).await;
    let url = server.url();
    scenario(|b| async move {
        b.goto(&format!("{url}/intranet/kennel/bookings")).await;
        b.wait_text(".kd-table--bookings tbody", "Bella").await;
        // A link under the base is the app's: no new document.
        js(&b, "window.kdSameDocument = true; return true;").await;
        b.click("a.kd-row-link[href='/intranet/kennel/bookings/b-1']")
            .await;
        b.wait_text("h1", "Booking b-1").await;
        assert_eq!(
            js(&b, "return window.kdSameDocument === true;").await,
            json!(true)
        );
        // `/intranet/kennel-rota` only starts with the same letters: the browser loads it.
        b.click("#rota").await;
        wait_for(
            &b,
            "return window.kdSameDocument === undefined && document.readyState === 'complete';",
            "a real navigation",
        )
        .await;
        assert_eq!(b.path().await, "/intranet/kennel-rota");
    })
    .await;
    server.stop().await;
}

/// Ids with a `%` in them (the spec says nothing of what an id may hold): each record opens
/// by its link, by its address typed or reloaded, and with hash routing in the host page.
/// The router decoded a route's id twice (`b%2541`, the id `b%41`, read `bA`) and a link's
/// path once more before that. Also a booking that names no animal: its page has no "Other
/// stays" heading over nothing.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn ids_with_a_percent_sign_open_their_own_records() {
    let mut data = fixture();
    data.bookings.push(json!({
        "id": "b%41", "animalId": "a%2F1", "customerId": "c-1",
        "from": "2026-11-20", "to": "2026-11-22", "status": "pickup",
    }));
    data.animals
        .push(json!({ "id": "a%2F1", "name": "Percy", "species": "cat" }));
    // And one that names no animal (below): no "Other stays" over nothing.
    data.bookings.push(json!({
        "id": "b-none", "customerId": "c-1", "from": "2026-11-20", "to": "2026-11-22",
    }));
    data.invoices.push(json!({
        "id": "i%25", "number": "INV-PCT", "bookingId": "b%41", "customerId": "c-1",
        "amount": 10, "currency": "EUR", "status": "open",
    }));
    let server = serve(data, Some(dist()), Faults::default()).await;
    let url = server.url();
    scenario(|b| async move {
        b.goto(&format!("{url}/bookings")).await;
        b.click("a.kd-row-link[href='/bookings/b%2541']").await;
        b.wait_text("h1", "Booking b%41").await;
        assert_eq!(b.path().await, "/bookings/b%2541");
        b.wait_text(".kd-table--invoices tbody", "INV-PCT").await;
        b.click("a.kd-animal-link[href='/animals/a%252F1']").await;
        b.wait_text("h1", "Percy").await;
        // Typed or reloaded, and inside the host page.
        for (path, heading) in [
            ("/bookings/b%2541", "Booking b%41"),
            ("/animals/a%252F1", "Percy"),
            ("/invoices/i%2525", "INV-PCT"),
            ("/embed.html#/bookings/b%2541", "Booking b%41"),
            ("/embed.html#/invoices/i%2525", "INV-PCT"),
        ] {
            b.goto(&format!("{url}{path}")).await;
            b.wait_text("h1", heading).await;
        }
        // A link inside the host page too.
        b.click("#kennel-desk a[href='#/bookings/b%2541']").await;
        b.wait_text("h1", "Booking b%41").await;

        b.goto(&format!("{url}/bookings/b-none")).await;
        b.wait_text(".kd-page", "This booking names no animal.")
            .await;
        let headings =
            "return [...document.querySelectorAll('.kd-page h2')].map(h => h.textContent);";
        assert_eq!(js(&b, headings).await, json!(["The animal", "Invoices"]));
    })
    .await;
    server.stop().await;
}

/// On a phone the invoice list's four fields fill their rows, two to a row as on the booking
/// list: at their set widths they stopped short of the row's end, a strip left empty beside
/// them.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_invoice_lists_fields_fill_their_rows_on_a_phone() {
    let server = serve_demo(Faults::default()).await;
    let url = server.url();
    scenario(|b| async move {
        emulate(&b, PHONE, true).await;
        b.goto(&format!("{url}/invoices")).await;
        b.texts(".kd-table--invoices tbody tr", 1).await;
        // [the fields' box's right edge, each field's [top, right]] (the search has its own row).
        let script = "const box = document.querySelector('.kd-invoice-filters'); \
            const fields = [...box.querySelectorAll(':scope > .kd-field-input:not(.kd-field-input--search)')]; \
            return [Math.round(box.getBoundingClientRect().right), fields.map(f => { \
              const r = f.getBoundingClientRect(); return [Math.round(r.top), Math.round(r.right)]; })];";
        let seen = js(&b, script).await;
        let right = seen[0].as_i64().expect("the box's edge");
        let fields: Vec<(i64, i64)> =
            serde_json::from_value(seen[1].clone()).expect("the fields");
        assert_eq!(fields.len(), 4, "customer, from, to, sort: {fields:?}");
        // The last field of each row ends at the box's edge.
        for (i, (top, end)) in fields.iter().enumerate() {
            let last_in_row = fields.get(i + 1).is_none_or(|(next, _)| next != top);
            if last_in_row {
                assert!(
                    (right - end).abs() <= 1,
                    "a row of fields ends {} px short of the box's edge: {fields:?} (edge {right})",
                    right - end
                );
            }
        }
        let rows: std::collections::BTreeSet<i64> = fields.iter().map(|f| f.0).collect();
        assert_eq!(rows.len(), 2, "two to a row: {fields:?}");
    })
    .await;
    server.stop().await;
}

/// A booking's page keeps the place of its animal's card while the animal loads: the fields'
/// labels and the vaccinations' heading are drawn from the start, so the invoices and other
/// stays below do not move down by the whole card when it comes (326 px here on an upright
/// tablet, where a tap meant for an invoice landed on the animal's card).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bookings_page_keeps_the_animals_place_while_it_loads() {
    let faults = Faults::default();
    let server = serve(fixture(), Some(dist()), faults.clone()).await;
    let url = server.url();
    scenario(|b| async move {
        for size in [TABLET, DESKTOP] {
            emulate(&b, size, true).await;
            slow_animals(&faults, 2000);
            // A fresh page each time: the animal is not in the page's cache yet.
            b.goto(&format!("{url}/")).await;
            b.goto(&format!("{url}/bookings/b-1")).await;
            b.wait_text(".kd-table--invoices tbody", "INV-2026-0001").await;
            // [the invoices' heading's top in the page, the animal still loading, the
            // animal's card shown (its name, not the outline's ellipsis)].
            let state = "const h = [...document.querySelectorAll('h2')][1]; \
                const name = [...document.querySelectorAll('.kd-fields:not(.kd-shape *)')][1] \
                  ?.querySelector('dd')?.textContent ?? ''; \
                return [Math.round(h.getBoundingClientRect().top + scrollY), \
                  !!document.querySelector('.kd-state--loading'), name === 'Bella'];";
            let before = js(&b, state).await;
            assert_eq!(
                [&before[1], &before[2]],
                [&json!(true), &json!(false)],
                "{size:?}: read before the animal came"
            );
            // The state's third value, as the helper's condition.
            let shown = format!("return (() => {{ {state} }})()[2];");
            wait_for(&b, &shown, "the animal's card").await;
            let after = js(&b, state).await;
            let moved = after[0].as_i64().unwrap_or(0) - before[0].as_i64().unwrap_or(0);
            println!("{size:?}: the invoices moved {moved} px as the animal came");
            assert!(
                moved.abs() <= 100,
                "{size:?}: the invoices moved {moved} px as the animal came ({before:?} -> {after:?})"
            );
            faults.clear();
        }
    })
    .await;
    server.stop().await;
}

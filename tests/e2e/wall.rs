//! The wall on screens of every size, and paging through a board taller than its screen:
//! nobody scrolls a wall, so it turns the page by itself, keeps its header and the lanes'
//! titles in sight, starts again at the top after the last page, and holds while someone
//! scrolls it by hand.

use super::frontdesk::dataset;
use super::harness::{clock_from, dist, serve, serve_demo, Page, PATIENCE};
use super::places::{
    assert_axe_clean, assert_fits, assert_targets, emulate, js, Size, DESKTOP, LANDSCAPE, PHONE,
    TABLET,
};
use super::{scenario, scenario_in};
use devapi::{Dataset, Faults};
use serde_json::json;
use std::time::{Duration, Instant};

/// The wall at one moment (null before it is rendered), read in one script (the page line and the scroll position are
/// then of the same second): its page line, how far the lanes' box is scrolled, and where each
/// lane's title and the wall's clock are against the box's top edge (px, negative above it).
async fn layout(b: &Page) -> serde_json::Value {
    js(
        b,
        "const box = document.querySelector('.kd-wall__lanes');
         if (!box) return null; // not rendered yet
         const top = box.getBoundingClientRect().top;
         const titles = [...box.querySelectorAll('.kd-lane__title')]
           .map(t => Math.round(t.getBoundingClientRect().top - top));
         const clock = document.querySelector('.kd-wall__clock').getBoundingClientRect();
         return { line: document.querySelector('.kd-wall__updated').textContent,
                  scrolled: box.scrollTop, titles,
                  clockInView: clock.top >= 0 && clock.bottom <= top };",
    )
    .await
}

/// Waits until the wall says it shows page `n` (of any number) and returns that moment's
/// [`layout`] and the number of pages.
async fn at_page(b: &Page, n: u32) -> (serde_json::Value, u32) {
    let started = Instant::now();
    loop {
        let now = layout(b).await;
        let line = now["line"].as_str().unwrap_or_default().to_string();
        let page = line
            .split_once("Page ")
            .and_then(|(_, p)| p.split_once(" of "));
        if let Some((at, of)) = page {
            if at.trim().parse() == Ok(n) {
                let of = of.trim().parse().unwrap_or_else(|_| panic!("{line:?}"));
                return (now, of);
            }
        }
        assert!(
            started.elapsed() < PATIENCE,
            "no page {n} within {PATIENCE:?}: {now}"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// A desktop screen with a mouse, asking for reduced motion: each turn of the wall lands at
/// once, not in a smooth scroll.
async fn desktop_without_motion(b: &Page) {
    emulate(b, DESKTOP, false).await;
    b.cdp(
        "Emulation.setEmulatedMedia",
        json!({ "features": [{ "name": "prefers-reduced-motion", "value": "reduce" }] }),
    )
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_wall_fits_a_phone_a_tablet_and_a_desktop_by_touch_and_is_axe_clean() {
    // The demo data: a full day, today, with long care notes and breeds.
    let server = serve_demo(Faults::default()).await;
    let url = server.url();
    scenario(|b| async move {
        for size in [PHONE, LANDSCAPE, TABLET, DESKTOP] {
            emulate(&b, size, true).await;
            b.goto(&format!("{url}/wall")).await;
            b.element(".kd-wall .kd-card").await;
            // The page line and the pause button come with the wall's first tick (1 s); on a
            // phone this board is many pages, so the button is there to be checked.
            tokio::time::sleep(Duration::from_millis(1200)).await;
            if size.0 == PHONE.0 {
                b.element(".kd-wall__pause").await;
            }
            let what = format!("/wall at {size:?}");
            assert_fits(&b, &what).await;
            assert_targets(&b, &what).await;
            assert_axe_clean(&b, "body", &what).await;
            // Three lanes side by side where the board has them (46 em), stacked below.
            let columns = js(
                &b,
                "return new Set([...document.querySelectorAll('.kd-wall .kd-lane')]
                   .map(l => Math.round(l.getBoundingClientRect().left))).size;",
            )
            .await;
            let wide = matches!(size.0, "phone-landscape" | "tablet" | "desktop");
            assert_eq!(columns, json!(if wide { 3 } else { 1 }), "{what}");
            // A desktop's 800 px show two cards a lane: the type grows with the height too
            // (at the full 1.6× of a 1080-high screen, this board was ten pages of three).
            if size.0 == DESKTOP.0 {
                let whole = js(
                    &b,
                    "const box = document.querySelector('.kd-wall__lanes').getBoundingClientRect();
                     return [...document.querySelectorAll('.kd-wall__lanes .kd-card')]
                       .filter(c => { const r = c.getBoundingClientRect();
                                      return r.top >= box.top && r.bottom <= box.bottom; })
                       .length;",
                )
                .await;
                assert!(
                    whole.as_u64() >= Some(5),
                    "{what}: {whole} whole cards in view"
                );
            }
        }
    })
    .await;
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_wall_taller_than_its_screen_pages_through_by_itself_and_holds_for_a_reader() {
    let server = serve(dataset(), Some(dist()), Faults::default()).await;
    let url = server.url();
    scenario(|b| async move {
        desktop_without_motion(&b).await;
        // Paging off: the first page stays.
        b.goto(&format!("{url}/wall?every=0")).await;
        let (_, pages) = at_page(&b, 1).await;
        assert!(
            pages >= 2,
            "the test's board is taller than 800 px: {pages} pages"
        );
        tokio::time::sleep(Duration::from_secs(7)).await;
        let (still, _) = at_page(&b, 1).await;
        assert_eq!(still["scrolled"], json!(0), "{still}");

        b.goto(&format!("{url}/wall?every=5")).await;
        let (at_top, _) = at_page(&b, 1).await;
        assert_eq!(at_top["scrolled"], json!(0), "{at_top}");
        assert_eq!(at_top["clockInView"], json!(true), "{at_top}");

        // It turns by itself; the header stays, and so does each lane's title, at the top of
        // the lanes' box.
        let (turned, _) = at_page(&b, 2).await;
        assert!(turned["scrolled"].as_i64() > Some(0), "{turned}");
        assert_eq!(turned["clockInView"], json!(true), "{turned}");
        let titles = turned["titles"].as_array().cloned().unwrap_or_default();
        assert_eq!(titles.len(), 3, "{turned}");
        for title in &titles {
            let at = title.as_i64().unwrap_or(i64::MAX);
            // A lane shorter than the page has scrolled away with its cards; a longer one
            // holds its title at the top.
            assert!(
                at.abs() <= 1 || at < -40,
                "a title sticks at the top or is gone: {turned}"
            );
        }
        assert!(
            titles
                .iter()
                .any(|t| t.as_i64().is_some_and(|at| at.abs() <= 1)),
            "{turned}"
        );

        // After the last page, the top again.
        at_page(&b, pages).await;
        let (wrapped, _) = at_page(&b, 1).await;
        assert_eq!(wrapped["scrolled"], json!(0), "{wrapped}");

        // A reader scrolls back by hand (the mouse wheel) just after a turn (the page line
        // changes in the second after it, the next turn is 5 s away): the wall holds where
        // they left it for more than two turns' time. (Back, not on: from the last page the
        // next turn is the top, from any other the next page, both far from there.)
        let (before, _) = at_page(&b, 2).await;
        b.cdp(
            "Input.dispatchMouseEvent",
            json!({ "type": "mouseWheel", "x": 640, "y": 500, "deltaX": 0, "deltaY": -120 }),
        )
        .await;
        tokio::time::sleep(Duration::from_millis(500)).await;
        let read_at = layout(&b).await["scrolled"].clone();
        assert!(
            read_at.as_i64() < before["scrolled"].as_i64(),
            "the wheel scrolled back: {before} -> {read_at}"
        );
        tokio::time::sleep(Duration::from_secs(11)).await;
        assert_eq!(layout(&b).await["scrolled"], read_at, "held for the reader");
    })
    .await;
    server.stop().await;
}

/// The page part of a [`layout`]'s line ("Page 2 of 3"; the time before it moves on).
fn page_of(layout: &serde_json::Value) -> String {
    let line = layout["line"].as_str().unwrap_or_default();
    line.split_once('·')
        .map_or("", |(_, page)| page)
        .trim()
        .to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_walls_paging_stops_at_its_pause_button_and_starts_again() {
    let server = serve(dataset(), Some(dist()), Faults::default()).await;
    let url = server.url();
    scenario(|b| async move {
        desktop_without_motion(&b).await;
        let button = "document.querySelector('.kd-wall__pause')?.textContent ?? null";
        // Paging off: nothing to pause.
        b.goto(&format!("{url}/wall?every=0")).await;
        at_page(&b, 1).await;
        assert_eq!(js(&b, &format!("return {button};")).await, json!(null));

        // Paging every 3 s (the fastest): paused, it stays where it is for more than two
        // turns' time, and says how to start it again. (Read a second after the click: a turn
        // just before it shows in the page line at the next tick.)
        b.goto(&format!("{url}/wall?every=3")).await;
        at_page(&b, 1).await;
        b.wait_text(".kd-wall__pause", "Pause paging").await;
        b.click(".kd-wall__pause").await;
        b.wait_text(".kd-wall__pause", "Resume paging").await;
        tokio::time::sleep(Duration::from_millis(1500)).await;
        let paused = layout(&b).await;
        // Watched, not compared at the ends: a wall that kept paging could come round to the
        // same page in 8 s.
        let started = Instant::now();
        while started.elapsed() < Duration::from_secs(8) {
            let now = layout(&b).await;
            assert_eq!(now["scrolled"], paused["scrolled"], "{paused} -> {now}");
            assert_eq!(page_of(&now), page_of(&paused), "{paused} -> {now}");
            tokio::time::sleep(Duration::from_millis(250)).await;
        }

        // Resumed, it turns again; the button, focused by the click, keeps the focus through
        // the turn (it is updated, not built again). (The page line follows a turn within a
        // second.)
        b.click(".kd-wall__pause").await;
        b.wait_text(".kd-wall__pause", "Pause paging").await;
        let started = Instant::now();
        while layout(&b).await["scrolled"] == paused["scrolled"] {
            assert!(
                started.elapsed() < PATIENCE,
                "no turn after resuming: {paused}"
            );
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
        tokio::time::sleep(Duration::from_millis(1500)).await;
        let focused = "return document.activeElement?.className ?? null;";
        let turned = layout(&b).await;
        assert_ne!(page_of(&turned), page_of(&paused), "{turned}");
        assert_eq!(
            js(&b, focused).await,
            json!("kd-button kd-button--quiet kd-wall__pause"),
            "{turned}"
        );
    })
    .await;
    server.stop().await;
}

/// A wall screen of a hallway (16:10 and 16:9, a mouse or nothing): the header is one line,
/// the pause button on the title's line, and the demo's board is the README's five pages.
/// The button wrapped onto a line of its own there, in English and German, and that line
/// took a card row's height: six pages.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_walls_header_keeps_its_pause_button_on_the_titles_line_on_a_wide_screen() {
    let server = serve_demo(Faults::default()).await;
    let url = server.url();
    for lang in ["en-US", "de-DE"] {
        let url = url.clone();
        scenario_in(lang, |b| async move {
            for size in [DESKTOP, Size("wide", 1366, 768)] {
                emulate(&b, size, false).await;
                b.goto(&format!("{url}/wall")).await;
                b.element(".kd-wall__pause").await;
                // A tick to read the page count at this size.
                tokio::time::sleep(Duration::from_millis(1200)).await;
                let head = js(
                    &b,
                    "const box = s => document.querySelector(s).getBoundingClientRect();
                     const title = box('.kd-wall__title'), pause = box('.kd-wall__pause');
                     return { titleTop: title.top, titleBottom: title.bottom,
                              pauseTop: pause.top, pauseBottom: pause.bottom,
                              head: box('.kd-wall__head').height,
                              clock: box('.kd-wall__clock').height,
                              line: document.querySelector('.kd-wall__updated').textContent };",
                )
                .await;
                let what = format!("{lang} /wall at {size:?}: {head}");
                let at = |k: &str| head[k].as_f64().unwrap_or(f64::NAN);
                assert!(
                    at("pauseTop") < at("titleBottom") && at("pauseBottom") > at("titleTop"),
                    "the pause button on the title's line: {what}"
                );
                assert!(
                    at("head") <= at("clock") + 1.0,
                    "a header of one line: {what}"
                );
                let pages = page_of(&head)
                    .rsplit(' ')
                    .next()
                    .and_then(|n| n.parse::<u32>().ok());
                assert_eq!(pages, Some(5), "the demo in five pages: {what}");
                assert_fits(&b, &what).await;
            }
        })
        .await;
    }
    server.stop().await;
}

/// The page's clock reads 10:00 local time on `date` (YYYY-MM-DD), then runs on in real
/// time: a two-digit hour, the clock's widest.
fn clock_at(date: &str) -> String {
    clock_from(&format!(
        "const [y, m, d] = '{date}'.split('-').map(Number);
  const target = new Real(y, m - 1, d, 10, 0, 0);"
    ))
}

/// The longest days of the year in each language ("Wednesday, September 30, 2026",
/// "Donnerstag, 24. September 2026") at 10 o'clock, on the 16:10 and 16:9 wall screens: the
/// day shows whole beside the clock and the pause button, and the header stays one line.
/// At 2.2em the English one lost 134 px to the ellipsis at 1280×800, the German one 65.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_walls_longest_days_show_whole_in_its_one_line_header() {
    for (lang, date, day) in [
        ("en-US", "2026-09-30", "Wednesday, September 30, 2026"),
        ("de-DE", "2026-09-24", "Donnerstag, 24. September 2026"),
    ] {
        let today = chrono::NaiveDate::parse_from_str(date, "%Y-%m-%d").expect("a date");
        let server = serve(Dataset::demo(today), Some(dist()), Faults::default()).await;
        let url = server.url();
        scenario_in(lang, |b| async move {
            b.on_new_document(&clock_at(date)).await;
            for size in [DESKTOP, Size("wide", 1366, 768)] {
                emulate(&b, size, false).await;
                b.goto(&format!("{url}/wall")).await;
                b.element(".kd-wall__pause").await;
                let head = js(
                    &b,
                    "const q = s => document.querySelector(s);
                     const title = q('.kd-wall__title'), pause = q('.kd-wall__pause').getBoundingClientRect();
                     const box = title.getBoundingClientRect();
                     return { title: title.textContent, cut: title.scrollWidth - title.clientWidth,
                              clock: q('.kd-wall__clock').textContent,
                              onTitlesLine: pause.top < box.bottom && pause.bottom > box.top,
                              oneLine: q('.kd-wall__head').getBoundingClientRect().height
                                <= q('.kd-wall__clock').getBoundingClientRect().height + 1 };",
                )
                .await;
                let what = format!("{lang} /wall at {size:?}: {head}");
                assert_eq!(head["title"], json!(day), "{what}");
                assert!(head["clock"].as_str().is_some_and(|c| c.starts_with("10:0")), "{what}");
                assert_eq!(head["cut"], json!(0), "the day whole: {what}");
                assert_eq!(head["onTitlesLine"], json!(true), "{what}");
                assert_eq!(head["oneLine"], json!(true), "{what}");
                assert_fits(&b, &what).await;
            }
        })
        .await;
        server.stop().await;
    }
}

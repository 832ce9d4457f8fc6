//! The wall on screens of every size, and paging through a board taller than its screen:
//! nobody scrolls a wall, so it turns the page by itself, keeps its header and the lanes'
//! titles in sight, starts again at the top after the last page, and holds while someone
//! scrolls it by hand.

use super::frontdesk::dataset;
use super::harness::{dist, serve, serve_demo, Page};
use super::places::{
    assert_axe_clean, assert_fits, assert_targets, emulate, js, DESKTOP, LANDSCAPE, PHONE, TABLET,
};
use super::scenario;
use devapi::Faults;
use serde_json::json;
use std::time::Duration;

/// The wall's own line: "Updated 9:05 AM · Page 2 of 3".
const LINE: &str = ".kd-wall__updated";

/// The page the wall says it shows, and how many there are.
async fn shown_page(b: &Page) -> (u32, u32) {
    let line = b.wait_text(LINE, "Page ").await;
    let (_, pages) = line.split_once("Page ").unwrap_or_default();
    let (n, of) = pages.split_once(" of ").unwrap_or_default();
    match (n.trim().parse(), of.trim().parse()) {
        (Ok(n), Ok(of)) => (n, of),
        _ => panic!("no page in {line:?}"),
    }
}

/// The lanes' box: how far it is scrolled, and where each lane's title and the wall's clock
/// are against its top edge (px, negative above it).
async fn layout(b: &Page) -> serde_json::Value {
    js(
        b,
        "const box = document.querySelector('.kd-wall__lanes');
         const top = box.getBoundingClientRect().top;
         const titles = [...box.querySelectorAll('.kd-lane__title')]
           .map(t => Math.round(t.getBoundingClientRect().top - top));
         const clock = document.querySelector('.kd-wall__clock').getBoundingClientRect();
         return { scrolled: box.scrollTop, titles, clockInView: clock.top >= 0 && clock.bottom <= top };",
    )
    .await
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
        emulate(&b, DESKTOP, false).await;
        // Reduced motion: each turn lands at once, not in a smooth scroll.
        b.cdp(
            "Emulation.setEmulatedMedia",
            json!({ "features": [{ "name": "prefers-reduced-motion", "value": "reduce" }] }),
        )
        .await;
        b.goto(&format!("{url}/wall?every=3")).await;
        let (first, pages) = shown_page(&b).await;
        assert_eq!(first, 1);
        assert!(
            pages >= 2,
            "the test's board is taller than 800 px: {pages} pages"
        );
        let at_top = layout(&b).await;
        assert_eq!(at_top["scrolled"], json!(0));
        assert_eq!(at_top["clockInView"], json!(true));

        // It turns by itself; the header stays, and so does each lane's title, at the top of
        // the lanes' box.
        b.wait_text(LINE, &format!("Page 2 of {pages}")).await;
        let turned = layout(&b).await;
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
        b.wait_text(LINE, &format!("Page {pages} of {pages}")).await;
        b.wait_text(LINE, &format!("Page 1 of {pages}")).await;
        assert_eq!(layout(&b).await["scrolled"], json!(0));

        // A reader scrolls back by hand (the mouse wheel) just after a turn: the wall holds
        // where they left it for more than two turns' time. (Back, not on: from the last page
        // the next turn is the top, from any other the next page, both far from there.)
        b.wait_text(LINE, &format!("Page 2 of {pages}")).await;
        let before = layout(&b).await["scrolled"].clone();
        b.cdp(
            "Input.dispatchMouseEvent",
            json!({ "type": "mouseWheel", "x": 640, "y": 500, "deltaX": 0, "deltaY": -120 }),
        )
        .await;
        tokio::time::sleep(Duration::from_millis(500)).await;
        let read_at = layout(&b).await["scrolled"].clone();
        assert!(
            read_at.as_i64() < before.as_i64(),
            "the wheel scrolled back: {before} -> {read_at}"
        );
        tokio::time::sleep(Duration::from_secs(7)).await;
        assert_eq!(layout(&b).await["scrolled"], read_at, "held for the reader");
    })
    .await;
    server.stop().await;
}

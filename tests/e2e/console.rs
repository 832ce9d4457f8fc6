//! The browser's console through a walk over every page. Staff never open it, but whoever
//! looks after Kennel Desk does when something goes wrong, and a console with a warning on
//! every load teaches them to skip the one that matters.

use super::scenario;
use crate::harness::{serve_demo, Page};
use devapi::Faults;

/// The browser log's entries at warning level or above (chromedriver's `WARNING`,
/// `SEVERE`): console messages, failed loads, security and deprecation reports.
async fn warnings(b: &Page) -> Vec<String> {
    b.browser_log()
        .await
        .into_iter()
        .filter(|entry| matches!(entry["level"].as_str(), Some("WARNING" | "SEVERE")))
        .map(|entry| entry.to_string())
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_walk_through_every_page_leaves_the_console_clean() {
    // The demo data: every record reads, so nothing is there to warn about but the app.
    let server = serve_demo(Faults::default()).await;
    let url = server.url();
    scenario(|b| async move {
        let mut seen = Vec::new();
        // Each page opened cold (a start of the app on it), then the links between them
        // followed in the app.
        b.goto(&format!("{url}/")).await;
        b.element(".kd-lanes .kd-card").await;
        seen.extend(warnings(&b).await);
        b.goto(&format!("{url}/wall")).await;
        b.element(".kd-wall .kd-card").await;
        seen.extend(warnings(&b).await);
        b.goto(&format!("{url}/bookings")).await;
        b.element(".kd-table--bookings tbody a.kd-animal-link")
            .await;
        b.click(".kd-table--bookings tbody a.kd-row-link").await;
        b.click(".kd-fields a.kd-animal-link").await;
        b.element(".kd-vaccs").await;
        b.click(".kd-owner-link").await;
        b.element(".kd-customer-animals").await;
        seen.extend(warnings(&b).await);
        b.goto(&format!("{url}/invoices")).await;
        b.click(".kd-table--invoices tbody a.kd-row-link").await;
        b.element(".kd-fields a.kd-customer-link").await;
        seen.extend(warnings(&b).await);
        // The app inside a host page (devapi's stand-in for the intranet).
        b.goto(&format!("{url}/embed.html")).await;
        b.element("#kennel-desk .kd").await;
        seen.extend(warnings(&b).await);
        assert!(
            seen.is_empty(),
            "the browser logged warnings or errors:\n{}",
            seen.join("\n")
        );
    })
    .await;
    server.stop().await;
}

//! Component tests in a real browser (headless Chromium via wasm-bindgen-test):
//! `cargo test --target wasm32-unknown-unknown --test browser`.
#![cfg(target_arch = "wasm32")]

use kennel_desk::api::ApiError;
use kennel_desk::components::{
    BookingBadge, ErrorState, Field, Fields, FilterChip, InvoiceBadge, RejectedNotice,
};
use kennel_desk::config;
use kennel_desk::model::{BookingStatus, InvoiceStatus, Rejected};
use leptos::prelude::*;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::HtmlElement;

wasm_bindgen_test_configure!(run_in_browser);

/// A fresh element in the document to mount one component into.
fn host() -> HtmlElement {
    let document = document();
    let el = document.create_element("div").unwrap();
    document.body().unwrap().append_child(&el).unwrap();
    el.unchecked_into()
}

fn text(el: &HtmlElement, selector: &str) -> String {
    el.query_selector(selector)
        .unwrap()
        .unwrap_or_else(|| panic!("no element matches {selector}"))
        .text_content()
        .unwrap_or_default()
}

#[wasm_bindgen_test]
fn unknown_booking_status_shows_as_written_with_a_neutral_badge() {
    let el = host();
    let _app = leptos::mount::mount_to(el.clone(), || {
        view! {
            <BookingBadge status=BookingStatus::from(Some("waitlisted".to_string()))/>
            <BookingBadge status=BookingStatus::from(Some("In House".to_string()))/>
            <InvoiceBadge status=InvoiceStatus::from(Some("overdue".to_string()))/>
        }
    });
    let badges = el.query_selector_all(".kd-badge").unwrap();
    assert_eq!(badges.length(), 3);
    let badge = |i| badges.item(i).unwrap().unchecked_into::<HtmlElement>();
    assert_eq!(badge(0).text_content().unwrap(), "waitlisted");
    assert_eq!(badge(0).class_name(), "kd-badge kd-badge--other");
    assert_eq!(badge(1).text_content().unwrap(), "In the house");
    assert_eq!(badge(1).class_name(), "kd-badge kd-badge--in-house");
    assert_eq!(badge(2).text_content().unwrap(), "overdue");
}

#[wasm_bindgen_test]
fn error_state_shows_the_message_and_retry_calls_back() {
    let el = host();
    let retries = Arc::new(AtomicUsize::new(0));
    let counter = retries.clone();
    let _app = leptos::mount::mount_to(el.clone(), move || {
        let on_retry = Callback::new(move |_| {
            counter.fetch_add(1, Ordering::SeqCst);
        });
        view! { <ErrorState error=ApiError::Timeout(10) on_retry/> }
    });
    let alert = el
        // Said through the app's live region, not an alert of its own (see a11y.rs).
        .query_selector(".kd-state--error")
        .unwrap()
        .expect("the error state");
    assert!(
        alert
            .text_content()
            .unwrap()
            .contains("did not answer within 10 seconds"),
        "{:?}",
        alert.text_content()
    );
    let button: HtmlElement = el
        .query_selector("button")
        .unwrap()
        .unwrap()
        .unchecked_into();
    assert_eq!(button.text_content().unwrap(), "Retry");
    button.click();
    button.click();
    assert_eq!(retries.load(Ordering::SeqCst), 2);
}

#[wasm_bindgen_test]
fn rejected_records_are_counted_and_named() {
    let el = host();
    let rejected = vec![
        Rejected {
            position: 2,
            id: Some("b-2".into()),
            reason: "expected text, found an object".into(),
        },
        Rejected {
            position: 5,
            id: None,
            reason: "it has no id".into(),
        },
    ];
    let _app = leptos::mount::mount_to(el.clone(), move || {
        view! { <RejectedNotice rejected summary=kennel_desk::i18n::EN.rejected_bookings/> }
    });
    assert_eq!(
        text(&el, "summary"),
        "2 of the bookings could not be read and are not shown. Details"
    );
    let items = el.query_selector_all("li").unwrap();
    assert_eq!(items.length(), 2);
    assert_eq!(
        items.item(0).unwrap().text_content().unwrap(),
        "record 2 (id b-2): expected text, found an object"
    );
    assert_eq!(
        items.item(1).unwrap().text_content().unwrap(),
        "record 5: it has no id"
    );
}

#[wasm_bindgen_test]
fn no_rejected_records_render_nothing() {
    let el = host();
    let _app = leptos::mount::mount_to(el.clone(), || {
        view! { <RejectedNotice rejected=Vec::new() summary=kennel_desk::i18n::EN.rejected_bookings/> }
    });
    assert!(el.query_selector("details").unwrap().is_none());
}

#[wasm_bindgen_test]
fn missing_field_values_show_a_dash() {
    let el = host();
    let _app = leptos::mount::mount_to(el.clone(), || {
        view! {
            <Fields>
                <Field label="Care" value=None/>
                <Field label="Location" value=Some("Run A3".to_string())/>
            </Fields>
        }
    });
    let values = el.query_selector_all("dd").unwrap();
    assert_eq!(values.item(0).unwrap().text_content().unwrap(), "—");
    assert_eq!(values.item(1).unwrap().text_content().unwrap(), "Run A3");
}

#[wasm_bindgen_test]
fn active_filter_chip_is_marked_for_assistive_tech_and_style() {
    let el = host();
    let _app = leptos::mount::mount_to(el.clone(), || {
        view! {
            <FilterChip href="/bookings?status=pickup" label="Going home" count=3 waiting=false active=true/>
            <FilterChip href="/bookings" label="All" count=9 waiting=false active=false/>
            <FilterChip href="/invoices" label="Open" count=None waiting=true active=false/>
            <FilterChip href="/invoices" label="Open" count=None waiting=false active=false/>
            <FilterChip href="/invoices?status=paid" label="Paid" count=1890 waiting=false active=false/>
        }
    });
    let chips = el.query_selector_all("a.kd-chip").unwrap();
    let chip = |i| chips.item(i).unwrap().unchecked_into::<HtmlElement>();
    assert_eq!(
        chip(0).get_attribute("aria-current").as_deref(),
        Some("true")
    );
    assert_eq!(
        chip(0).get_attribute("href").as_deref(),
        Some("/bookings?status=pickup")
    );
    assert_eq!(chip(0).text_content().unwrap(), "Going home3");
    assert_eq!(chip(1).get_attribute("aria-current"), None);
    // No count yet: "…" while the list may still come, nothing once it has failed.
    assert_eq!(chip(2).text_content().unwrap(), "Open…");
    assert_eq!(chip(3).text_content().unwrap(), "Open");
    // Grouped as the list's count beside the chips ("3 000 invoices"), not "1890".
    assert_eq!(chip(4).text_content().unwrap(), "Paid1\u{a0}890");
}

#[wasm_bindgen_test]
fn config_prefers_the_mount_element_then_the_meta_tag_then_defaults() {
    let document = document();
    let head = document.head().unwrap();
    let meta = document.create_element("meta").unwrap();
    meta.set_attribute("name", "kennel-desk:api-base").unwrap();
    meta.set_attribute("content", "https://kennel.example/api/")
        .unwrap();
    head.append_child(&meta).unwrap();
    let timeout = document.create_element("meta").unwrap();
    timeout
        .set_attribute("name", "kennel-desk:timeout-ms")
        .unwrap();
    timeout.set_attribute("content", "2500").unwrap();
    head.append_child(&timeout).unwrap();

    let plain = host();
    let from_meta = config::read(Some(&plain));
    assert_eq!(from_meta.api_base, "https://kennel.example/api");
    assert_eq!(from_meta.timeout_ms, 2500);
    assert_eq!(from_meta.route_base, "");

    let mount = host();
    mount
        .set_attribute("data-api-base", "http://127.0.0.1:9999/api")
        .unwrap();
    mount
        .set_attribute("data-route-base", "intranet/kennel/")
        .unwrap();
    let from_attr = config::read(Some(&mount));
    assert_eq!(from_attr.api_base, "http://127.0.0.1:9999/api");
    assert_eq!(from_attr.route_base, "/intranet/kennel");
    assert_eq!(from_attr.href("/bookings"), "/intranet/kennel/bookings");

    meta.remove();
    timeout.remove();
    let defaults = config::read(Some(&plain));
    // The test page holds other elements besides the mount: that is a host page.
    assert!(!defaults.standalone);
    let defaults = config::Config {
        standalone: true,
        ..defaults
    };
    assert_eq!(defaults, config::Config::default());
}

/// With hash routing, a bare `#/…` link resolves against the page's `<base href>` when it
/// has one, and a click leaves the page for the base's; the links then carry the page's own
/// path and query. Without a base they stay bare, so a host that moves its path keeps them.
#[wasm_bindgen_test]
fn hash_links_name_the_page_where_a_base_points_elsewhere() {
    let document = document();
    let mount = host();
    mount.set_attribute("data-routing", "hash").unwrap();
    assert_eq!(config::read(Some(&mount)).href("/bookings"), "#/bookings");

    let base = document.create_element("base").unwrap();
    base.set_attribute("href", "/elsewhere/").unwrap();
    document.head().unwrap().prepend_with_node_1(&base).unwrap();
    let href = document.location().unwrap().href().unwrap();
    let page = href.split('#').next().unwrap().to_string();
    let under_base = config::read(Some(&mount));
    base.remove();
    assert_eq!(under_base.href("/bookings"), format!("{page}#/bookings"));
    assert_eq!(
        under_base.record_href("animals", "a 1"),
        format!("{page}#/animals/a%201")
    );
    // Path routing has no fragment links: a base changes nothing there.
    mount.set_attribute("data-routing", "path").unwrap();
    document.head().unwrap().prepend_with_node_1(&base).unwrap();
    let path_routing = config::read(Some(&mount));
    base.remove();
    assert_eq!(path_routing.href("/bookings"), "/bookings");
}

// ---- Money as people read it (issue 9): Intl.NumberFormat in a real browser ----

mod money_formatting {
    use super::host;
    use kennel_desk::components::Money;
    use kennel_desk::format::format_money;
    use kennel_desk::model::{Amount, Decimal};
    use leptos::prelude::*;
    use wasm_bindgen_test::*;

    /// Intl puts no-break spaces (U+00A0, U+202F) between number and symbol; the test reads
    /// them as spaces so it states what a person sees.
    fn money(locale: &str, currency: &str, amount: &str) -> String {
        let d = Decimal::parse(amount).unwrap_or_else(|| panic!("{amount} parses"));
        format_money(locale, Some(currency), d).replace(['\u{a0}', '\u{202f}'], " ")
    }

    #[wasm_bindgen_test]
    fn english() {
        assert_eq!(money("en", "EUR", "1234.5"), "€1,234.50");
        assert_eq!(money("en", "CHF", "1234.5"), "CHF 1,234.50");
        assert_eq!(
            money("en", "JPY", "1234.5"),
            "¥1,235",
            "yen has no decimals"
        );
        assert_eq!(money("en", "XBT", "1234.5"), "1,234.50 XBT");
        assert_eq!(money("en", "EUR", "-20"), "-€20.00");
    }

    #[wasm_bindgen_test]
    fn german() {
        assert_eq!(money("de", "EUR", "1234.5"), "1.234,50 €");
        assert_eq!(money("de", "CHF", "1234.5"), "1.234,50 CHF");
        assert_eq!(money("de", "JPY", "1234.5"), "1.235 ¥");
        // A code the browser does not know: the locale's decimal, the code after it.
        assert_eq!(money("de", "XBT", "1234.5"), "1.234,50 XBT");
        assert_eq!(money("de", "XBT", "0.125"), "0,125 XBT");
    }

    /// Chromium 156's locale data groups Swiss thousands with the ASCII apostrophe (U+0027);
    /// older data used the typographic one (U+2019). Whatever the browser's data says is what
    /// the reader is used to, so the app passes it on unchanged.
    #[wasm_bindgen_test]
    fn swiss_german() {
        assert_eq!(money("de-CH", "CHF", "1234.5"), "CHF 1'234.50");
        assert_eq!(money("de-CH", "EUR", "1234.5"), "EUR 1'234.50");
        assert_eq!(money("de-CH", "JPY", "1234.5"), "¥ 1'235");
        assert_eq!(money("de-CH", "XBT", "1234.5"), "1'234.50 XBT");
    }

    #[wasm_bindgen_test]
    fn twenty_digits_are_formatted_exactly_not_through_f64() {
        assert_eq!(
            money("en", "EUR", "12345678901234567890.12"),
            "€12,345,678,901,234,567,890.12"
        );
    }

    #[wasm_bindgen_test]
    fn malformed_codes_and_missing_currency_fall_back_to_the_locales_decimal() {
        let d = Decimal::parse("1234.5").unwrap();
        assert_eq!(format_money("en", Some("EURO"), d), "1,234.50 EURO");
        assert_eq!(format_money("en", None, d), "1,234.50");
        assert_eq!(format_money("de", None, d), "1.234,50");
        // A broken locale falls back to the browser's own instead of failing.
        assert!(format_money("not a locale!", Some("EUR"), d).contains("1,234.50"));
    }

    #[wasm_bindgen_test]
    fn money_keeps_the_exact_value_and_marks_what_is_not_a_number() {
        let el = host();
        let _app = leptos::mount::mount_to(el.clone(), || {
            view! {
                <Money amount=Amount::Value(Decimal::parse("-19.7").unwrap()) currency=Some("EUR".to_string())/>
                <Money amount=Amount::Invalid("twelve".into()) currency=None/>
            }
        });
        let data = el.query_selector("data").unwrap().unwrap();
        assert_eq!(data.get_attribute("value").as_deref(), Some("-19.70"));
        assert!(data.class_name().contains("kd-money--negative"));
        let invalid = el.query_selector(".kd-money--invalid").unwrap().unwrap();
        assert_eq!(invalid.text_content().unwrap(), "twelve (not a number)");
    }

    /// A bare "5.00" beside "BHD 100.000" in the totals read as part of it.
    #[wasm_bindgen_test]
    fn a_total_of_invoices_without_a_currency_says_so() {
        use kennel_desk::model::CurrencyTotals;
        let mut totals = CurrencyTotals::default();
        let amount = |d: &str| Amount::Value(Decimal::parse(d).unwrap());
        totals.add(Some("BHD"), &amount("100.000"));
        totals.add(None, &amount("5"));
        let el = host();
        let _app = leptos::mount::mount_to(el.clone(), move || {
            kennel_desk::pages::invoices::group("Total", "all", totals, "—")
        });
        let items = el.query_selector_all("li").unwrap();
        let item = |i| {
            items
                .item(i)
                .unwrap()
                .text_content()
                .unwrap()
                .replace('\u{a0}', " ")
        };
        assert_eq!(items.length(), 2);
        assert_eq!(item(0), "5.00 (no currency)");
        assert_eq!(item(1), "BHD 100.000");
    }
}

// ---- Dates and times as people read them (issue 6): Intl.DateTimeFormat ----

mod date_formatting {
    use kennel_desk::format::{format_date, DateStyle};
    use wasm_bindgen_test::*;

    /// Noon on 22 November 2026, or 14:05 that day, local time.
    fn at(hours: i32, minutes: i32) -> js_sys::Date {
        js_sys::Date::new_with_year_month_day_hr_min(2026, 10, 22, hours, minutes)
    }

    fn date(locale: &str, style: DateStyle, hours: i32, minutes: i32) -> String {
        format_date(locale, style, &at(hours, minutes))
            .expect("Intl formats")
            .replace(['\u{a0}', '\u{202f}'], " ")
    }

    #[wasm_bindgen_test]
    fn german() {
        assert_eq!(date("de-DE", DateStyle::Medium, 12, 0), "22.11.2026");
        assert_eq!(
            date("de-DE", DateStyle::Full, 12, 0),
            "Sonntag, 22. November 2026"
        );
        assert_eq!(date("de-DE", DateStyle::Time, 14, 5), "14:05");
        assert_eq!(date("de-CH", DateStyle::Medium, 12, 0), "22.11.2026");
    }

    #[wasm_bindgen_test]
    fn english() {
        assert_eq!(date("en-US", DateStyle::Medium, 12, 0), "Nov 22, 2026");
        assert_eq!(
            date("en-US", DateStyle::Full, 12, 0),
            "Sunday, November 22, 2026"
        );
        assert_eq!(date("en-US", DateStyle::Time, 14, 5), "2:05 PM");
        assert_eq!(date("en-GB", DateStyle::Medium, 12, 0), "22 Nov 2026");
    }

    #[wasm_bindgen_test]
    fn a_broken_locale_falls_back_to_the_browsers_own() {
        assert!(format_date("not a locale!", DateStyle::Medium, &at(12, 0)).is_some());
    }

    #[wasm_bindgen_test]
    fn what_is_not_a_date_is_shown_as_sent_and_a_time_after_one_as_its_day() {
        use kennel_desk::format::date_text;
        assert_eq!(date_text("soon"), "soon");
        assert_eq!(date_text("2026-02-31"), "2026-02-31");
        assert_eq!(date_text("2026-11-22 or 23"), "2026-11-22 or 23");
        // A time after the date is the service's: the day is shown, as the board reads it.
        let day = date_text("2026-11-22");
        assert_ne!(day, "2026-11-22");
        assert_eq!(date_text("2026-11-22T10:00"), day);
        assert_eq!(date_text("2026-11-22T23:30:00-05:00"), day);
    }

    #[wasm_bindgen_test]
    fn a_year_below_100_is_the_year_sent_not_one_of_the_1900s() {
        use kennel_desk::format::date_text;
        let shown = date_text("0026-11-22");
        assert!(shown.contains("26") && !shown.contains("1926"), "{shown}");
    }
}

/// `items` offered as a JS `ReadableStream` by the vendored wasm-streams and read back
/// through it.
async fn through_a_js_stream(
    items: Vec<Result<wasm_bindgen::JsValue, wasm_bindgen::JsValue>>,
) -> Vec<Result<wasm_bindgen::JsValue, wasm_bindgen::JsValue>> {
    use futures::StreamExt;
    use wasm_streams::ReadableStream;
    let raw = ReadableStream::from_stream(futures::stream::iter(items)).into_raw();
    assert!(raw.is_instance_of::<web_sys::ReadableStream>());
    ReadableStream::from_raw(raw).into_stream().collect().await
}

/// `turns` turns of the event loop (resolved promises awaited one after another).
async fn settle(turns: usize) {
    for _ in 0..turns {
        wasm_bindgen_futures::JsFuture::from(js_sys::Promise::resolve(
            &wasm_bindgen::JsValue::NULL,
        ))
        .await
        .unwrap();
    }
}

/// The vendored wasm-streams (vendor/wasm-streams, patched in by Cargo.toml; server_fn's
/// browser client is its only user in the app): a Rust stream offered as a JS
/// `ReadableStream` reads back chunk for chunk, and an error in it reaches the reader as an
/// `Err` that ends the stream, as with the real crate. (`JsValue`s compare as JS `===`.)
#[wasm_bindgen_test]
async fn the_vendored_readable_stream_round_trips_chunks_and_errors() {
    use wasm_bindgen::JsValue;
    let chunks: Vec<Result<JsValue, JsValue>> =
        vec![Ok("first".into()), Ok(2.into()), Ok("third".into())];
    assert_eq!(through_a_js_stream(chunks.clone()).await, chunks);

    let broken: Vec<Result<JsValue, JsValue>> = vec![Ok("before".into()), Err("broken".into())];
    assert_eq!(
        through_a_js_stream(broken.clone()).await,
        broken,
        "the error ends the stream"
    );
}

/// The stand-in takes nothing from the Rust stream before the first read, and a reader that
/// drops its stream early cancels the JS stream, which drops the Rust one.
#[wasm_bindgen_test]
async fn the_vendored_readable_stream_pulls_on_demand_and_cancels_on_drop() {
    use futures::StreamExt;
    use std::cell::Cell;
    use std::rc::Rc;
    use wasm_bindgen::JsValue;
    use wasm_streams::ReadableStream;

    /// Sets its flag when dropped.
    struct Dropped(Rc<Cell<bool>>);
    impl Drop for Dropped {
        fn drop(&mut self) {
            self.0.set(true);
        }
    }
    let polls = Rc::new(Cell::new(0));
    let dropped = Rc::new(Cell::new(false));
    let (counted, flag) = (polls.clone(), Dropped(dropped.clone()));
    let endless = futures::stream::poll_fn(move |_| {
        let _keep = &flag;
        counted.set(counted.get() + 1);
        std::task::Poll::Ready(Some(Ok::<JsValue, JsValue>(counted.get().into())))
    });
    let raw = ReadableStream::from_stream(endless).into_raw();
    // A stream that pulls ahead would have polled by now.
    settle(3).await;
    assert_eq!(polls.get(), 0, "nothing taken before the first read");
    let mut chunks = ReadableStream::from_raw(raw).into_stream();
    let first = chunks.next().await;
    assert_eq!(
        first.and_then(Result::ok).and_then(|v| v.as_f64()),
        Some(1.0)
    );
    drop(chunks);
    settle(5).await;
    assert!(dropped.get(), "the cancel reached the Rust stream");
}

/// Comment nodes under `node`.
fn comments(node: &web_sys::Node) -> u32 {
    let children = node.child_nodes();
    (0..children.length())
        .filter_map(|i| children.item(i))
        .map(|c| u32::from(c.node_type() == web_sys::Node::COMMENT_NODE) + comments(&c))
        .sum()
}

/// The vendored tachys (vendor/tachys, KENNEL-DESK-PATCH.md): an element's children are built
/// without the comment node upstream puts after them, one or two per element under
/// `erase_components` (19 in a booking row).
#[wasm_bindgen_test]
fn elements_with_children_carry_no_comment_markers() {
    let el = host();
    let _app = leptos::mount::mount_to(el.clone(), || {
        view! {
            <table class="t"><tbody>
                <tr><td><div><a href="#x">"a"</a><span>{"b".to_string()}</span></div></td>
                    <td>"c"</td><td>{Some("d")}</td></tr>
            </tbody></table>
        }
    });
    let table = el.query_selector(".t").unwrap().unwrap();
    assert_eq!(table.text_content().unwrap(), "abcd");
    assert_eq!(comments(&table), 0, "{}", table.outer_html());
}

/// Where the patch changes behaviour: a run of children built without a marker that is
/// rebuilt with another length (two `view!` call sites behind one erased type) is replaced in
/// place and in order, and one built empty (with its marker) grows again where it was.
#[wasm_bindgen_test]
async fn a_run_of_children_rebuilt_with_another_length_stays_in_place() {
    use leptos::tachys::view::iterators::StaticVec;
    let el = host();
    let (n, set_n) = signal(2usize);
    let _app = leptos::mount::mount_to(el.clone(), move || {
        view! {
            <div class="t">
                <b>"x"</b>
                {move || match n.get() {
                    2 => view! { <i>"1"</i><i>"2"</i> }.into_any(),
                    3 => view! { <i>"a"</i><i>"b"</i><i>"c"</i> }.into_any(),
                    _ => StaticVec::from(Vec::<AnyView>::new()).into_any(),
                }}
                <u>"y"</u>
            </div>
        }
    });
    let div = el.query_selector(".t").unwrap().unwrap();
    let tags = || {
        let children = div.children();
        (0..children.length())
            .filter_map(|i| children.item(i))
            .map(|c| c.tag_name().to_lowercase())
            .collect::<Vec<_>>()
            .join(" ")
    };
    assert_eq!(div.text_content().unwrap(), "x12y");
    for (set, text, elements) in [
        (3, "xabcy", "b i i i u"),
        (2, "x12y", "b i i u"),
        (0, "xy", "b u"),
        (3, "xabcy", "b i i i u"),
        (0, "xy", "b u"),
        (2, "x12y", "b i i u"),
    ] {
        set_n.set(set);
        settle(5).await;
        assert_eq!(div.text_content().unwrap(), text, "after {set}");
        assert_eq!(tags(), elements, "after {set}");
    }
}

/// "Skip to content" (and the navigation's focus) go to what names the page. A related
/// list's error below the page's own data still loading (an animal's stays failed, the
/// animal on its way) is not that: it took focus and the title. With nothing loading, an
/// error is the page's own and takes focus.
#[wasm_bindgen_test]
fn skip_to_content_passes_a_related_error_below_the_pages_own_loading() {
    let page = |loading: bool| {
        let el = host();
        let app = leptos::mount::mount_to(el.clone(), move || {
            view! {
                <div class="kd">
                    <a href="#" class="kd-skip" on:click=kennel_desk::a11y::skip_to_content>"Skip"</a>
                    <div class="kd-main">
                        {loading.then(|| view! { <p class="kd-state--loading">"Loading the animal…"</p> })}
                        <div class="kd-state--error">
                            <p class="kd-state__message">"The stays could not be loaded."</p>
                        </div>
                    </div>
                </div>
            }
        });
        // Focus left by an earlier test goes first.
        if let Some(active) = document().active_element() {
            active.unchecked_into::<HtmlElement>().blur().unwrap();
        }
        let link = el.query_selector(".kd-skip").unwrap().unwrap();
        link.unchecked_into::<HtmlElement>().click();
        // The focused element's class; the body's tag when focus went nowhere.
        let focused = document()
            .active_element()
            .map(|a| match a.tag_name().as_str() {
                "BODY" => "BODY".to_string(),
                _ => a.class_name(),
            })
            .unwrap_or_default();
        drop(app);
        focused
    };
    // A script's click does not focus the link: focus stays on the body.
    assert_eq!(page(true), "BODY", "the page's own data is still loading");
    assert_eq!(
        page(false),
        "kd-state__message",
        "nothing loads: the error is the page's"
    );
}

/// A date in the first century is shown as sent: the JS `Date` constructor reads years 0-99
/// as 1900-1999, and 0000-02-29 (1900 has no 29 February) had become 1 March.
#[wasm_bindgen_test]
fn dates_of_the_first_century_keep_their_day() {
    use kennel_desk::format::{date, DateStyle};
    let leap = date(0, 2, 29, DateStyle::Medium).expect("year 0 is a leap year");
    assert!(leap.contains("29") && leap.contains("Feb"), "{leap}");
    let early = date(26, 12, 7, DateStyle::Medium).expect("a date");
    assert!(
        early.contains('7') && early.contains("26") && !early.contains("1926"),
        "{early}"
    );
}

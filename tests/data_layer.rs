//! Native tests of the data layer's pure parts: error messages and decode wording.
#![cfg(not(target_arch = "wasm32"))]

use kennel_desk::api::ApiError;

fn shown(status: u16, body: &str) -> String {
    ApiError::from_status(status, body).to_string()
}

#[test]
fn an_html_error_page_shows_only_its_status() {
    let page = "<!DOCTYPE html><html><head><title>503 Service Unavailable</title></head>\
                <body><h1>Service Unavailable</h1></body></html>";
    let text = shown(503, page);
    assert_eq!(text, "The kennel service is having a problem (HTTP 503).");
    assert!(!text.contains('<'));
}

#[test]
fn a_json_error_shows_its_message_as_text() {
    assert_eq!(
        shown(
            500,
            r#"{"error":"internal","message":"Database is restarting"}"#
        ),
        "The kennel service is having a problem (HTTP 500): Database is restarting."
    );
    // Its own stop is kept, not doubled.
    assert_eq!(
        shown(503, r#"{"message":"Down for maintenance until 7:00."}"#),
        "The kennel service is having a problem (HTTP 503): Down for maintenance until 7:00."
    );
    assert_eq!(
        shown(400, r#"{"error":"bad request"}"#),
        "The kennel service answered with an error (HTTP 400): bad request."
    );
    // JSON without any text field: no braces on screen.
    assert_eq!(
        shown(502, r#"{"code":17}"#),
        "The kennel service is having a problem (HTTP 502)."
    );
}

#[test]
fn plain_text_is_cut_short_and_kept_on_one_line() {
    let long = "Gateway\n timeout ".repeat(40);
    let text = shown(504, &long);
    assert!(text.starts_with("The kennel service is having a problem (HTTP 504): Gateway timeout"));
    assert!(text.chars().count() < 240, "{text}");
    assert!(!text.contains('\n'));
    // Cut short, it ends in its ellipsis, no stop after it.
    assert!(text.ends_with("timeout…"), "{text}");
}

#[test]
fn only_transient_failures_are_retried_at_once() {
    assert_eq!(ApiError::Network("x".into()).retries(), 3);
    assert_eq!(ApiError::from_status(503, "").retries(), 3);
    // "Gone" is "not found" for good: a record page says so, and it is not asked again.
    assert_eq!(ApiError::from_status(410, "gone"), ApiError::NotFound);
    // A time-out has waited its allowance already: once more. A slow body never.
    assert_eq!(ApiError::Timeout(10).retries(), 1);
    assert_eq!(ApiError::BodyTimeout(60).retries(), 0);
    assert_eq!(ApiError::from_status(429, "").retries(), 0);
    assert_eq!(ApiError::from_status(400, "").retries(), 0);
    assert_eq!(ApiError::NotFound.retries(), 0);
}

use kennel_desk::model::{decode_list, decode_one, Animal, Booking};

fn list_error(body: &str) -> String {
    let err = decode_list::<Booking>(body, "The list of bookings").unwrap_err();
    ApiError::Decode(err).to_string()
}

#[test]
fn every_unreadable_answer_is_named_in_words() {
    assert_eq!(
        list_error(""),
        "The kennel service sent an answer that could not be used. \
         The list of bookings could not be read: the answer was empty."
    );
    assert!(list_error(" null ").ends_with("expected a list, found null (no data)."));
    assert!(list_error(r#"[{"id":"b-1","from":"2026-"#)
        .ends_with("the answer was cut off before its end."));
    assert!(
        list_error(r#"{"items":[]}"#).ends_with("expected a list, found an object."),
        "{}",
        list_error(r#"{"items":[]}"#)
    );
    let malformed = list_error("[{\"id\": \"b-1\",]");
    assert!(
        malformed.contains("it is not valid JSON (line 1, column 15"),
        "{malformed}"
    );
    let one = decode_one::<Animal>("[1,2]", "Animal a-1").unwrap_err();
    assert_eq!(one.detail, "expected a record, found a list");
    // A list that is no valid JSON either: its syntax is what is wrong first.
    let one = decode_one::<Animal>(r#"[{"id": "a-1",}]"#, "Animal a-1").unwrap_err();
    assert!(
        one.detail
            .starts_with("it is not valid JSON (line 1, column 15"),
        "{one}"
    );
    let one = decode_one::<Animal>(r#"[{"id": "a-1""#, "Animal a-1").unwrap_err();
    assert_eq!(one.detail, "the answer was cut off before its end");
    let one =
        decode_one::<Animal>(r#"{"id":"a-1","name":{"first":"B"}}"#, "Animal a-1").unwrap_err();
    assert!(
        one.detail
            .starts_with("a field is missing or of the wrong kind"),
        "{one}"
    );
}

#[test]
fn wrong_types_in_a_list_fail_only_their_records() {
    let list = decode_list::<Booking>(
        r#"[{"id":"b-1","customerId":17},{"id":"b-2","location":{"room":1}}]"#,
        "The list of bookings",
    )
    .expect("the list itself is readable");
    // A number where text belongs is shown as text; an object is rejected and named.
    assert_eq!(list.items.len(), 1);
    assert_eq!(list.items[0].customer_id.as_deref(), Some("17"));
    assert_eq!(list.rejected.len(), 1);
    assert_eq!(list.rejected[0].id.as_deref(), Some("b-2"));
}

#[test]
fn a_list_reads_whole_whatever_its_records_weigh() {
    // The one-pass read guesses the list's length from the body's: far more records than
    // the guess (tiny records) and far fewer (long care notes) must both read in full and in
    // order, and a guess too high must not stay reserved.
    let tiny: Vec<String> = (0..2_000).map(|i| format!(r#"{{"id":"b-{i}"}}"#)).collect();
    let list = decode_list::<Booking>(&format!("[{}]", tiny.join(",")), "the list").unwrap();
    assert_eq!(list.items.len(), 2_000);
    assert!(list.rejected.is_empty());
    assert_eq!(list.items[1_999].id, "b-1999");
    let care = "x".repeat(4_000);
    let heavy: Vec<String> = (0..3)
        .map(|i| format!(r#"{{"id":"b-{i}","care":"{care}","status":"in_house"}}"#))
        .collect();
    let list = decode_list::<Booking>(&format!("[{}]", heavy.join(",")), "the list").unwrap();
    let ids: Vec<&str> = list.items.iter().map(|b| b.id.as_str()).collect();
    assert_eq!(ids, ["b-0", "b-1", "b-2"]);
    assert_eq!(list.items[2].care.as_deref().map(str::len), Some(4_000));
    assert!(
        list.items.capacity() < 2 * list.items.len(),
        "{} slots kept for 3 records",
        list.items.capacity()
    );
}

use kennel_desk::model::rows::{
    common_prefix, first_row_guess, keyed_rows, rows_to, same_order, BOOKINGS_CARDS_BELOW_EM,
    BOOKINGS_ROW_GUESS_PX, CARD_GUESS_PX, INVOICES_CARDS_BELOW_EM, TABLE_ROW_PX,
};

fn booking(json: &str) -> Booking {
    decode_one(json, "a booking").expect("booking decodes")
}

#[test]
fn a_table_builds_the_rows_that_reach_the_bottom_it_is_given() {
    // Rows start 369 px down a 900 px window, 58 px each: 10 rows, the 10th cut, and one more.
    assert_eq!(rows_to(369.0, 900.0, 58.0), 11);
    // Down to one screen below the window.
    assert_eq!(rows_to(369.0, 1800.0, 58.0), 26);
    // Scrolled 5 000 px down the table: every row above the window stays.
    assert_eq!(rows_to(-5000.0, 900.0, 50.0), 119);
    // Rows that start below the window: just the one.
    assert_eq!(rows_to(1200.0, 900.0, 40.0), 1);
    // A row of no height, or no layout at all (NaN), is not a division by zero.
    assert_eq!(rows_to(0.0, 900.0, 0.0), 1);
    assert_eq!(rows_to(f64::NAN, 900.0, 40.0), 1);
    assert_eq!(rows_to(0.0, 900.0, f64::NAN), 1);
}

#[test]
fn before_any_row_is_measured_a_narrow_window_is_guessed_cards() {
    // The bookings table is cards below 60em (960 px at 16 px).
    assert_eq!(first_row_guess(800.0, 960.0, TABLE_ROW_PX), CARD_GUESS_PX);
    assert_eq!(
        first_row_guess(360.0, 960.0, BOOKINGS_ROW_GUESS_PX),
        CARD_GUESS_PX
    );
    // From its breakpoint on, the box may be a table (or cards, in a narrow host element;
    // at exactly 60em it is still cards, guessed short: more rows, never a gap).
    assert_eq!(first_row_guess(960.0, 960.0, TABLE_ROW_PX), TABLE_ROW_PX);
    assert_eq!(first_row_guess(1280.0, 960.0, TABLE_ROW_PX), TABLE_ROW_PX);
    // The counter tablet's first screen: 9 cards for its 1 280 px, where table rows built 33.
    assert_eq!(
        rows_to(0.0, 1280.0, first_row_guess(800.0, 960.0, TABLE_ROW_PX)),
        9
    );
    assert_eq!(rows_to(0.0, 1280.0, TABLE_ROW_PX), 33);
}

#[test]
fn a_bookings_table_is_guessed_two_lines_a_row_from_where_it_starts() {
    // A wide window's bookings table: its rows are two lines (64-90 px measured), its own
    // guess, not the one-line rows of the invoices table.
    let row = first_row_guess(1280.0, 960.0, BOOKINGS_ROW_GUESS_PX);
    assert_eq!(row, BOOKINGS_ROW_GUESS_PX);
    assert!(row > TABLE_ROW_PX);
    // The booking list at 1 280 x 900 (8 rows show, from 311 px down): from the window's
    // top at one line a row it built 24; at two lines from where the loading state stood
    // (the table's top, 266 px), 11.
    assert_eq!(rows_to(0.0, 900.0, TABLE_ROW_PX), 24);
    assert_eq!(rows_to(266.0, 900.0, row), 11);
    assert!(rows_to(311.0, 900.0, 73.0) <= 11);
}

#[test]
fn the_card_breakpoints_are_the_stylesheets() {
    let css = include_str!("../style/main.css");
    for em in [BOOKINGS_CARDS_BELOW_EM, INVOICES_CARDS_BELOW_EM] {
        let query = format!("@container kd-table (max-width: {em}em)");
        assert!(css.contains(&query), "style/main.css has no `{query}`");
    }
}

#[test]
fn row_keys_follow_the_record_not_its_position() {
    let before = vec![
        booking(r#"{"id":"b-1","location":"Run 1"}"#),
        booking(r#"{"id":"b-2","location":"Run 2"}"#),
        booking(r#"{"id":"b-2","location":"Run 9"}"#),
    ];
    let keys = |items: &[Booking], shown: &[usize]| -> Vec<_> {
        keyed_rows(items, shown, |b| b.id.as_str())
            .into_iter()
            .map(|(k, _)| k)
            .collect()
    };
    let old = keys(&before, &[0, 1, 2]);
    // A repeated id is told apart by occurrence.
    assert_eq!((old[1].nth, old[2].nth), (0, 1));
    assert_ne!(old[1], old[2]);
    // A record inserted in front moves nothing else's key.
    let mut after = vec![booking(r#"{"id":"b-0"}"#)];
    after.extend(before.iter().cloned());
    let new = keys(&after, &[0, 1, 2, 3]);
    assert_eq!(&new[1..], &old[..]);
    // A changed record gets a new key; the others keep theirs.
    after[1] = booking(r#"{"id":"b-1","location":"Run 5"}"#);
    let changed = keys(&after, &[0, 1, 2, 3]);
    assert_ne!(changed[1], old[0]);
    assert_eq!(changed[1].id, "b-1");
    assert_eq!(&changed[2..], &old[1..]);
    // An index past the end (a stale window) is skipped, not a panic.
    assert_eq!(keys(&before, &[0, 7]).len(), 1);

    // Rows added or taken away keep the order; rows that stay and change places do not
    // (the table then keys them afresh: Leptos's keyed diff misplaces such rows).
    let four: Vec<Booking> = (0..4)
        .map(|i| booking(&format!(r#"{{"id":"b-{i}"}}"#)))
        .collect();
    let all = keys(&four, &[0, 1, 2, 3]);
    assert!(
        same_order(&all, &keys(&four, &[1, 3])),
        "a search narrowed it"
    );
    assert!(
        same_order(&keys(&four, &[1, 3]), &all),
        "the search cleared"
    );
    assert!(
        same_order(&all[..2], &all),
        "the rest built after the paint"
    );
    assert!(same_order(&[], &all));
    assert!(!same_order(&all, &keys(&four, &[3, 2, 1, 0])), "reversed");
    // The case seen: a reversed sort, of which only a screenful was built yet, where one row
    // kept its index.
    assert!(
        !same_order(&all, &keys(&four, &[3, 1, 2])),
        "one row kept its index"
    );
    assert!(
        !same_order(&all, &keys(&four, &[0, 2, 1, 3])),
        "two swapped"
    );
}

#[test]
fn the_rows_a_change_keeps_in_place_are_the_shared_beginning() {
    assert_eq!(
        common_prefix(&[1, 2, 3], &[1, 2, 3, 4]),
        3,
        "rows added at the end"
    );
    assert_eq!(
        common_prefix(&[1, 2, 3], &[1, 2]),
        2,
        "rows taken from the end"
    );
    assert_eq!(
        common_prefix(&[1, 2, 3], &[1, 3]),
        1,
        "a row taken from the middle"
    );
    assert_eq!(common_prefix(&[1, 2, 3], &[2, 3]), 0, "the first row taken");
    assert_eq!(common_prefix::<u8>(&[], &[1]), 0);
}

#[test]
fn a_list_is_never_read_as_a_record() {
    // serde's derive would read ["b-9", "a-1"] as a booking's fields in order.
    let list = decode_list::<Booking>(r#"[["b-9","a-1"],{"id":"b-1"}]"#, "The list of bookings")
        .expect("readable list");
    assert_eq!(list.items.len(), 1);
    assert_eq!(list.rejected[0].reason, "expected a record, found a list");
}

use kennel_desk::api::cache::evictable;

#[test]
fn a_record_is_evicted_only_after_its_gc_time_unused() {
    const GC: f64 = 300_000.0;
    let let_go = 1_000_000.0;
    // Let go a moment ago, or a millisecond short of the gc time: kept.
    assert!(!evictable(let_go + 1.0, let_go, false, GC));
    assert!(!evictable(let_go + GC - 1.0, let_go, false, GC));
    // Unused for the whole gc time: dropped.
    assert!(evictable(let_go + GC, let_go, false, GC));
    assert!(evictable(let_go + 10.0 * GC, let_go, false, GC));
    // On screen, or with its request under way, it stays however long ago it was let go.
    assert!(!evictable(let_go + 10.0 * GC, let_go, true, GC));
}

/// A turn handed to a waiter that is dropped before it takes it (its look-up cancelled in
/// the same moment, as when a keystroke takes a screenful of rows away) comes back. Lost,
/// four such turns stopped every animal look-up for good.
#[test]
fn a_turn_given_to_a_waiter_that_went_comes_back() {
    use futures::FutureExt;
    use kennel_desk::api::limiter::Limiter;
    use std::sync::Arc;

    // A turn taken at once, and a waiter that does not have one yet.
    let now = |l: &Arc<Limiter>| l.clone().acquire().now_or_never();
    let waiting = |l: &Arc<Limiter>| {
        let mut w = Box::pin(l.clone().acquire());
        assert!((&mut w).now_or_never().is_none(), "waits its turn");
        w
    };

    let limiter = Limiter::new(1);
    let first = now(&limiter).expect("a free turn");
    let second = waiting(&limiter);
    let mut third = waiting(&limiter);
    // The turn goes to `second`, which is dropped before it takes it: `third` gets it.
    drop(first);
    drop(second);
    let third = (&mut third).now_or_never().expect("the turn came back");
    drop(third);
    // Nobody waits: the turn is kept, and the next caller has it at once.
    let again = now(&limiter).expect("a kept turn");
    // A waiter that went before the turn was handed on is passed over.
    let gone = waiting(&limiter);
    let mut next = waiting(&limiter);
    drop(gone);
    drop(again);
    assert!(
        (&mut next).now_or_never().is_some(),
        "the turn skips the waiter that went"
    );
    // Two turns at most, however waiters come and go.
    let two = Limiter::new(2);
    let (a, b) = (now(&two), now(&two));
    assert!(a.is_some() && b.is_some());
    assert!(now(&two).is_none(), "no third turn");
}

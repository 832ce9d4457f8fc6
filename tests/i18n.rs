//! Native tests of the language choice (`i18n::choose`) and of the catalogues' sentences
//! with numbers in them. Which words a page shows is checked in Chromium (tests/e2e/language.rs).
#![cfg(not(target_arch = "wasm32"))]

use kennel_desk::config::Config;
use kennel_desk::i18n::{choose, texts_for, Choice, Texts, ALL, DE, EN};

fn langs(list: &[&str]) -> Vec<String> {
    list.iter().map(|s| s.to_string()).collect()
}

fn chosen(setting: Option<&str>, browser: &[&str]) -> (&'static str, String) {
    let Choice { texts, locale } = choose(setting, &langs(browser));
    (texts.code, locale)
}

#[test]
fn a_german_browser_gets_german_with_its_own_region() {
    assert_eq!(chosen(None, &["de-DE", "de"]), ("de", "de-DE".into()));
    // Swiss German: German words, Swiss number formats.
    assert_eq!(chosen(None, &["de-CH", "en"]), ("de", "de-CH".into()));
    assert_eq!(chosen(None, &["de"]), ("de", "de".into()));
    assert_eq!(chosen(None, &["de-AT"]), ("de", "de-AT".into()));
}

#[test]
fn the_first_language_the_app_speaks_wins_else_english() {
    // French first: the app does not speak it, so the next one it does.
    assert_eq!(
        chosen(None, &["fr-FR", "de-DE", "en"]),
        ("de", "de-DE".into())
    );
    assert_eq!(chosen(None, &["en-US", "de"]), ("en", "en-US".into()));
    assert_eq!(chosen(None, &["en-GB"]), ("en", "en-GB".into()));
    // Nothing the app speaks: English.
    assert_eq!(chosen(None, &["fr"]), ("en", "en".into()));
    assert_eq!(chosen(None, &["fr-CH", "it-CH"]), ("en", "en".into()));
    assert_eq!(chosen(None, &[]), ("en", "en".into()));
}

#[test]
fn data_lang_wins_over_the_browser() {
    assert_eq!(chosen(Some("en"), &["de-DE", "de"]), ("en", "en".into()));
    assert_eq!(chosen(Some("de"), &["en-US"]), ("de", "de".into()));
    // A setting without a region takes the browser's region for the same language…
    assert_eq!(chosen(Some("de"), &["fr", "de-CH"]), ("de", "de-CH".into()));
    assert_eq!(
        chosen(Some("en"), &["de-DE", "en-GB"]),
        ("en", "en-GB".into())
    );
    // …and one with a region keeps its own.
    assert_eq!(chosen(Some("de-AT"), &["de-CH"]), ("de", "de-AT".into()));
    // Written loosely: case, underscores, spaces.
    assert_eq!(chosen(Some(" DE_ch "), &[]), ("de", "de-CH".into()));
    assert_eq!(chosen(Some("EN"), &["de"]), ("en", "en".into()));
}

#[test]
fn a_setting_the_app_does_not_speak_falls_back_to_the_browser() {
    assert_eq!(chosen(Some("fr"), &["de-DE"]), ("de", "de-DE".into()));
    assert_eq!(chosen(Some("fr"), &["it"]), ("en", "en".into()));
    assert_eq!(chosen(Some(""), &["de"]), ("de", "de".into()));
    assert_eq!(chosen(Some("   "), &[]), ("en", "en".into()));
    assert_eq!(chosen(Some("-"), &["de"]), ("de", "de".into()));
}

#[test]
fn the_setting_is_read_like_every_other() {
    let config = Config::from_lookup(|key| (key == "lang").then(|| " de ".to_string()));
    assert_eq!(config.lang.as_deref(), Some("de"));
    let config = Config::from_lookup(|_| None);
    assert_eq!(config.lang, None);
}

#[test]
fn each_language_is_one_catalogue_found_by_its_code() {
    let codes: Vec<&str> = ALL.iter().map(|t| t.code).collect();
    assert_eq!(codes, ["en", "de"], "English first: it is the fallback");
    assert_eq!(texts_for("de-CH"), Some(&DE));
    assert_eq!(texts_for("en"), Some(&EN));
    assert_eq!(texts_for("fr"), None);
    assert_eq!(texts_for(""), None);
}

/// The sentences with numbers: plurals and grouping, in both languages.
#[test]
fn counts_read_right_in_both_languages() {
    let both = |f: fn(&Texts) -> String| (f(&EN), f(&DE));
    assert_eq!(
        both(|t| (t.bookings_count)(1)),
        ("1 booking".into(), "1 Buchung".into())
    );
    assert_eq!(
        both(|t| (t.bookings_count)(2040)),
        ("2\u{a0}040 bookings".into(), "2\u{a0}040 Buchungen".into())
    );
    assert_eq!(
        both(|t| (t.names_loaded)(812, 2040)),
        (
            "names: 812 of 2\u{a0}040 loaded".into(),
            "Namen: 812 von 2\u{a0}040 geladen".into()
        )
    );
    // Said on its own once every name is in: it must name what failed (beside the progress,
    // "names: 3 of 5 loaded · 1 could not be loaded", it need not).
    assert_eq!(
        both(|t| (t.names_failed_alone)(1)),
        (
            "1 name could not be loaded".into(),
            "1 Name konnte nicht geladen werden".into()
        )
    );
    assert_eq!(
        both(|t| (t.names_failed_alone)(2)),
        (
            "2 names could not be loaded".into(),
            "2 Namen konnten nicht geladen werden".into()
        )
    );
    assert_eq!(
        both(|t| (t.rejected_bookings)(1)),
        (
            "1 of the bookings could not be read and is not shown.".into(),
            "1 Buchung konnte nicht gelesen werden und wird nicht angezeigt.".into()
        )
    );
    assert_eq!(
        both(|t| (t.rejected_invoices)(3)),
        (
            "3 of the invoices could not be read and are not shown.".into(),
            "3 Rechnungen konnten nicht gelesen werden und werden nicht angezeigt.".into()
        )
    );
    assert_eq!(
        both(|t| (t.unreadable_amounts)(2)),
        ("2 unreadable amounts".into(), "2 unlesbare Beträge".into())
    );
    assert_eq!(
        both(|t| (t.rejected_record)(3, Some("b-1"))),
        ("record 3 (id b-1)".into(), "Datensatz 3 (ID b-1)".into())
    );
}

/// Errors read in the chosen language: `ApiError`'s Display follows `i18n::set`.
#[test]
fn errors_follow_the_chosen_language() {
    use kennel_desk::api::ApiError;
    let error = ApiError::from_status(503, "<html>proxy</html>");
    assert_eq!(
        error.to_string(),
        "The kennel service is having a problem (HTTP 503)."
    );
    kennel_desk::i18n::set(choose(Some("de"), &[]));
    assert_eq!(
        error.to_string(),
        "Der Buchungsdienst hat ein Problem (HTTP 503)."
    );
    assert_eq!(
        ApiError::Timeout(10).to_string(),
        "Der Buchungsdienst hat zweimal nicht innerhalb von 10 Sekunden geantwortet."
    );
    assert_eq!(kennel_desk::i18n::locale(), "de");
    // Per thread: other tests on other threads keep English.
    kennel_desk::i18n::set(choose(None, &[]));
    assert_eq!(ApiError::NotFound.to_string(), EN.err_not_found);
}

#[test]
fn a_one_second_time_out_is_said_in_the_singular() {
    assert_eq!(
        (EN.err_timeout)(1),
        "The kennel service did not answer within 1 second, asked twice."
    );
    assert_eq!(
        (EN.err_body_timeout)(2),
        "The answer from the kennel service was still arriving after 2 seconds; \
         the connection may be too slow."
    );
    assert_eq!(
        (DE.err_timeout)(1),
        "Der Buchungsdienst hat zweimal nicht innerhalb von einer Sekunde geantwortet."
    );
    assert!((DE.err_body_timeout)(1)
        .starts_with("Die Antwort des Buchungsdienstes war nach einer Sekunde noch"));
}

/// The line under a list's filters: a date of the address that is no day is said (and not
/// applied), next to a range given end first and the list's own sentence on its status;
/// nothing when every filter means something (an empty one included).
#[test]
fn filters_that_mean_nothing_are_said() {
    assert_eq!(EN.filter_note("", "", None), "");
    assert_eq!(EN.filter_note("2026-11-01", "2026-11-30", None), "");
    assert_eq!(EN.filter_note(" ", "", None), "");
    assert_eq!(
        EN.filter_note("2026-02-30", "", None),
        "“2026-02-30” in the address is not a date: “From” is not applied."
    );
    // Read as the lists read a date (`Day::parse_field`): ten characters, nothing around.
    assert_eq!(
        EN.filter_note("2026-11-01", "2026-11-1", None),
        "“2026-11-1” in the address is not a date: “To” is not applied."
    );
    assert_eq!(
        EN.filter_note("2026-11-30", "2026-11-01", Some("Status.".into())),
        "“From” is after “To”: showing the days between them. Status."
    );
    assert_eq!(
        DE.filter_note("x", "2026-13-01", Some((DE.status_param_unread)("egal"))),
        "„x“ in der Adresse ist kein Datum: „Von“ wird nicht angewendet. \
         „2026-13-01“ in der Adresse ist kein Datum: „Bis“ wird nicht angewendet. \
         „egal“ in der Adresse ist kein Status: angezeigt werden alle."
    );
    assert_eq!(
        (DE.status_param_none)("unsinn"),
        "Keine Rechnung hat den Status „unsinn“ aus der Adresse."
    );
}

#[test]
fn the_owes_lines_end_with_the_error_so_the_board_can_leave_it_out() {
    // pages/board.rs folds these words into a notice that names the error already, by
    // passing "" and trimming: an error placed mid-sentence would leave a gap there.
    for t in ALL {
        assert!((t.owes_unknown)("ERR").ends_with(" ERR"), "{}", t.code);
        assert!(
            (t.owes_as_of)("ERR", "7:42 PM").ends_with(" ERR"),
            "{}",
            t.code
        );
        assert!(
            (t.owes_as_of)("", "7:42 PM")
                .trim_end()
                .ends_with("7:42 PM."),
            "{}",
            t.code
        );
    }
}

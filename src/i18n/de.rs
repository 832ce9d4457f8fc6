//! Deutsch: die Sprache am Empfang und in den Zwingern.

use super::{grouped, CsvStyle, Texts};

pub const DE: Texts = Texts {
    code: "de",

    nav_board: "Tagesplan",
    nav_bookings: "Buchungen",
    nav_invoices: "Rechnungen",
    skip_to_content: "Zum Inhalt springen",
    offline: "Offline. Neues kann nicht geladen werden; die Seite aktualisiert sich, sobald die Verbindung wieder da ist.",
    back_online: "Wieder online.",

    loading_bookings: "Buchungen werden geladen …",
    loading_invoices: "Rechnungen werden geladen …",
    loading_booking: "Buchung wird geladen …",
    loading_invoice: "Rechnung wird geladen …",
    loading_animal: "Tier wird geladen …",
    loading_stays: "Aufenthalte werden geladen …",
    loading_slow: "Das dauert länger als üblich: die Verbindung oder der Buchungsdienst ist langsam.",
    loading_board: "Tagesplan wird geladen …",
    retry: "Erneut versuchen",
    retrying: "Wird erneut versucht …",
    refresh: "Aktualisieren",
    updated: |at| format!("Stand {at}"),
    updated_refreshing: |at| format!("Stand {at} · wird aktualisiert …"),
    stored_copy: |at| {
        format!("Gespeicherte Kopie von {at}, vom Dienst noch nicht bestätigt.")
    },
    refresh_failed: |e, at| {
        format!("Aktualisieren fehlgeschlagen: {e} Angezeigt wird der Stand von {at}.")
    },
    refresh_failed_stored: |e, at| {
        format!("Aktualisieren fehlgeschlagen: {e} Angezeigt wird eine gespeicherte Kopie von {at}.")
    },
    rejected_bookings: |n| match n {
        1 => "1 Buchung konnte nicht gelesen werden und wird nicht angezeigt.".into(),
        n => format!("{n} Buchungen konnten nicht gelesen werden und werden nicht angezeigt."),
    },
    unplaceable_bookings: |n| match n {
        1 => "1 Buchung hat keine Daten und keinen Status, nach denen der Tagesplan sie \
              einordnen kann: Sie steht auf keinem Tagesplan, nur in der Buchungsliste."
            .into(),
        n => format!(
            "{n} Buchungen haben keine Daten und keinen Status, nach denen der Tagesplan sie \
             einordnen kann: Sie stehen auf keinem Tagesplan, nur in der Buchungsliste."
        ),
    },
    rejected_invoices: |n| match n {
        1 => "1 Rechnung konnte nicht gelesen werden und wird nicht angezeigt.".into(),
        n => format!("{n} Rechnungen konnten nicht gelesen werden und werden nicht angezeigt."),
    },
    details: "Details",
    rejected_record: |position, id| match id {
        Some(id) => format!("Datensatz {position} (ID {id})"),
        None => format!("Datensatz {position}"),
    },
    no_page: "Unter dieser Adresse gibt es keine Seite.",
    go_to_bookings: "Zu den Buchungen",
    all_bookings: "Alle Buchungen",
    all_invoices: "Alle Rechnungen",
    customer_invoices_in_list: "Diese Rechnungen in der Rechnungsliste (suchen, sortieren, exportieren)",
    no_booking_with_id: |id| format!("Keine Buchung mit der ID {id}."),
    no_invoice_with_id: |id| format!("Keine Rechnung mit der ID {id}."),
    no_animal_with_id: |id| format!("Kein Tier mit der ID {id}."),
    showing_of: |shown, total| {
        format!("{} von {} angezeigt.", grouped(shown), grouped(total))
    },
    show_more: "Mehr anzeigen",

    err_network: "Der Buchungsdienst ist nicht erreichbar. Bitte die Netzwerkverbindung prüfen.",
    err_timeout: |s| format!("Der Buchungsdienst hat zweimal nicht innerhalb von {} geantwortet.", seconds(s)),
    err_body_timeout: |s| {
        format!("Die Antwort des Buchungsdienstes war nach {} noch nicht vollständig; die Verbindung ist vielleicht zu langsam.", seconds(s))
    },
    err_not_found: "Der Buchungsdienst meldet „nicht gefunden“ (HTTP 404). Bitte die API-Adresse in den Einstellungen prüfen.",
    err_record_gone: "Der Buchungsdienst kennt diesen Datensatz nicht mehr (HTTP 404); er wurde vielleicht gelöscht oder zusammengeführt.",
    err_server: |status| format!("Der Buchungsdienst hat ein Problem (HTTP {status})"),
    err_refused: |status| format!("Der Buchungsdienst verweigert den Zugriff (HTTP {status})"),
    err_http: |status| format!("Der Buchungsdienst meldet einen Fehler (HTTP {status})"),
    err_decode: |what, why| {
        format!("Der Buchungsdienst hat eine unbrauchbare Antwort geschickt. {what} ist nicht lesbar: {why}.")
    },
    what_bookings: "Die Buchungsliste",
    what_invoices: "Die Rechnungsliste",
    what_booking: |id| format!("Buchung {id}"),
    what_invoice: |id| format!("Rechnung {id}"),
    what_animal: |id| format!("Tier {id}"),

    arriving_today: "Ankunft heute",
    in_the_house: "Im Haus",
    going_home: "Abholung",
    no_status: "Kein Status",
    checked_out: "Ausgecheckt",
    cancelled: "Storniert",
    no_show: "Nicht erschienen",
    other_status: "Anderer Status",
    ended_status: "Beendet oder storniert",
    open: "Offen",
    paid: "Bezahlt",
    all: "Alle",

    dates: "Zeitraum",
    time: "Uhrzeit",
    status: "Status",
    animal: "Tier",
    customer: "Kunde",
    location: "Platz",
    care: "Pflege",
    name: "Name",
    species: "Tierart",
    species_names: ["Hund", "Katze", "Kleintier"],
    breed: "Rasse",
    group: "Gruppe",
    vaccinations: "Impfungen",
    owner: "Halter",
    owner_customer: "Halter (Kunde)",
    from: "Von",
    to: "Bis",
    dates_reversed: "„Von“ liegt nach „Bis“: angezeigt werden die Tage dazwischen.",
    date_param_unread: |field, d| format!("„{d}“ in der Adresse ist kein Datum: „{field}“ wird nicht angewendet."),
    status_param_unread: |s| format!("„{s}“ in der Adresse ist kein Status: angezeigt werden alle."),
    status_param_none: |s| format!("Keine Rechnung hat den Status „{s}“ aus der Adresse."),
    number: "Nummer",
    date: "Datum",
    amount: "Betrag",
    currency: "Währung",
    booking: "Buchung",
    stay: "Aufenthalt",
    booking_status: "Buchungsstatus",
    invoice_id: "Rechnungs-ID",
    invoices: "Rechnungen",
    stays: "Aufenthalte",
    animals: "Tiere",
    now: "Aktuell",
    upcoming: "Geplant",
    past: "Vergangen",

    booking_title: |id| format!("Buchung {id}"),
    invoice_title: |number| format!("Rechnung {number}"),
    customer_title: |id| format!("Kunde {id}"),
    unknown_animal: |id| format!("{id} (unbekanntes Tier)"),
    name_unavailable: |id| format!("{id} (Name nicht verfügbar)"),
    not_a_number: |raw| format!("{raw} (keine Zahl)"),
    unreadable_amounts: |n| match n {
        1 => "1 unlesbarer Betrag".into(),
        n => format!("{n} unlesbare Beträge"),
    },

    today: "Heute",
    board: "Tagesplan",
    day: "Tag",
    previous_day: "‹ Vortag",
    next_day: "Folgetag ›",
    view: "Ansicht",
    lanes: "Spalten",
    locations: "Plätze",
    run_cards: "Zwingerkarten",
    run_cards_title: |n| match n {
        1 => "Zwingerkarten · 1 Tier".into(),
        n => format!("Zwingerkarten · {n} Tiere"),
    },
    print: "Drucken",
    paper: "Für Papier",
    lane_arriving: "Ankunft",
    lane_in_house: "Im Haus",
    lane_going_home: "Abholung",
    nobody: "Niemand",
    nobody_this_day: "An diesem Tag steht niemand auf dem Plan.",
    no_location: "Ohne Platz",
    no_care_notes: "Keine Pflegehinweise",
    owes: |amounts| format!("Kunde: {amounts} offen"),
    owes_unknown: |e| format!("Rechnungen konnten nicht geladen werden: Hinweise auf offene Beträge können fehlen oder veraltet sein. {e}"),
    owes_as_of: |e, at| format!("Rechnungen konnten nicht aktualisiert werden: Hinweise auf offene Beträge zeigen den Stand von {at}. {e}"),
    date_unread: |d| format!("„{d}“ in der Adresse ist kein Datum: angezeigt wird heute."),
    late_pickup: "Abholung überfällig",
    ends_today: "Aufenthalt endet heute",
    vaccinations_not_on_record: "Keine Impfungen erfasst",
    double_booked: "Doppelt belegt",
    open_booking: |id| format!("Buchung {id} öffnen"),
    wall_stale: "Veraltet: Der Buchungsdienst antwortet nicht. Das ist der zuletzt geladene Tagesplan.",
    wall_page: |page, pages| format!("Seite {page} von {pages}"),
    wall_pause: "Blättern anhalten",
    wall_resume: "Weiterblättern",

    search_bookings: "Buchungen durchsuchen",
    search_bookings_placeholder: "Name, Rasse, Kunde suchen …",
    any: "Alle",
    clear_filters: "Filter zurücksetzen",
    export_csv: "CSV exportieren",
    csv: CsvStyle::SEMICOLON,
    bookings_count: |n| match n {
        1 => "1 Buchung".into(),
        n => format!("{} Buchungen", grouped(n)),
    },
    bookings_count_of: |shown, total| {
        format!("{} von {} Buchungen", grouped(shown), grouped(total))
    },
    no_bookings: "Es gibt keine Buchungen.",
    no_bookings_match: "Keine Buchung passt zu dieser Suche und diesen Filtern.",
    names_loaded: |loaded, total| {
        format!("Namen: {} von {} geladen", grouped(loaded), grouped(total))
    },
    names_failed: |n| match n {
        1 => "1 konnte nicht geladen werden".into(),
        n => format!("{} konnten nicht geladen werden", grouped(n)),
    },
    names_failed_alone: |n| match n {
        1 => "1 Name konnte nicht geladen werden".into(),
        n => format!("{} Namen konnten nicht geladen werden", grouped(n)),
    },
    names_missing: |n| match n {
        1 => "1 Name ist noch nicht bekannt: Ergebnisse nach Namen sind vielleicht unvollständig".into(),
        n => format!(
            "{} Namen sind noch nicht bekannt: Ergebnisse nach Namen sind vielleicht unvollständig",
            grouped(n)
        ),
    },
    bookings_file: "buchungen",
    bookings_csv_header: [
        "Buchung", "Von", "Bis", "Uhrzeit", "Status", "Tier", "Kunde", "Platz", "Pflege",
    ],

    no_invoices_for_booking: "Keine Rechnungen zu dieser Buchung.",
    nothing_open: "Nichts offen.",
    open_balance_is: |amounts| format!("Offener Betrag: {amounts}"),
    no_other_stays: "Keine weiteren Aufenthalte dieses Tiers.",
    the_animal: "Das Tier",
    booking_names_no_animal: "Diese Buchung nennt kein Tier.",
    other_stays: "Weitere Aufenthalte dieses Tiers",

    filter_by_status: "Rechnungen nach Status filtern",
    search_invoices: "Nummer, Kunde, Buchung, Tier suchen",
    sort: "Sortierung",
    sorts: [
        "Neueste zuerst",
        "Älteste zuerst",
        "Nummer aufsteigend",
        "Nummer absteigend",
        "Betrag, kleinster zuerst (je Währung)",
        "Betrag, größter zuerst (je Währung)",
        "Status",
        "Status, umgekehrt",
    ],
    invoices_count: |n| match n {
        1 => "1 Rechnung".into(),
        n => format!("{} Rechnungen", grouped(n)),
    },
    invoices_count_of: |shown, total| {
        format!("{} von {} Rechnungen", grouped(shown), grouped(total))
    },
    no_invoices: "Es gibt keine Rechnungen.",
    no_invoices_match: "Keine Rechnung passt zu diesem Filter.",
    no_invoices_match_yet: "Noch passt keine Rechnung zu dieser Suche: Tiernamen werden noch geladen, Treffer nach Namen können noch kommen.",
    totals_shown: "Summen der angezeigten Rechnungen",
    total: "Gesamt",
    no_currency: "(ohne Währung)",
    left_out: |n| format!("{n} ohne verwendbaren Betrag, nicht mitgezählt"),
    invoices_file: "rechnungen",
    invoices_csv_header: [
        "Nummer", "Datum", "Betrag", "Währung", "Status", "Kunde", "Buchung",
    ],
    booking_unavailable: "nicht verfügbar (die Buchung konnte nicht geladen werden)",
    balance_not_known: "erst bekannt, wenn die Rechnungen geladen sind",
    booking_not_known: "unbekannt (der Buchungsdienst kennt diese Buchung nicht)",

    no_records_for_customer: |id| format!("Keine Buchungen oder Rechnungen für Kunde {id}."),
    no_animals_named: "In diesen Buchungen ist kein Tier genannt.",
    no_invoices_for_customer: "Keine Rechnungen für diesen Kunden.",
    open_balance: "Offener Betrag",
    no_stay_today: "Heute kein Aufenthalt.",
    no_upcoming_stays: "Keine geplanten Aufenthalte.",
    no_past_stays: "Keine vergangenen Aufenthalte.",

    invoices_wait_for_stays: "Rechnungen lassen sich erst zuordnen, wenn die Aufenthalte geladen sind.",
    no_invoices_for_animal: "Keine Rechnungen zu den Aufenthalten dieses Tiers.",
    no_vaccinations: "Keine Impfungen erfasst.",
    as_written: "Wie erfasst",
    no_stays: "Keine Aufenthalte für dieses Tier.",
    without_dates: "Ohne Datum",
    stays_reversed: "Endet vor dem Beginn",
    stays_reversed_note: "Das Enddatum liegt vor dem Anfangsdatum, darum zeigt keine Tagestafel \
                          diese Aufenthalte: bitte die Daten prüfen.",
    booking_reversed_note: "Das Enddatum liegt vor dem Anfangsdatum, darum zeigt keine Tagestafel \
                            diesen Aufenthalt: bitte die Daten prüfen.",
    repeated_booking_id: |id, n| {
        format!("{n} Buchungen tragen die ID {id}: die erste davon gilt, wie ihre eigene Seite sie zeigt.")
    },
    not_here_now: "Zurzeit nicht hier.",
    nothing_ahead: "Nichts im Voraus gebucht.",
    no_earlier_stays: "Keine früheren Aufenthalte.",
    open_amounts: |amounts| format!("Offen: {amounts}"),
    open_left_out: |n| match n {
        1 => " (1 offene Rechnung ohne lesbaren Betrag nicht enthalten)".into(),
        n => format!(" ({n} offene Rechnungen ohne lesbaren Betrag nicht enthalten)"),
    },
    vacc_valid: "Gültig",
    vacc_not_checked: "Nicht geprüft",
    vacc_expires_soon: "Läuft bald ab",
    vacc_expired: "Abgelaufen",
    vacc_none: "Keine Impfungen erfasst",
    vacc_badge_valid: "Impfungen gültig",
    vacc_badge_not_checked: "Impfungen nicht geprüft",
    vacc_badge_expires_soon: "Impfung läuft bald ab",
    vacc_badge_expired: "Impfung abgelaufen",
    vacc_badge_runs_out: "Impfung läuft vor Ende des Aufenthalts ab",
    vacc_days: |days| match days {
        None => "nicht geprüft".into(),
        Some(0) => "läuft heute ab".into(),
        Some(1) => "noch 1 Tag".into(),
        Some(-1) => "seit 1 Tag abgelaufen".into(),
        Some(d) if d > 0 => format!("noch {d} Tage"),
        Some(d) => format!("seit {} Tagen abgelaufen", d.unsigned_abs()),
    },
    vacc_note_not_a_date: "das Datum darin ist kein Kalenderdatum",
    vacc_note_given_only: "nur das Impfdatum, kein Ablaufdatum",
    vacc_note_renewed: "erneuert: ein späterer Eintrag für diesen Impfstoff liegt vor",
};

/// A time-out's length in whole seconds (the `timeout-ms` setting may make it 1).
fn seconds(n: u32) -> String {
    match n {
        1 => "einer Sekunde".into(),
        n => format!("{n} Sekunden"),
    }
}

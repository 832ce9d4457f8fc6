//! English, the fallback language.

use super::{grouped, CsvStyle, Texts};

pub const EN: Texts = Texts {
    code: "en",

    nav_board: "Board",
    nav_bookings: "Bookings",
    nav_invoices: "Invoices",
    skip_to_content: "Skip to content",
    offline: "Offline. Nothing new can load; the page refreshes when the connection returns.",
    back_online: "Back online.",

    loading_bookings: "Loading bookings…",
    loading_invoices: "Loading invoices…",
    loading_booking: "Loading the booking…",
    loading_invoice: "Loading the invoice…",
    loading_animal: "Loading the animal…",
    loading_stays: "Loading stays…",
    loading_board: "Loading the board…",
    loading_slow: "This is taking longer than usual: the connection or the kennel service is slow.",
    retry: "Retry",
    retrying: "Retrying…",
    refresh: "Refresh",
    updated: |at| format!("Updated {at}"),
    updated_refreshing: |at| format!("Updated {at} · refreshing…"),
    stored_copy: |at| format!("Stored copy from {at}, not confirmed by the service yet."),
    refresh_failed: |e, at| format!("Could not refresh: {e} Showing what was loaded at {at}."),
    refresh_failed_stored: |e, at| {
        format!("Could not refresh: {e} Showing a stored copy from {at}.")
    },
    rejected_bookings: |n| match n {
        1 => "1 of the bookings could not be read and is not shown.".into(),
        n => format!("{n} of the bookings could not be read and are not shown."),
    },
    unplaceable_bookings: |n| match n {
        1 => "1 booking has no dates or status the board can place it by: no day's board shows \
              it, only the booking list."
            .into(),
        n => format!(
            "{n} bookings have no dates or status the board can place them by: no day's board \
             shows them, only the booking list."
        ),
    },
    rejected_invoices: |n| match n {
        1 => "1 of the invoices could not be read and is not shown.".into(),
        n => format!("{n} of the invoices could not be read and are not shown."),
    },
    details: "Details",
    rejected_record: |position, id| match id {
        Some(id) => format!("record {position} (id {id})"),
        None => format!("record {position}"),
    },
    no_page: "There is no page at this address.",
    go_to_bookings: "Go to bookings",
    all_bookings: "All bookings",
    all_invoices: "All invoices",
    customer_invoices_in_list: "These invoices in the invoice list (to search, sort or export)",
    no_booking_with_id: |id| format!("No booking with id {id}."),
    no_invoice_with_id: |id| format!("No invoice with id {id}."),
    no_animal_with_id: |id| format!("No animal with id {id}."),
    showing_of: |shown, total| format!("Showing {} of {}.", grouped(shown), grouped(total)),
    show_more: "Show more",

    err_network: "The kennel service could not be reached. Check the network connection.",
    // Said after the one retry a time-out gets (`ApiError::retries`): the wait was twice this.
    err_timeout: |s| format!("The kennel service did not answer within {}, asked twice.", seconds(s)),
    err_body_timeout: |s| {
        format!("The answer from the kennel service was still arriving after {}; the connection may be too slow.", seconds(s))
    },
    err_not_found: "The kennel service answered \"not found\" (HTTP 404). Check the API address in the settings.",
    err_record_gone: "The kennel service no longer has this record (HTTP 404); it may have been deleted or merged.",
    err_server: |status| format!("The kennel service is having a problem (HTTP {status})"),
    err_refused: |status| format!("The kennel service refused access (HTTP {status})"),
    err_http: |status| format!("The kennel service answered with an error (HTTP {status})"),
    err_decode: |what, why| {
        format!("The kennel service sent an answer that could not be used. {what} could not be read: {why}.")
    },
    what_bookings: "The list of bookings",
    what_invoices: "The list of invoices",
    what_booking: |id| format!("Booking {id}"),
    what_invoice: |id| format!("Invoice {id}"),
    what_animal: |id| format!("Animal {id}"),

    arriving_today: "Arriving today",
    in_the_house: "In the house",
    going_home: "Going home",
    no_status: "No status",
    checked_out: "Checked out",
    cancelled: "Cancelled",
    no_show: "No-show",
    other_status: "Other",
    ended_status: "Over or cancelled",
    open: "Open",
    paid: "Paid",
    all: "All",

    dates: "Dates",
    time: "Time",
    status: "Status",
    animal: "Animal",
    customer: "Customer",
    location: "Location",
    care: "Care",
    name: "Name",
    species: "Species",
    // Capitalised as German writes them: each starts a field, a card's line or a choice.
    species_names: ["Dog", "Cat", "Small animal"],
    breed: "Breed",
    group: "Group",
    vaccinations: "Vaccinations",
    owner: "Owner",
    owner_customer: "Owner (customer)",
    from: "From",
    to: "To",
    dates_reversed: "“From” is after “To”: showing the days between them.",
    date_param_unread: |field, d| format!("“{d}” in the address is not a date: “{field}” is not applied."),
    status_param_unread: |s| format!("“{s}” in the address is not a status: showing every status."),
    status_param_none: |s| format!("No invoice has the status “{s}” from the address."),
    number: "Number",
    date: "Date",
    amount: "Amount",
    currency: "Currency",
    booking: "Booking",
    stay: "Stay",
    booking_status: "Booking status",
    invoice_id: "Invoice id",
    invoices: "Invoices",
    stays: "Stays",
    animals: "Animals",
    now: "Now",
    upcoming: "Upcoming",
    past: "Past",

    booking_title: |id| format!("Booking {id}"),
    invoice_title: |number| format!("Invoice {number}"),
    customer_title: |id| format!("Customer {id}"),
    unknown_animal: |id| format!("{id} (unknown animal)"),
    name_unavailable: |id| format!("{id} (name unavailable)"),
    not_a_number: |raw| format!("{raw} (not a number)"),
    unreadable_amounts: |n| match n {
        1 => "1 unreadable amount".into(),
        n => format!("{n} unreadable amounts"),
    },

    today: "Today",
    board: "Board",
    day: "Day",
    previous_day: "‹ Previous",
    next_day: "Next ›",
    view: "View",
    lanes: "Lanes",
    locations: "Locations",
    run_cards: "Run cards",
    // Arrivals have cards too: "in the house" no longer counted them all.
    run_cards_title: |n| match n {
        1 => "Run cards · 1 animal".into(),
        n => format!("Run cards · {n} animals"),
    },
    print: "Print",
    paper: "For paper",
    lane_arriving: "Arriving",
    lane_in_house: "In the house",
    lane_going_home: "Going home",
    nobody: "Nobody",
    nobody_this_day: "Nobody on the board this day.",
    no_location: "No location",
    no_care_notes: "No care notes",
    owes: |amounts| format!("Customer owes {amounts}"),
    owes_unknown: |e| format!("Invoices could not be loaded: “Customer owes” flags may be missing or out of date. {e}"),
    owes_as_of: |e, at| format!("Invoices could not be refreshed: “Customer owes” flags are as of {at}. {e}"),
    date_unread: |d| format!("“{d}” in the address is not a date: showing today."),
    late_pickup: "Late pickup",
    ends_today: "Stay ends today",
    vaccinations_not_on_record: "Vaccinations not on record",
    double_booked: "Double-booked",
    open_booking: |id| format!("Open booking {id}"),
    wall_stale: "Stale: the service is not answering. This is the last board loaded.",
    wall_page: |page, pages| format!("Page {page} of {pages}"),
    wall_pause: "Pause paging",
    wall_resume: "Resume paging",

    search_bookings: "Search bookings",
    search_bookings_placeholder: "Search name, breed, customer…",
    any: "Any",
    clear_filters: "Clear filters",
    export_csv: "Export CSV",
    csv: CsvStyle::COMMA,
    bookings_count: |n| match n {
        1 => "1 booking".into(),
        n => format!("{} bookings", grouped(n)),
    },
    bookings_count_of: |shown, total| {
        format!("{} of {} bookings", grouped(shown), grouped(total))
    },
    no_bookings: "There are no bookings.",
    no_bookings_match: "No bookings match this search and filter.",
    names_loaded: |loaded, total| {
        format!("names: {} of {} loaded", grouped(loaded), grouped(total))
    },
    names_failed: |n| format!("{} could not be loaded", grouped(n)),
    // Once every name is in, the failures stand alone beside the count of bookings, where
    // "2 could not be loaded" read as two bookings: "names" in the words themselves.
    names_failed_alone: |n| match n {
        1 => "1 name could not be loaded".into(),
        n => format!("{} names could not be loaded", grouped(n)),
    },
    names_missing: |n| match n {
        1 => "1 name is not known yet: results by name may be incomplete".into(),
        n => format!(
            "{} names are not known yet: results by name may be incomplete",
            grouped(n)
        ),
    },
    bookings_file: "bookings",
    bookings_csv_header: [
        "Booking", "From", "To", "Time", "Status", "Animal", "Customer", "Location", "Care",
    ],

    no_invoices_for_booking: "No invoices for this booking.",
    nothing_open: "Nothing open.",
    open_balance_is: |amounts| format!("Open balance: {amounts}"),
    no_other_stays: "No other stays for this animal.",
    the_animal: "The animal",
    booking_names_no_animal: "This booking names no animal.",
    other_stays: "Other stays of this animal",

    filter_by_status: "Filter invoices by status",
    search_invoices: "Search number, customer, booking, animal",
    sort: "Sort",
    sorts: [
        "Newest first",
        "Oldest first",
        "Number ascending",
        "Number descending",
        "Amount, smallest first (per currency)",
        "Amount, largest first (per currency)",
        "Status",
        "Status, reversed",
    ],
    invoices_count: |n| match n {
        1 => "1 invoice".into(),
        n => format!("{} invoices", grouped(n)),
    },
    invoices_count_of: |shown, total| {
        format!("{} of {} invoices", grouped(shown), grouped(total))
    },
    no_invoices: "There are no invoices.",
    no_invoices_match: "No invoices match this filter.",
    no_invoices_match_yet: "No invoices match this search yet: animal names are still loading, and matches by name may still come.",
    totals_shown: "Totals of the invoices shown",
    total: "Total",
    no_currency: "(no currency)",
    left_out: |n| format!("{n} without a usable amount, not counted"),
    invoices_file: "invoices",
    invoices_csv_header: [
        "Number", "Date", "Amount", "Currency", "Status", "Customer", "Booking",
    ],
    booking_unavailable: "unavailable (the booking could not be loaded)",
    balance_not_known: "not known until the invoices are in",
    booking_not_known: "unknown (the kennel service has no such booking)",

    no_records_for_customer: |id| format!("No bookings or invoices for customer {id}."),
    no_animals_named: "No animals named in these bookings.",
    no_invoices_for_customer: "No invoices for this customer.",
    open_balance: "Open balance",
    no_stay_today: "No stay today.",
    no_upcoming_stays: "No upcoming stays.",
    no_past_stays: "No past stays.",

    invoices_wait_for_stays: "Invoices cannot be matched until the stays load.",
    no_invoices_for_animal: "No invoices for this animal's stays.",
    no_vaccinations: "No vaccinations on record.",
    as_written: "As written",
    no_stays: "No stays for this animal.",
    without_dates: "Without dates",
    stays_reversed: "Ends before it starts",
    stays_reversed_note: "The end date is before the start date, so no day's board shows these \
                          stays: check their dates.",
    booking_reversed_note: "The end date is before the start date, so no day's board shows this \
                            stay: check its dates.",
    repeated_booking_id: |id, n| {
        format!("{n} bookings share the id {id}: the first of them is taken, as its own page shows it.")
    },
    not_here_now: "Not here now.",
    nothing_ahead: "Nothing booked ahead.",
    no_earlier_stays: "No earlier stays.",
    open_amounts: |amounts| format!("Open: {amounts}"),
    open_left_out: |n| match n {
        1 => " (1 open invoice without a readable amount not included)".into(),
        n => format!(" ({n} open invoices without a readable amount not included)"),
    },
    vacc_valid: "Valid",
    vacc_not_checked: "Not checked",
    vacc_expires_soon: "Expires soon",
    vacc_expired: "Expired",
    vacc_none: "No vaccinations on record",
    vacc_badge_valid: "Vaccinations valid",
    vacc_badge_not_checked: "Vaccinations not checked",
    vacc_badge_expires_soon: "Vaccination expires soon",
    vacc_badge_expired: "Vaccination expired",
    vacc_badge_runs_out: "Vaccination runs out before the stay ends",
    vacc_days: |days| match days {
        None => "not checked".into(),
        Some(0) => "expires today".into(),
        Some(1) => "1 day left".into(),
        Some(-1) => "1 day overdue".into(),
        Some(d) if d > 0 => format!("{d} days left"),
        Some(d) => format!("{} days overdue", d.unsigned_abs()),
    },
    vacc_note_not_a_date: "the date in it is not a calendar date",
    vacc_note_given_only: "only the date it was given, no expiry",
    vacc_note_renewed: "renewed: a later entry for this vaccine is on record",
};

/// A time-out's length in whole seconds (the `timeout-ms` setting may make it 1).
fn seconds(n: u32) -> String {
    match n {
        1 => "1 second".into(),
        n => format!("{n} seconds"),
    }
}

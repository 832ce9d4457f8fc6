//! Statuses. The spec names the states but not their spellings, so known spellings are
//! matched loosely (case, spaces, `_` and `-` ignored) and anything else is kept as written.

/// Folds a raw status to lower-case letters and digits only: "In House", "in_house",
/// "IN-HOUSE" agree. Into a buffer on the stack, not a new `String`: decoding folds every
/// booking's status, and at 10 000 bookings the allocations took about 5 ms of the list's
/// decode (README, Performance). A status longer than the buffer is none of the known
/// spellings (the longest has 14 letters), so it folds to "", which matches none of them.
fn key<'b>(raw: &str, buf: &'b mut [u8; 24]) -> &'b str {
    let mut len = 0;
    for b in raw.bytes().filter(u8::is_ascii_alphanumeric) {
        let Some(slot) = buf.get_mut(len) else {
            return "";
        };
        *slot = b.to_ascii_lowercase();
        len += 1;
    }
    // Only ASCII letters and digits were written: valid UTF-8.
    std::str::from_utf8(&buf[..len]).unwrap_or("")
}

/// Where a booking stands today.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum BookingStatus {
    ArrivingToday,
    InHouse,
    Pickup,
    /// A status that says the stay is over or never happens (`checked_out`, `cancelled`),
    /// shown in the screen's words; the text as sent is kept for search. Read once, when the
    /// list is decoded: the board, the animal page and the default order all ask it.
    Ended(Ending, String),
    /// A status the app does not know, shown exactly as the service wrote it.
    Other(String),
    /// The service sent no status.
    Missing,
}

/// How a stay ended, by its status ([`BookingStatus::ending`]). The spec names no such
/// status, but services send them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ending {
    /// Checked out, departed: on the board of the days it was in the house, not today's.
    Left,
    /// Cancelled: the stay never happens, so it is on no day's board.
    Cancelled,
    /// The animal never came: on no day's board either.
    NoShow,
}

impl Ending {
    /// Whether the stay never happened: on no day's board.
    pub fn called_off(self) -> bool {
        matches!(self, Ending::Cancelled | Ending::NoShow)
    }
}

impl From<Option<String>> for BookingStatus {
    fn from(raw: Option<String>) -> Self {
        let Some(raw) = raw.filter(|r| !r.trim().is_empty()) else {
            return BookingStatus::Missing;
        };
        match key(&raw, &mut [0; 24]) {
            "arrivingtoday" | "arriving" | "arrival" | "arrivaltoday" | "arrives"
            | "arrivestoday" | "expected" | "expectedtoday" => BookingStatus::ArrivingToday,
            "inhouse" | "inthehouse" | "checkedin" | "staying" => BookingStatus::InHouse,
            "pickup" | "pickuptoday" | "goinghome" | "departing" | "departingtoday" => {
                BookingStatus::Pickup
            }
            "checkedout" | "departed" => BookingStatus::Ended(Ending::Left, raw),
            "cancelled" | "canceled" => BookingStatus::Ended(Ending::Cancelled, raw),
            "noshow" => BookingStatus::Ended(Ending::NoShow, raw),
            _ => BookingStatus::Other(raw),
        }
    }
}

impl BookingStatus {
    /// Stable class suffix for styling and the status filter. Ended stays have their own key:
    /// under "other" they buried the one `confirmed` stay a filter for unknown statuses is
    /// for among years of checked-out ones.
    pub fn css(&self) -> &'static str {
        match self {
            BookingStatus::ArrivingToday => "arriving",
            BookingStatus::InHouse => "in-house",
            BookingStatus::Pickup => "pickup",
            BookingStatus::Ended(..) => "ended",
            BookingStatus::Other(_) => "other",
            BookingStatus::Missing => "missing",
        }
    }

    /// The status as the service wrote it, when the app has no word of its own for it or
    /// names only how the stay ended (search finds `checked_out` as well as "Checked out").
    pub fn as_written(&self) -> Option<&str> {
        match self {
            BookingStatus::Ended(_, raw) | BookingStatus::Other(raw) => Some(raw),
            _ => None,
        }
    }

    /// [`BookingStatus::as_written`], and the spec's spelling of a status the app knows
    /// (`in_house`), for search: `in_house` found nothing while `checked_out` was found.
    pub fn as_sent(&self) -> Option<&str> {
        match self {
            BookingStatus::ArrivingToday => Some("arriving_today"),
            BookingStatus::InHouse => Some("in_house"),
            BookingStatus::Pickup => Some("pickup"),
            _ => self.as_written(),
        }
    }

    /// How the service says the stay ended, if it does.
    pub fn ending(&self) -> Option<Ending> {
        match self {
            BookingStatus::Ended(how, _) => Some(*how),
            _ => None,
        }
    }

    /// Whether the service says the stay is over or will not happen: a stay so marked is no
    /// longer where the dates put it: it is not on today's board
    /// ([`lane`](super::board::lane)), nor "now" on an animal's page.
    pub fn is_over(&self) -> bool {
        self.ending().is_some()
    }

    /// The default list order: today's work first (arrivals, then the house, then pickups),
    /// then what the app cannot place (upcoming stays, unknown statuses, none), and stays
    /// that are over last: in a list of every stay ever booked they are most of it, and a
    /// stay checked out two years ago is no one's work today.
    pub fn rank(&self) -> u8 {
        match self {
            BookingStatus::ArrivingToday => 0,
            BookingStatus::InHouse => 1,
            BookingStatus::Pickup => 2,
            BookingStatus::Other(_) => 3,
            BookingStatus::Missing => 4,
            BookingStatus::Ended(..) => 5,
        }
    }
}

/// Whether an invoice is settled.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum InvoiceStatus {
    Open,
    Paid,
    /// Kept and shown as written (`overdue`, `void`); see [`InvoiceStatus::is_owed`] for
    /// which of them count as money owed.
    Other(String),
    Missing,
}

impl From<Option<String>> for InvoiceStatus {
    fn from(raw: Option<String>) -> Self {
        let Some(raw) = raw.filter(|r| !r.trim().is_empty()) else {
            return InvoiceStatus::Missing;
        };
        match key(&raw, &mut [0; 24]) {
            "open" | "unpaid" | "due" | "outstanding" => InvoiceStatus::Open,
            "paid" | "settled" => InvoiceStatus::Paid,
            _ => InvoiceStatus::Other(raw),
        }
    }
}

impl InvoiceStatus {
    /// Whether the invoice's amount is still owed: open, or a status that says it is open
    /// and late (`overdue`, `past_due`, shown as written). The spec's status "indicates that
    /// the invoice is open until it is paid", and an overdue invoice left out of the open sums
    /// hid the most urgent money from the desk (a review: a customer shown owing EUR 321.10 of
    /// 395.20). Any other unknown status (a `void`, a `cancelled`) counts as nothing owed:
    /// guessing there would move money the other way.
    pub fn is_owed(&self) -> bool {
        match self {
            InvoiceStatus::Open => true,
            InvoiceStatus::Other(raw) => matches!(key(raw, &mut [0; 24]), "overdue" | "pastdue"),
            InvoiceStatus::Paid | InvoiceStatus::Missing => false,
        }
    }

    pub fn css(&self) -> &'static str {
        match self {
            InvoiceStatus::Open => "open",
            InvoiceStatus::Paid => "paid",
            InvoiceStatus::Other(_) => "other",
            InvoiceStatus::Missing => "missing",
        }
    }
}

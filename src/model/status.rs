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
    /// A status the app does not know, shown exactly as the service wrote it.
    Other(String),
    /// The service sent no status.
    Missing,
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
            _ => BookingStatus::Other(raw),
        }
    }
}

impl BookingStatus {
    /// Stable class suffix for styling; unknown statuses share one neutral look.
    pub fn css(&self) -> &'static str {
        match self {
            BookingStatus::ArrivingToday => "arriving",
            BookingStatus::InHouse => "in-house",
            BookingStatus::Pickup => "pickup",
            BookingStatus::Other(_) => "other",
            BookingStatus::Missing => "missing",
        }
    }

    /// Whether the service says the stay is over or will not happen: checked out,
    /// departed, cancelled, a no-show. The spec names no such status, but services send them
    /// (`checked_out`), and a stay so marked is no longer where the dates put it: it is not on
    /// today's board ([`lane`](super::board::lane)), nor "now" on an animal's page.
    pub fn is_over(&self) -> bool {
        match self {
            BookingStatus::Other(raw) => matches!(
                key(raw, &mut [0; 24]),
                "checkedout" | "departed" | "cancelled" | "canceled" | "noshow"
            ),
            _ => false,
        }
    }

    /// Whether the stay never happens (cancelled, a no-show): on no day's board, where one
    /// checked out stays on the days it was in the house.
    pub fn is_called_off(&self) -> bool {
        match self {
            BookingStatus::Other(raw) => {
                matches!(key(raw, &mut [0; 24]), "cancelled" | "canceled" | "noshow")
            }
            _ => false,
        }
    }

    /// The default list order: today's work first (arrivals, then the house, then pickups).
    pub fn rank(&self) -> u8 {
        match self {
            BookingStatus::ArrivingToday => 0,
            BookingStatus::InHouse => 1,
            BookingStatus::Pickup => 2,
            BookingStatus::Other(_) => 3,
            BookingStatus::Missing => 4,
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

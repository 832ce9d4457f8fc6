//! Statuses. The spec names the states but not their spellings, so known spellings are
//! matched loosely (case, spaces, `_` and `-` ignored) and anything else is kept as written.

/// Folds a raw status to letters and digits only: "In House", "in_house", "IN-HOUSE" agree.
fn key(raw: &str) -> String {
    raw.chars()
        .filter(char::is_ascii_alphanumeric)
        .map(|c| c.to_ascii_lowercase())
        .collect()
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
        match key(&raw).as_str() {
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
    /// Kept as written: e.g. "overdue" may well mean open, but the spec does not say so, and
    /// guessing would move money between totals.
    Other(String),
    Missing,
}

impl From<Option<String>> for InvoiceStatus {
    fn from(raw: Option<String>) -> Self {
        let Some(raw) = raw.filter(|r| !r.trim().is_empty()) else {
            return InvoiceStatus::Missing;
        };
        match key(&raw).as_str() {
            "open" | "unpaid" | "due" | "outstanding" => InvoiceStatus::Open,
            "paid" | "settled" => InvoiceStatus::Paid,
            _ => InvoiceStatus::Other(raw),
        }
    }
}

impl InvoiceStatus {
    pub fn css(&self) -> &'static str {
        match self {
            InvoiceStatus::Open => "open",
            InvoiceStatus::Paid => "paid",
            InvoiceStatus::Other(_) => "other",
            InvoiceStatus::Missing => "missing",
        }
    }
}

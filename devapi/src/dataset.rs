//! The records a server serves, and the `--data` fixture format.

use std::path::Path;

use chrono::NaiveDate;
use serde_json::Value;

use crate::records::Records;

/// The records behind `/api`, kept as raw JSON so fixtures can hold nulls, missing
/// fields, unknown statuses and malformed records, and the server returns them
/// exactly as stored.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Dataset {
    /// Booking records, served by `/api/bookings` in this order.
    pub bookings: Vec<Value>,
    /// Invoice records, served by `/api/invoices` in this order.
    pub invoices: Vec<Value>,
    /// Animal records, served one at a time by `/api/animals/{id}`.
    pub animals: Vec<Value>,
}

impl Dataset {
    /// Realistic demo data whose dates are relative to `today`; identical output for
    /// the same `today`.
    pub fn demo(today: NaiveDate) -> Dataset {
        crate::demo::build(today).into()
    }

    /// `n` bookings, one invoice per booking and about `n / 5` animals, dated around
    /// `today`, for scale tests; identical output for the same `n` and `today`.
    pub fn generate(n: usize, today: NaiveDate) -> Dataset {
        crate::generate::build(n, today).into()
    }

    /// Parses the `--data` format: one object
    /// `{"bookings": [...], "invoices": [...], "animals": [...]}`.
    ///
    /// Every key is optional (missing or `null` means empty). Keys starting with `_`
    /// are ignored so fixtures can carry comments; any other unknown key is an error,
    /// because a typo like `"booking"` would otherwise silently serve nothing.
    pub fn from_json(text: &str) -> Result<Dataset, String> {
        let root: Value = serde_json::from_str(text).map_err(|e| format!("invalid JSON: {e}"))?;
        let Value::Object(mut root) = root else {
            return Err(format!(
                "expected a JSON object with \"bookings\", \"invoices\" and \"animals\" arrays, found {}",
                kind_of(&root)
            ));
        };
        let mut take = |key: &str| match root.remove(key) {
            None | Some(Value::Null) => Ok(Vec::new()),
            Some(Value::Array(records)) => Ok(records),
            Some(other) => Err(format!(
                "\"{key}\" must be an array, found {}",
                kind_of(&other)
            )),
        };
        let dataset = Dataset {
            bookings: take("bookings")?,
            invoices: take("invoices")?,
            animals: take("animals")?,
        };
        if let Some(unknown) = root.keys().find(|k| !k.starts_with('_')) {
            return Err(format!(
                "unknown key \"{unknown}\" (expected \"bookings\", \"invoices\", \"animals\"; prefix comments with \"_\")"
            ));
        }
        Ok(dataset)
    }

    /// Reads and parses a `--data` fixture file; errors name the file.
    pub fn load(path: &Path) -> Result<Dataset, String> {
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        Dataset::from_json(&text).map_err(|e| format!("{}: {e}", path.display()))
    }
}

impl From<Records> for Dataset {
    fn from(records: Records) -> Dataset {
        let Records {
            bookings,
            invoices,
            animals,
        } = records;
        Dataset {
            bookings,
            invoices,
            animals,
        }
    }
}

fn kind_of(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn from_json_keeps_records_raw_and_keys_optional() {
        let data = Dataset::from_json(
            r#"{"_note": "x", "bookings": [{"id": "b-1", "status": null}, 42, "junk"], "animals": null}"#,
        )
        .unwrap();
        assert_eq!(
            data.bookings,
            vec![
                json!({"id": "b-1", "status": null}),
                json!(42),
                json!("junk")
            ]
        );
        assert!(data.invoices.is_empty());
        assert!(data.animals.is_empty());
        assert_eq!(Dataset::from_json("{}").unwrap(), Dataset::default());
    }

    #[test]
    fn from_json_rejects_wrong_shapes() {
        assert!(Dataset::from_json("[]")
            .unwrap_err()
            .contains("found an array"));
        assert!(Dataset::from_json(r#"{"bookings": {}}"#)
            .unwrap_err()
            .contains("\"bookings\" must be an array"));
        assert!(Dataset::from_json(r#"{"booking": []}"#)
            .unwrap_err()
            .contains("unknown key \"booking\""));
        assert!(Dataset::from_json("{")
            .unwrap_err()
            .starts_with("invalid JSON"));
    }

    #[test]
    fn load_names_the_file() {
        let err = Dataset::load(Path::new("/nonexistent/devapi-fixture.json")).unwrap_err();
        assert!(err.contains("/nonexistent/devapi-fixture.json"), "{err}");
    }
}

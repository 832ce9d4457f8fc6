//! Lenient decoding. The spec leaves open which fields may be missing or null and what a list
//! may contain, so every field but `id` is optional and a list decodes record by record: one
//! malformed record is reported, never allowed to blank the whole list.

use serde::de::{DeserializeOwned, Error as _};
use serde::{Deserialize, Deserializer};
use serde_json::Value;
use std::fmt;

/// A list response: the records that decoded, and the ones that did not.
#[derive(Clone, Debug, PartialEq)]
pub struct List<T> {
    pub items: Vec<T>,
    pub rejected: Vec<Rejected>,
}

/// A record of a list that could not be read, named so staff can report it.
#[derive(Clone, Debug, PartialEq)]
pub struct Rejected {
    /// Position in the list the service sent, counted from 1 as people count.
    pub position: usize,
    /// The record's `id`, when it had a readable one.
    pub id: Option<String>,
    pub reason: String,
}

impl fmt::Display for Rejected {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.id {
            Some(id) => write!(f, "record {} (id {id}): {}", self.position, self.reason),
            None => write!(f, "record {}: {}", self.position, self.reason),
        }
    }
}

/// A response body that could not be read at all.
#[derive(Clone, Debug, PartialEq)]
pub struct DecodeError {
    /// What was expected, e.g. "the list of bookings".
    pub what: String,
    /// Where and why it failed, e.g. "line 1, column 18: expected value".
    pub detail: String,
}

impl fmt::Display for DecodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} could not be read: {}", self.what, self.detail)
    }
}

fn syntax_error(what: &str, e: &serde_json::Error) -> DecodeError {
    DecodeError {
        what: what.to_string(),
        detail: format!(
            "line {}, column {}: {}",
            e.line(),
            e.column(),
            strip_position(e)
        ),
    }
}

// serde_json appends " at line L column C" to its messages; we report the position ourselves.
fn strip_position(e: &serde_json::Error) -> String {
    let msg = e.to_string();
    match msg.rfind(" at line ") {
        Some(i) => msg[..i].to_string(),
        None => msg,
    }
}

fn kind_of(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "true/false",
        Value::Number(_) => "a number",
        Value::String(_) => "text",
        Value::Array(_) => "a list",
        Value::Object(_) => "an object",
    }
}

/// Decodes a list body (a bare JSON array, as the spec says) record by record.
pub fn decode_list<T: DeserializeOwned>(body: &str, what: &str) -> Result<List<T>, DecodeError> {
    let value: Value = serde_json::from_str(body).map_err(|e| syntax_error(what, &e))?;
    let Value::Array(records) = value else {
        return Err(DecodeError {
            what: what.to_string(),
            detail: format!("expected a list, found {}", kind_of(&value)),
        });
    };
    let mut items = Vec::with_capacity(records.len());
    let mut rejected = Vec::new();
    for (i, record) in records.into_iter().enumerate() {
        let id = record_id(&record);
        match T::deserialize(record) {
            Ok(item) => items.push(item),
            Err(e) => rejected.push(Rejected {
                position: i + 1,
                id,
                reason: e.to_string(),
            }),
        }
    }
    Ok(List { items, rejected })
}

/// Decodes a single-record body.
pub fn decode_one<T: DeserializeOwned>(body: &str, what: &str) -> Result<T, DecodeError> {
    let value: Value = serde_json::from_str(body).map_err(|e| syntax_error(what, &e))?;
    T::deserialize(value).map_err(|e| DecodeError {
        what: what.to_string(),
        detail: e.to_string(),
    })
}

fn record_id(record: &Value) -> Option<String> {
    match record.get("id")? {
        Value::String(s) if !s.trim().is_empty() => Some(s.clone()),
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    }
}

/// Reads a field as text when it is text, a number or true/false; missing, null or blank
/// text becomes `None` (shown as a dash). An object or a list is no text: that fails the
/// record, which is then reported as malformed rather than shown wrongly.
pub fn opt_text<'de, D: Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
    match Option::<Value>::deserialize(d)? {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) => Ok(non_blank(s)),
        Some(Value::Number(n)) => Ok(Some(n.to_string())),
        Some(Value::Bool(b)) => Ok(Some(b.to_string())),
        Some(other) => Err(D::Error::custom(format!(
            "expected text, found {}",
            kind_of(&other)
        ))),
    }
}

fn non_blank(s: String) -> Option<String> {
    if s.trim().is_empty() {
        None
    } else {
        Some(s)
    }
}

/// The one field a record cannot do without: without an id it cannot be linked or found.
pub fn require_id(id: Option<String>) -> Result<String, String> {
    id.ok_or_else(|| "it has no id".to_string())
}

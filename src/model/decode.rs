//! Lenient decoding. The spec leaves open which fields may be missing or null and what a list
//! may contain, so every field but `id` is optional and a list decodes record by record: one
//! malformed record is reported, never allowed to blank the whole list.

use serde::de::{
    DeserializeOwned, DeserializeSeed, Error as _, IgnoredAny, MapAccess, SeqAccess, Visitor,
};
use serde::Deserializer;
use serde_json::value::RawValue;
use std::fmt;

/// A list response: the records that decoded, and the ones that did not.
#[derive(Clone, Debug, PartialEq)]
pub struct List<T> {
    pub items: Vec<T>,
    pub rejected: Vec<Rejected>,
}

/// No records: what a list page shows under its controls before the first answer.
impl<T> Default for List<T> {
    fn default() -> Self {
        List {
            items: Vec::new(),
            rejected: Vec::new(),
        }
    }
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
    let detail = if e.is_eof() {
        // A connection cut mid-answer, or a proxy's size limit: the JSON just stops.
        "the answer was cut off before its end".to_string()
    } else {
        format!(
            "it is not valid JSON (line {}, column {}: {})",
            e.line(),
            e.column(),
            strip_position(e)
        )
    };
    DecodeError {
        what: what.to_string(),
        detail,
    }
}

/// The bodies that are valid (or nearly valid) and still carry nothing, named as such rather
/// than as a parser's "EOF while parsing a value".
fn empty_answer(body: &str, what: &str, expected: &str) -> Option<DecodeError> {
    let detail = match body.trim() {
        "" => "the answer was empty".to_string(),
        "null" => format!("expected {expected}, found null (no data)"),
        _ => return None,
    };
    Some(DecodeError {
        what: what.to_string(),
        detail,
    })
}

// serde_json appends " at line L column C" to its messages; we report the position ourselves.
fn strip_position(e: &serde_json::Error) -> String {
    let msg = e.to_string();
    match msg.rfind(" at line ") {
        Some(i) => msg[..i].to_string(),
        None => msg,
    }
}

/// A JSON value read only as far as error messages need: its kind, its text or number, and
/// an object's fields. Used where `serde_json::Value` was: parsed the same way (and failing
/// on the same input), without `Value`'s B-tree map and its reader in the wasm.
pub enum Shallow {
    Null,
    Bool,
    /// The number's text as sent (`1.50` stays `1.50`): see [`NUMBER_KEY`].
    Number(String),
    Text(String),
    List,
    /// Fields in the order sent; [`Shallow::field`] takes the last of a repeated name.
    Object(Vec<(String, Shallow)>),
}

impl Shallow {
    /// Parses `text` (the whole of it, like `serde_json::from_str::<Value>`).
    pub fn parse(text: &str) -> Result<Shallow, serde_json::Error> {
        serde_json::from_str(text)
    }

    /// An object's field `name`; `None` for a missing field or a value that is no object.
    pub fn field(&self, name: &str) -> Option<&Shallow> {
        match self {
            Shallow::Object(fields) => fields.iter().rev().find(|(k, _)| k == name).map(|f| &f.1),
            _ => None,
        }
    }

    pub fn as_text(&self) -> Option<&str> {
        match self {
            Shallow::Text(s) => Some(s),
            _ => None,
        }
    }
}

impl<'de> serde::Deserialize<'de> for Shallow {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Shallow, D::Error> {
        d.deserialize_any(ShallowVisitor)
    }
}

struct ShallowVisitor;

impl<'de> Visitor<'de> for ShallowVisitor {
    type Value = Shallow;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("any valid JSON value")
    }

    fn visit_bool<E: serde::de::Error>(self, _: bool) -> Result<Shallow, E> {
        Ok(Shallow::Bool)
    }

    fn visit_i64<E: serde::de::Error>(self, v: i64) -> Result<Shallow, E> {
        Ok(Shallow::Number(v.to_string()))
    }

    fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<Shallow, E> {
        Ok(Shallow::Number(v.to_string()))
    }

    fn visit_f64<E: serde::de::Error>(self, _: f64) -> Result<Shallow, E> {
        Err(no_floats())
    }

    fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<Shallow, E> {
        Ok(Shallow::Text(v.to_string()))
    }

    fn visit_string<E: serde::de::Error>(self, v: String) -> Result<Shallow, E> {
        Ok(Shallow::Text(v))
    }

    fn visit_none<E: serde::de::Error>(self) -> Result<Shallow, E> {
        Ok(Shallow::Null)
    }

    fn visit_unit<E: serde::de::Error>(self) -> Result<Shallow, E> {
        Ok(Shallow::Null)
    }

    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Shallow, D::Error> {
        serde::Deserialize::deserialize(d)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Shallow, A::Error> {
        while seq.next_element::<Shallow>()?.is_some() {}
        Ok(Shallow::List)
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Shallow, A::Error> {
        let mut fields = Vec::new();
        while let Some(key) = map.next_key::<String>()? {
            if fields.is_empty() && key == NUMBER_KEY {
                return Ok(Shallow::Number(map.next_value()?));
            }
            fields.push((key, map.next_value()?));
        }
        Ok(Shallow::Object(fields))
    }
}

/// serde_json is built with `arbitrary_precision` (Cargo.toml), so it parses no number into an
/// `f64`: `deserialize_any` hands a number that is not a 64-bit integer to its visitor as a
/// map of one entry under this key, whose value is the number's text as sent (its digits as
/// they came; an exponent written with its sign, `1E3` as `1e+3`). The key
/// is private to serde_json (its `number::TOKEN`); `tests/model.rs`
/// (`numbers_in_text_fields_read_as_sent`) fails if it ever changes. An object whose first
/// key is this very string reads as a number, as it does for serde_json's own `Value`.
const NUMBER_KEY: &str = "$serde_json::private::Number";

/// What the visitors here say to an `f64`, which serde_json never hands them (see
/// [`NUMBER_KEY`]). Not serde's default `visit_f64`, which builds a message naming the value
/// for each visitor: 367 B more brotli of wasm, measured.
fn no_floats<E: serde::de::Error>() -> E {
    E::custom("a number read as floating point, not as its text")
}

fn kind_of(v: &Shallow) -> &'static str {
    match v {
        Shallow::Null => "null",
        Shallow::Bool => "true/false",
        Shallow::Number(_) => "a number",
        Shallow::Text(_) => "text",
        Shallow::List => "a list",
        Shallow::Object(_) => "an object",
    }
}

/// Decodes a list body (a bare JSON array, as the spec says) record by record.
///
/// The array is first split into raw records (cheap: no values are built), then each record is
/// decoded straight into `T`. A record that fails is parsed once more, only to name it.
/// Generic only where it must be: splitting and naming failures are compiled once, not per
/// record type.
///
/// `T` must read only from a JSON object (as every record type here does, through
/// [`read_fields`]): the one-pass fast path relies on it to refuse a list of values where a
/// record belongs, as the two-pass path does. A list with a bad record costs a third pass.
pub fn decode_list<T: DeserializeOwned>(body: &str, what: &str) -> Result<List<T>, DecodeError> {
    // The usual case first, in one pass: every record reads. The split below reads the body
    // twice (once to find the records, once to read each), about 40 % more time at 10 000
    // bookings. Any failure, of the body or of one record, falls back to the two passes,
    // which keep the good records and name the bad. Only objects are records here as there:
    // each record type reads through `read_fields`, which accepts nothing but an object.
    if let Ok(items) = records_in_one_pass::<T>(body) {
        return Ok(List {
            items,
            rejected: Vec::new(),
        });
    }
    let records = split_list(body, what)?;
    let mut items = Vec::with_capacity(records.len());
    let mut rejected = Vec::new();
    for (i, record) in records.into_iter().enumerate() {
        // As in `decode_one`: only an object is a record, never a list of values.
        let parsed = if record.get().starts_with('{') {
            serde_json::from_str::<T>(record.get())
        } else {
            Err(not_a_record(record))
        };
        match parsed {
            Ok(item) => items.push(item),
            Err(e) => rejected.push(rejection(i, record, &e)),
        }
    }
    Ok(List { items, rejected })
}

/// Every record of a list body, or the first failure. serde's own `Vec` reader starts empty
/// and doubles, copying the records each time (JSON says nothing of a list's length): at
/// 10 000 bookings that growth took about 12 ms of the decode (README, Performance). The
/// capacity here is a guess from the body's length, one record per [`BYTES_PER_RECORD`];
/// a guess too high is given back at the end, one too low grows as before.
fn records_in_one_pass<T: DeserializeOwned>(body: &str) -> Result<Vec<T>, serde_json::Error> {
    let mut de = serde_json::Deserializer::from_str(body);
    let mut items =
        Records(body.len() / BYTES_PER_RECORD, std::marker::PhantomData).deserialize(&mut de)?;
    de.end()?;
    items.shrink_to_fit();
    Ok(items)
}

/// Bytes of JSON per record, a little under what a booking or an invoice takes with its
/// usual fields filled (devapi's demo bookings take about 190).
const BYTES_PER_RECORD: usize = 160;

/// A JSON list read into a `Vec` of the given starting capacity.
struct Records<T>(usize, std::marker::PhantomData<T>);

impl<'de, T: serde::Deserialize<'de>> DeserializeSeed<'de> for Records<T> {
    type Value = Vec<T>;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Vec<T>, D::Error> {
        d.deserialize_seq(self)
    }
}

impl<'de, T: serde::Deserialize<'de>> Visitor<'de> for Records<T> {
    type Value = Vec<T>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a list")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<T>, A::Error> {
        let mut items = Vec::with_capacity(self.0);
        while let Some(item) = seq.next_element()? {
            items.push(item);
        }
        Ok(items)
    }
}

/// The raw records of a list body.
fn split_list<'a>(body: &'a str, what: &str) -> Result<Vec<&'a RawValue>, DecodeError> {
    if let Some(e) = empty_answer(body, what, "a list") {
        return Err(e);
    }
    match serde_json::from_str(body) {
        Ok(records) => Ok(records),
        // Well-formed JSON that is not an array: say what it is instead.
        Err(e) if e.is_data() => {
            let found = Shallow::parse(body)
                .map(|v| kind_of(&v))
                .unwrap_or("something else");
            Err(DecodeError {
                what: what.to_string(),
                detail: format!("expected a list, found {found}"),
            })
        }
        Err(e) => Err(syntax_error(what, &e)),
    }
}

fn not_a_record(record: &RawValue) -> serde_json::Error {
    serde_json::Error::custom(format!(
        "expected a record, found {}",
        Shallow::parse(record.get())
            .map(|v| kind_of(&v))
            .unwrap_or("something else")
    ))
}

/// The record at index `i` that failed with `e`, named by its position and id.
fn rejection(i: usize, record: &RawValue, e: &serde_json::Error) -> Rejected {
    Rejected {
        position: i + 1,
        id: Shallow::parse(record.get())
            .ok()
            .as_ref()
            .and_then(record_id),
        reason: strip_position(e),
    }
}

/// Decodes a single-record body.
pub fn decode_one<T: DeserializeOwned>(body: &str, what: &str) -> Result<T, DecodeError> {
    check_one(body, what)?;
    serde_json::from_str(body).map_err(|e| one_error(body, what, &e))
}

/// Refuses what cannot be a record before it is parsed as one.
fn check_one(body: &str, what: &str) -> Result<(), DecodeError> {
    if let Some(e) = empty_answer(body, what, "a record") {
        return Err(e);
    }
    // serde's derived structs also accept a list of field values (`["a-1", "Bella"]`): a list
    // where a record belongs must be refused before it is read as one. One that is not even
    // valid JSON is named as such: "found a list" sent whoever debugs the service the wrong way.
    if body.trim_start().starts_with('[') {
        if let Err(e) = Shallow::parse(body) {
            return Err(syntax_error(what, &e));
        }
        return Err(DecodeError {
            what: what.to_string(),
            detail: "expected a record, found a list".to_string(),
        });
    }
    Ok(())
}

fn one_error(body: &str, what: &str, e: &serde_json::Error) -> DecodeError {
    if e.is_data() {
        // Name what came instead of a record before the parser's words about a field.
        let found = Shallow::parse(body).map(|v| kind_of(&v));
        let detail = match found {
            Ok(kind) if kind != "an object" => format!("expected a record, found {kind}"),
            _ => format!(
                "a field is missing or of the wrong kind ({})",
                strip_position(e)
            ),
        };
        DecodeError {
            what: what.to_string(),
            detail,
        }
    } else {
        syntax_error(what, e)
    }
}

fn record_id(record: &Shallow) -> Option<String> {
    match record.field("id")? {
        Shallow::Text(s) if !s.trim().is_empty() => Some(s.clone()),
        Shallow::Number(n) => Some(n.clone()),
        _ => None,
    }
}

/// Reads field `name` as text when it is text, a number or true/false; missing, null or
/// blank text becomes `None` (shown as a dash). In a free-text field ([`LIST_TEXT`]) a list
/// of those reads as its texts joined by "; " (vaccinations sent as a list: failing the
/// record lost the animal's name and owner for one field; the vaccination reader splits at
/// "; " again). An object, a list anywhere else (an id of two ids would link nowhere, a
/// currency of two would make up a total), or a list holding lists or objects, is no text:
/// that fails the record, which is then reported as malformed, the field named, rather than
/// shown wrongly.
pub fn opt_text<'de, D: Deserializer<'de>>(
    d: D,
    name: &'static str,
) -> Result<Option<String>, D::Error> {
    d.deserialize_any(TextVisitor::field(name))
}

/// The free-text fields, whose text staff read as written: a list there reads as its texts
/// joined ([`opt_text`]).
const LIST_TEXT: &[&str] = &["vaccinations", "care"];

/// Reads scalars without building a `serde_json::Value` per field (the hot path of a list).
struct TextVisitor {
    /// The field's wire name, for the error.
    name: &'static str,
    /// Reading an item of a list, or a field that is no free text: a list is no text here.
    refuse_list: bool,
}

impl TextVisitor {
    /// The reader of field `name`: a list is text only in the free-text fields.
    fn field(name: &'static str) -> TextVisitor {
        TextVisitor {
            name,
            refuse_list: !LIST_TEXT.contains(&name),
        }
    }

    fn not_text<E: serde::de::Error>(&self, found: &str) -> E {
        E::custom(format_args!("{}: expected text, found {found}", self.name))
    }
}

impl<'de> DeserializeSeed<'de> for TextVisitor {
    type Value = Option<String>;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Option<String>, D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for TextVisitor {
    type Value = Option<String>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("text")
    }

    fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<Self::Value, E> {
        Ok(non_blank(v.to_string()))
    }

    fn visit_string<E: serde::de::Error>(self, v: String) -> Result<Self::Value, E> {
        Ok(non_blank(v))
    }

    fn visit_i64<E: serde::de::Error>(self, v: i64) -> Result<Self::Value, E> {
        Ok(Some(v.to_string()))
    }

    fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<Self::Value, E> {
        Ok(Some(v.to_string()))
    }

    fn visit_f64<E: serde::de::Error>(self, _: f64) -> Result<Self::Value, E> {
        Err(no_floats())
    }

    fn visit_bool<E: serde::de::Error>(self, v: bool) -> Result<Self::Value, E> {
        Ok(Some(v.to_string()))
    }

    fn visit_none<E: serde::de::Error>(self) -> Result<Self::Value, E> {
        Ok(None)
    }

    fn visit_unit<E: serde::de::Error>(self) -> Result<Self::Value, E> {
        Ok(None)
    }

    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        d.deserialize_any(self)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
        if self.refuse_list {
            return Err(self.not_text("a list"));
        }
        let mut joined = String::new();
        let item = || TextVisitor {
            name: self.name,
            refuse_list: true,
        };
        while let Some(text) = seq.next_element_seed(item())? {
            if let Some(text) = text {
                if !joined.is_empty() {
                    joined.push_str("; ");
                }
                joined.push_str(&text);
            }
        }
        Ok(non_blank(joined))
    }

    /// An object, or a number that is not a 64-bit integer: its text as sent, so `9.30` reads
    /// as `9.30`, not `9.3` (see [`NUMBER_KEY`]).
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        match map.next_key::<String>()? {
            Some(key) if key == NUMBER_KEY => Ok(Some(map.next_value()?)),
            _ => Err(self.not_text("an object")),
        }
    }
}

fn non_blank(s: String) -> Option<String> {
    if s.trim().is_empty() {
        None
    } else {
        Some(s)
    }
}

/// Most fields a record type has.
pub const MAX_FIELDS: usize = 9;

/// A record's fields as sent: text fields read by [`opt_text`]'s rules, in the order of the
/// names asked for, and at most one field kept as raw JSON (an invoice's amount).
#[derive(Default)]
pub struct Fields {
    pub text: [Option<String>; MAX_FIELDS],
    pub raw: Option<Box<RawValue>>,
}

/// Reads a record (a JSON object) into [`Fields`]: `names` are the wire names (at most
/// [`MAX_FIELDS`]), `raw` the index of the one field kept as raw JSON. Unknown fields are
/// skipped, a missing one is `None`, a repeated one is an error ("duplicate field `id`").
///
/// One reader for every record type, not serde's derived one per type (a map reader each,
/// inlined into each type's `from_str`).
pub fn read_fields<'de, D: Deserializer<'de>>(
    d: D,
    names: &'static [&'static str],
    raw: Option<usize>,
) -> Result<Fields, D::Error> {
    d.deserialize_map(FieldsVisitor { names, raw })
}

struct FieldsVisitor {
    names: &'static [&'static str],
    raw: Option<usize>,
}

impl<'de> Visitor<'de> for FieldsVisitor {
    type Value = Fields;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a record")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Fields, A::Error> {
        let mut fields = Fields::default();
        let mut seen = 0u32;
        while let Some(key) = map.next_key_seed(FieldName(self.names))? {
            let Some(i) = key.filter(|&i| i < MAX_FIELDS) else {
                map.next_value::<IgnoredAny>()?;
                continue;
            };
            if seen & (1 << i) != 0 {
                return Err(A::Error::duplicate_field(self.names[i]));
            }
            seen |= 1 << i;
            if Some(i) == self.raw {
                fields.raw = Some(map.next_value()?);
            } else {
                fields.text[i] = map.next_value_seed(TextVisitor::field(self.names[i]))?;
            }
        }
        Ok(fields)
    }
}

/// A key of a record: the index of a known field, `None` for one to skip.
struct FieldName(&'static [&'static str]);

impl<'de> DeserializeSeed<'de> for FieldName {
    type Value = Option<usize>;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Option<usize>, D::Error> {
        d.deserialize_identifier(self)
    }
}

impl<'de> Visitor<'de> for FieldName {
    type Value = Option<usize>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a field name")
    }

    fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<Option<usize>, E> {
        Ok(self.0.iter().position(|name| *name == v))
    }
}

/// The one field a record cannot do without: without an id it cannot be linked or found.
pub fn require_id(id: Option<String>) -> Result<String, String> {
    id.ok_or_else(|| "it has no id".to_string())
}

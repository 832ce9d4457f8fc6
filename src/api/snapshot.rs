//! The last answers, kept in the browser's IndexedDB so a reload without a network still
//! shows something: the newest body of each list and of the animals seen most recently.
//!
//! Bodies are stored as the service sent them (not re-encoded from the model) and decoded
//! again at start, so the model needs no `Serialize` and a snapshot is read exactly like an
//! answer. Every entry is keyed and tagged with the `api-base` it came from: a snapshot of
//! another service (a test kennel, another branch) is never shown.
//!
//! Bounded: one entry per list (overwritten), at most [`MAX_ANIMALS`] animals (those a view
//! showed first, then by last load),
//! and no body over [`MAX_BODY_CHARS`] (a list that large is not kept at all). Failures
//! (private mode, quota, a browser without IndexedDB) are logged and otherwise ignored: the
//! snapshot is a convenience, never a reason for the app to stop.

use futures::channel::oneshot;
use js_sys::Array;
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{IdbDatabase, IdbOpenDbRequest, IdbRequest, IdbTransactionMode};

const DB_NAME: &str = "kennel-desk";
const STORE: &str = "snapshots";
/// About 48 MB of UTF-16 in the browser's store per list; 50 000 bookings are ~12 M chars.
pub const MAX_BODY_CHARS: usize = 24 << 20;
/// Animals kept for a reload offline, newest first.
pub const MAX_ANIMALS: usize = 500;

/// One stored answer.
#[derive(Clone)]
pub struct Snapshot {
    pub body: String,
    pub etag: Option<String>,
    /// When it was loaded from the service (ms since the epoch).
    pub at: f64,
}

/// Resolves when `request` succeeds (with its result) or fails.
async fn done(request: &IdbRequest) -> Option<JsValue> {
    let (tx, rx) = oneshot::channel::<bool>();
    let tx = Rc::new(RefCell::new(Some(tx)));
    let answer = |ok: bool| {
        let tx = tx.clone();
        Closure::<dyn FnMut()>::new(move || {
            if let Some(tx) = tx.borrow_mut().take() {
                let _ = tx.send(ok);
            }
        })
    };
    let (success, failure) = (answer(true), answer(false));
    request.set_onsuccess(Some(success.as_ref().unchecked_ref()));
    request.set_onerror(Some(failure.as_ref().unchecked_ref()));
    let ok = rx.await.unwrap_or(false);
    request.set_onsuccess(None);
    request.set_onerror(None);
    if ok {
        request.result().ok()
    } else {
        None
    }
}

async fn open() -> Option<IdbDatabase> {
    let factory = web_sys::window()?.indexed_db().ok()??;
    let request: IdbOpenDbRequest = factory.open_with_u32(DB_NAME, 1).ok()?;
    // First use (or a wiped store): create the one object store, keyed by explicit keys.
    let upgrade = Closure::<dyn FnMut(web_sys::Event)>::new(move |e: web_sys::Event| {
        let db = e
            .target()
            .and_then(|t| t.dyn_into::<IdbRequest>().ok())
            .and_then(|r| r.result().ok())
            .and_then(|d| d.dyn_into::<IdbDatabase>().ok());
        if let Some(db) = db {
            if !db.object_store_names().contains(STORE) {
                let _ = db.create_object_store(STORE);
            }
        }
    });
    request.set_onupgradeneeded(Some(upgrade.as_ref().unchecked_ref()));
    let db = done(&request).await;
    request.set_onupgradeneeded(None);
    db?.dyn_into::<IdbDatabase>().ok()
}

fn key(api_base: &str, name: &str) -> JsValue {
    JsValue::from_str(&format!("{api_base} {name}"))
}

async fn get(api_base: &str, name: &str) -> Option<JsValue> {
    let db = open().await?;
    let store = db
        .transaction_with_str(STORE)
        .ok()?
        .object_store(STORE)
        .ok()?;
    let value = done(&store.get(&key(api_base, name)).ok()?).await;
    db.close();
    value.filter(|v| !v.is_undefined())
}

async fn put(api_base: &str, name: &str, value: &JsValue) {
    let Some(db) = open().await else {
        return;
    };
    let store = db
        .transaction_with_str_and_mode(STORE, IdbTransactionMode::Readwrite)
        .and_then(|t| t.object_store(STORE));
    let stored = match store.and_then(|s| s.put_with_key(value, &key(api_base, name))) {
        Ok(request) => done(&request).await.is_some(),
        Err(_) => false,
    };
    if !stored {
        leptos::logging::warn!("Kennel Desk: could not keep {name} for a reload offline");
    }
    db.close();
}

/// `[apiBase, at, etag, body]`: a JS array, so a body of megabytes is stored as one string
/// without being escaped into JSON.
fn entry(api_base: &str, snapshot: &Snapshot) -> Array {
    let etag = snapshot
        .etag
        .as_deref()
        .map_or(JsValue::NULL, JsValue::from_str);
    Array::of4(
        &JsValue::from_str(api_base),
        &JsValue::from_f64(snapshot.at),
        &etag,
        &JsValue::from_str(&snapshot.body),
    )
}

fn read_entry(api_base: &str, value: &JsValue) -> Option<Snapshot> {
    let a: &Array = value.dyn_ref()?;
    // Checked again inside: the key says the same, but a store written by another version
    // must not be trusted to have used the same keys.
    if a.get(0).as_string()? != api_base {
        return None;
    }
    Some(Snapshot {
        at: a.get(1).as_f64()?,
        etag: a.get(2).as_string(),
        body: a.get(3).as_string()?,
    })
}

/// The stored answer `name` ("bookings", "invoices") of the service at `api_base`.
pub async fn load(api_base: &str, name: &str) -> Option<Snapshot> {
    read_entry(api_base, &get(api_base, name).await?)
}

/// Keeps `snapshot` as the answer `name`, replacing the one before.
pub async fn save(api_base: &str, name: &str, snapshot: Snapshot) {
    if snapshot.body.len() > MAX_BODY_CHARS {
        return;
    }
    put(api_base, name, &entry(api_base, &snapshot)).await;
}

/// The stored animals, `(id, snapshot, shown)`, in the order they were saved.
pub async fn load_animals(api_base: &str) -> Vec<(String, Snapshot, bool)> {
    let Some(list) = get(api_base, "animals").await else {
        return Vec::new();
    };
    let Some(list) = list.dyn_ref::<Array>() else {
        return Vec::new();
    };
    list.iter()
        .filter_map(|item| {
            let pair: &Array = item.dyn_ref()?;
            Some((
                pair.get(0).as_string()?,
                read_entry(api_base, &pair.get(1))?,
                // Absent in a store written before shown animals were marked.
                pair.get(2).as_bool().unwrap_or(false),
            ))
        })
        .collect()
}

/// Keeps `animals` (`(id, snapshot, shown)`, the ones to keep first; cut to
/// [`MAX_ANIMALS`]) in place of the ones before.
pub async fn save_animals(api_base: &str, animals: &[(String, Snapshot, bool)]) {
    let list: Array = animals
        .iter()
        .take(MAX_ANIMALS)
        .map(|(id, s, shown)| {
            Array::of3(
                &JsValue::from_str(id),
                &entry(api_base, s),
                &JsValue::from_bool(*shown),
            )
        })
        .collect();
    put(api_base, "animals", &list).await;
}

//! The router's location layer: the URL path (default) or the fragment (`routing = hash`).
//!
//! leptos_router 0.8's `Router` is built on `BrowserUrl`, which reads and writes only the
//! path, and its `RouterContext` is private, so no location type of ours can be put under
//! it. Kennel Desk therefore builds leptos_router 0.8.17 from `vendor/leptos_router`, a copy
//! patched in one place, `location/history.rs` (marked `Kennel Desk patch`): a switch that
//! makes `BrowserUrl` read the route from the fragment and write it back there, and link
//! handling that keeps to the route base's own paths. Everything above it (the one route
//! table in `App`, `use_params`, `use_query_map`, `use_navigate`) is unchanged and the same
//! in both modes. Why not the alternatives: README, "Routing".

use crate::config::Routing;

/// Chooses the location layer; call before the `Router` is created.
pub fn set_mode(routing: Routing) {
    leptos_router::location::set_hash_routing(routing == Routing::Hash);
}

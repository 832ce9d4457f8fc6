//! The app's one sort.
//!
//! Every `sort_by` with its own closure type compiles a whole stable merge sort into the wasm
//! (3 to 4 KB each); the app had thirteen. Here the comparator sits behind a reference, so
//! there is one copy of the sort code for every list, lane and group. `inline(never)` keeps
//! the optimiser from pasting a specialised copy back into each caller.

use std::cmp::Ordering;

/// Sorts row indices (into some list) stably by `cmp`.
#[inline(never)]
pub fn sort_rows(rows: &mut [usize], cmp: &dyn Fn(usize, usize) -> Ordering) {
    rows.sort_by(|&a, &b| cmp(a, b));
}

/// Sorts `items` stably by `cmp`, through [`sort_rows`].
pub fn sort_items<T>(items: &mut Vec<T>, cmp: &dyn Fn(&T, &T) -> Ordering) {
    let mut order: Vec<usize> = (0..items.len()).collect();
    sort_rows(&mut order, &|a, b| cmp(&items[a], &items[b]));
    let mut slots: Vec<Option<T>> = items.drain(..).map(Some).collect();
    items.extend(order.into_iter().filter_map(|i| slots[i].take()));
}

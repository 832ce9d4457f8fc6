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

/// Orders `rows` so that its first `head` entries are the ones [`sort_rows`] would put
/// first, in that order; the rest follow in their old order. A long list's first screen
/// needs only its first rows: at 50 000 bookings the whole sort took 55–100 ms of the task
/// that shows them, this takes about one comparison per row (README, Performance). With
/// `head` at least the length it is [`sort_rows`].
#[inline(never)]
pub fn sort_head(rows: &mut Vec<usize>, head: usize, cmp: &dyn Fn(usize, usize) -> Ordering) {
    if head >= rows.len() {
        return sort_rows(rows, cmp);
    }
    // Positions in `rows`, ties broken by position: the order a stable sort gives.
    let before = |p: usize, q: usize| cmp(rows[p], rows[q]).then(p.cmp(&q)).is_lt();
    // The `head` first so far, in order. Once it is full most rows lose to its last one,
    // in one comparison.
    let mut best: Vec<usize> = Vec::with_capacity(head + 1);
    for p in 0..rows.len() {
        if best.len() == head && best.last().is_none_or(|&last| !before(p, last)) {
            continue;
        }
        let at = best.partition_point(|&q| before(q, p));
        best.insert(at, p);
        best.truncate(head);
    }
    let mut taken = vec![false; rows.len()];
    let mut ordered: Vec<usize> = Vec::with_capacity(rows.len());
    for &p in &best {
        taken[p] = true;
        ordered.push(rows[p]);
    }
    ordered.extend(
        rows.iter()
            .zip(&taken)
            .filter(|(_, &t)| !t)
            .map(|(&r, _)| r),
    );
    *rows = ordered;
}

/// Sorts `items` stably by `cmp`, through [`sort_rows`].
pub fn sort_items<T>(items: &mut Vec<T>, cmp: &dyn Fn(&T, &T) -> Ordering) {
    let mut order: Vec<usize> = (0..items.len()).collect();
    sort_rows(&mut order, &|a, b| cmp(&items[a], &items[b]));
    let mut slots: Vec<Option<T>> = items.drain(..).map(Some).collect();
    items.extend(order.into_iter().filter_map(|i| slots[i].take()));
}

//! A sortable column header: a real button in the `<th>`, so it works by touch and keyboard,
//! and `aria-sort` on the header, so screen readers say how the table is ordered. Shared by
//! every list (the page decides what a click does, e.g. reverse on the second click).

use crate::model::listing::{Column, Sort};
use leptos::prelude::*;

/// One header cell of a sortable table.
#[component]
pub fn SortHeader(
    label: &'static str,
    /// `ascending`, `descending` or `none`. A closure, not a `Signal<&str>`: that type's
    /// derive and read code was about 2.7 KB of wasm for this one use.
    aria: impl Fn() -> &'static str + Copy + Send + Sync + 'static,
    /// Called on a click.
    on_sort: Callback<()>,
) -> impl IntoView {
    // A `String`, not a `&str`, here and in `aria-sort`: every reactive text and attribute of
    // the app is a `String`, so tachys's render effects for a reactive `&str` (their own copies
    // of the effect's code) are not linked in: 5.1 KB raw of wasm, 0.8 KB brotli, with the
    // four other such texts.
    let mark = move || {
        String::from(match aria() {
            "ascending" => "▲",
            "descending" => "▼",
            _ => "",
        })
    };
    view! {
        <th scope="col" role="columnheader" aria-sort=move || String::from(aria())>
            <button type="button" class="kd-sort" on:click=move |_| on_sort.run(())>
                {label}
                <span class="kd-sort__mark" aria-hidden="true">{mark}</span>
            </button>
        </th>
    }
}

/// What a table needs to offer sorting: the current sort and what to do on a click.
pub struct SortControl<K: Column> {
    pub current: Signal<Option<Sort<K>>>,
    pub on_sort: Callback<K>,
}

impl<K: Column> Clone for SortControl<K> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<K: Column> Copy for SortControl<K> {}

impl<K: Column> SortControl<K> {
    /// The header of `key`, named `label`: sortable when this control exists.
    pub fn header(self, key: K, label: &'static str) -> impl IntoView {
        let current = self.current;
        view! {
            <SortHeader
                label=label
                aria=move || Sort::aria(current.get(), key)
                on_sort=Callback::new(move |_| self.on_sort.run(key))
            />
        }
    }
}

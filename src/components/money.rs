//! An amount on screen: formatted for the reader's locale and the invoice's currency, with
//! the exact value kept machine-readable in a `<data>` element.

use crate::format::{current_locale, format_money};
use crate::model::text::MISSING;
use crate::model::{Amount, Decimal};
use leptos::prelude::*;

/// One exact amount in one currency. `value` holds the plain decimal (`-1234.50`) and
/// `data-currency` the code, so tools read the number whatever the locale shows.
#[component]
pub fn MoneyValue(
    amount: Decimal,
    /// ISO code as sent; `None` shows the plain decimal.
    currency: Option<String>,
) -> impl IntoView {
    let text = format_money(&current_locale(), currency.as_deref(), amount);
    let class = if amount.is_negative() {
        "kd-money kd-money--negative"
    } else {
        "kd-money"
    };
    view! { <data class=class value=amount.plain() data-currency=currency>{text}</data> }
}

/// An invoice amount as sent: a number is formatted; text that is not a number is shown as
/// written and marked; a missing amount is the dash.
#[component]
pub fn Money(amount: Amount, currency: Option<String>) -> impl IntoView {
    match amount {
        Amount::Value(d) => view! { <MoneyValue amount=d currency/> }.into_any(),
        Amount::Invalid(raw) => view! {
            <span class="kd-money kd-money--invalid" data-currency=currency>
                {(crate::i18n::t().not_a_number)(&raw)}
            </span>
        }
        .into_any(),
        Amount::Missing => MISSING.into_any(),
    }
}

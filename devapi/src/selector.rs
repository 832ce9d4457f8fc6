//! Path selectors of faults and request counters: a glob over the whole path where `*`
//! matches any characters; a selector ending in `/` (without `*`) matches everything below
//! it; otherwise the path must be equal.

/// Whether `path` matches `selector` (see `FaultSettings::path`).
pub(crate) fn matches(selector: &str, path: &str) -> bool {
    if selector.ends_with('/') && !selector.contains('*') {
        return path.starts_with(selector);
    }
    glob(selector.as_bytes(), path.as_bytes())
}

/// `*` matches any run of bytes; everything else matches itself. Iterative with one
/// backtrack point, so a long path cannot make it exponential.
fn glob(pattern: &[u8], text: &[u8]) -> bool {
    let (mut p, mut t) = (0, 0);
    let mut star: Option<(usize, usize)> = None;
    while t < text.len() {
        if p < pattern.len() && pattern[p] == b'*' {
            star = Some((p, t));
            p += 1;
        } else if p < pattern.len() && pattern[p] == text[t] {
            p += 1;
            t += 1;
        } else if let Some((sp, st)) = star {
            p = sp + 1;
            t = st + 1;
            star = Some((sp, st + 1));
        } else {
            return false;
        }
    }
    pattern[p..].iter().all(|&b| b == b'*')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn selectors() {
        let on = |selector: &str, path: &str| matches(selector, path);
        assert!(on("/api/animals/", "/api/animals/a-1"));
        assert!(!on("/api/animals/", "/api/bookings"));
        assert!(on("/api/bookings", "/api/bookings"));
        assert!(!on("/api/bookings", "/api/bookings/b-1"));
        assert!(on("/api/bookings*", "/api/bookings/b-1"));
        assert!(on("/api/*/b-1001", "/api/bookings/b-1001"));
        assert!(!on("/api/*/b-1001", "/api/bookings/b-1002"));
        assert!(on("*", "/api/x"));
        assert!(!on("/api/*s", "/api/invoices/i-1"));
    }
}

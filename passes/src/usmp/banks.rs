//! Memory banks: the named regions the planner puts pools in (`sram`, `dtcm`, `flash`), each
//! with an optional capacity (its budget), an alignment for the pools in it and an access mode.
//!
//! On the pass they are given in a compact syntax, one item of the `pools` list per bank:
//!
//! ```text
//! usmp{pools=dtcm:64K:rw,sram:262144:rw,flash::ro}
//!        NAME[:CAPACITY[:ACCESS[:ALIGNMENT]]]
//! ```
//!
//! `CAPACITY` is bytes, with an optional binary `K` or `M` suffix (`64K` = 65536); empty or
//! absent means unbounded. `ACCESS` is `rw` (the default) or `ro`; a read-only bank holds no
//! planned buffer (scratch and persistent buffers are written), only constants later.
//! `ALIGNMENT` (a power of two, default 16) is the least start alignment of the bank's pools.
//! The order of the list is the default priority order of the banks.

use mc_dialects::buffer::DEFAULT_ALIGNMENT;

/// Whether a bank may be written.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Access {
    /// Read and write (RAM).
    ReadWrite,
    /// Read only (flash): no planned buffer goes there.
    ReadOnly,
}

impl Access {
    /// `rw` or `ro`.
    pub fn parse(text: &str) -> Option<Access> {
        match text {
            "rw" => Some(Access::ReadWrite),
            "ro" => Some(Access::ReadOnly),
            _ => None,
        }
    }
}

/// One memory bank.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Bank {
    /// Its name; pools in it are `@<name>_<role>`.
    pub name: String,
    /// Bytes its pools may take together (`None`: unbounded).
    pub capacity: Option<u64>,
    /// Least start alignment of its pools (a power of two).
    pub alignment: u64,
    /// Whether it may be written.
    pub access: Access,
}

impl Bank {
    /// A writable bank with the default alignment.
    pub fn new(name: &str, capacity: Option<u64>) -> Bank {
        Bank { name: name.to_string(), capacity, alignment: DEFAULT_ALIGNMENT, access: Access::ReadWrite }
    }

    /// Parses one item of the `pools` option: `NAME[:CAPACITY[:ACCESS[:ALIGNMENT]]]`.
    ///
    /// # Errors
    ///
    /// What is wrong with the item, quoting it.
    pub fn parse(item: &str) -> Result<Bank, String> {
        let error =
            |why: String| format!("malformed bank '{item}' in 'pools' (NAME[:CAPACITY[:rw|ro[:ALIGNMENT]]]): {why}");
        let fields: Vec<&str> = item.split(':').map(str::trim).collect();
        if fields.len() > 4 {
            return Err(error(format!("{} fields, at most 4", fields.len())));
        }
        let name = fields[0];
        check_name(name).map_err(error)?;
        let capacity = match fields.get(1).copied() {
            None | Some("") => None,
            Some(text) => {
                Some(parse_bytes(text).ok_or_else(|| error(format!("capacity '{text}' is not a byte count")))?)
            }
        };
        let access = match fields.get(2).copied() {
            None | Some("") => Access::ReadWrite,
            Some(text) => Access::parse(text).ok_or_else(|| error(format!("access '{text}' is neither rw nor ro")))?,
        };
        let alignment = match fields.get(3).copied() {
            None | Some("") => DEFAULT_ALIGNMENT,
            Some(text) => text
                .parse::<u64>()
                .ok()
                .filter(|a| a.is_power_of_two())
                .ok_or_else(|| error(format!("alignment '{text}' is not a power of two")))?,
        };
        let bank = Bank { name: name.to_string(), capacity, alignment, access };
        bank.check().map_err(error)?;
        Ok(bank)
    }

    /// Checks what every bank needs, however given: a positive capacity.
    ///
    /// # Errors
    ///
    /// Why the bank cannot be used.
    pub fn check(&self) -> Result<(), String> {
        if self.capacity == Some(0) {
            return Err(format!("bank '{}' has capacity 0 (leave it out for an unbounded bank)", self.name));
        }
        Ok(())
    }

    /// True if planned (written) buffers may go there.
    pub fn writable(&self) -> bool {
        self.access == Access::ReadWrite
    }
}

/// Checks a bank name: an identifier (`[A-Za-z_][A-Za-z0-9_]*`), so pool symbols are too.
///
/// # Errors
///
/// Why the name is not one.
pub fn check_name(name: &str) -> Result<(), String> {
    let mut chars = name.chars();
    let valid = chars.next().is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_');
    if valid { Ok(()) } else { Err(format!("bank name '{name}' is not an identifier")) }
}

/// Bytes as decimal digits with an optional binary `K` (1024) or `M` (1024²) suffix.
pub fn parse_bytes(text: &str) -> Option<u64> {
    let (digits, scale) = match text.as_bytes().last()? {
        b'K' | b'k' => (&text[..text.len() - 1], 1024),
        b'M' | b'm' => (&text[..text.len() - 1], 1024 * 1024),
        _ => (text, 1),
    };
    digits.parse::<u64>().ok()?.checked_mul(scale)
}

/// Parses the `pools` option's items, in priority order.
///
/// # Errors
///
/// A malformed item, or a bank named twice.
pub fn parse_pools(items: &[String]) -> Result<Vec<Bank>, String> {
    let banks = items.iter().map(|item| Bank::parse(item)).collect::<Result<Vec<_>, _>>()?;
    check_unique(&banks)?;
    Ok(banks)
}

/// Checks that no two banks share a name.
///
/// # Errors
///
/// The name given twice.
pub fn check_unique(banks: &[Bank]) -> Result<(), String> {
    for (i, bank) in banks.iter().enumerate() {
        if banks[..i].iter().any(|b| b.name == bank.name) {
            return Err(format!("bank '{}' is declared twice", bank.name));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_compact_syntax_gives_capacity_access_and_alignment() {
        let banks = parse_pools(&["dtcm:64K:rw".into(), "sram:262144".into(), "flash::ro".into(), "x:1M:rw:64".into()])
            .unwrap();
        assert_eq!(banks[0], Bank::new("dtcm", Some(65536)));
        assert_eq!(banks[1], Bank::new("sram", Some(262_144)));
        assert_eq!(banks[2].capacity, None);
        assert_eq!(banks[2].access, Access::ReadOnly);
        assert_eq!((banks[3].capacity, banks[3].alignment), (Some(1 << 20), 64));
    }

    #[test]
    fn malformed_banks_are_refused_with_the_item() {
        for (item, why) in [
            ("sram:lots", "capacity 'lots'"),
            ("sram:10:rx", "access 'rx'"),
            ("sram:10:rw:3", "alignment '3'"),
            ("9ram:10", "not an identifier"),
            ("", "not an identifier"),
            ("sram:0", "capacity 0"),
            ("a:1:rw:16:extra", "5 fields"),
        ] {
            let error = Bank::parse(item).unwrap_err();
            assert!(error.contains(why) && error.contains(&format!("'{item}'")), "{item}: {error}");
        }
        let twice = parse_pools(&["sram:1".into(), "sram:2".into()]).unwrap_err();
        assert!(twice.contains("bank 'sram' is declared twice"), "{twice}");
    }
}

//! Resource blobs: large constant data (weights) referenced by `dense_resource<name>`.

use rustc_hash::FxHashMap;

/// One blob: its bytes and the alignment its consumer needs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Blob {
    /// Required alignment of the data in bytes (a power of two).
    pub alignment: u32,
    /// The bytes.
    pub data: Vec<u8>,
}

/// The blobs of the `builtin` resource section, in insertion order, keyed by name.
#[derive(Default, Debug)]
pub struct ResourceTable {
    entries: Vec<(String, Blob)>,
    index: FxHashMap<String, usize>,
}

impl ResourceTable {
    /// Adds or replaces the blob called `name`.
    pub fn insert(&mut self, name: &str, blob: Blob) {
        match self.index.get(name) {
            Some(&i) => self.entries[i].1 = blob,
            None => {
                self.index.insert(name.to_string(), self.entries.len());
                self.entries.push((name.to_string(), blob));
            }
        }
    }

    /// The blob called `name`.
    pub fn get(&self, name: &str) -> Option<&Blob> {
        self.index.get(name).map(|&i| &self.entries[i].1)
    }

    /// A name starting with `base` that no blob uses yet (`base`, `base_1`, ...).
    pub fn unique_name(&self, base: &str) -> String {
        if !self.index.contains_key(base) {
            return base.to_string();
        }
        (1..).map(|n| format!("{base}_{n}")).find(|name| !self.index.contains_key(name)).expect("unbounded")
    }

    /// All blobs in insertion order.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &Blob)> {
        self.entries.iter().map(|(name, blob)| (name.as_str(), blob))
    }

    /// True if there are no blobs.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }
}

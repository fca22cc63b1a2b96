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

    /// The blob called `name`, for changing it in place (e.g. raising its alignment).
    pub fn get_mut(&mut self, name: &str) -> Option<&mut Blob> {
        self.index.get(name).map(|&i| &mut self.entries[i].1)
    }

    /// Keeps only the blobs for which `keep(name, blob)` is true, in their order; returns how many
    /// were removed.
    pub fn retain(&mut self, mut keep: impl FnMut(&str, &Blob) -> bool) -> usize {
        let before = self.entries.len();
        self.entries.retain(|(name, blob)| keep(name, blob));
        self.index = self.entries.iter().enumerate().map(|(i, (name, _))| (name.clone(), i)).collect();
        before - self.entries.len()
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

    /// Number of blobs.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// True if there are no blobs.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn retain_keeps_order_and_lookups() {
        let mut table = ResourceTable::default();
        for (name, byte) in [("a", 1u8), ("b", 2), ("c", 3)] {
            table.insert(name, Blob { alignment: 1, data: vec![byte] });
        }
        assert_eq!(table.retain(|name, _| name != "b"), 1);
        assert_eq!(table.iter().map(|(name, _)| name).collect::<Vec<_>>(), ["a", "c"]);
        assert_eq!((table.get("b"), table.get("c").map(|b| b.data[0]), table.len()), (None, Some(3), 2));
        table.get_mut("a").expect("kept").alignment = 16;
        assert_eq!(table.get("a").map(|b| b.alignment), Some(16));
        assert_eq!(table.unique_name("b"), "b");
    }
}

//! A hash-consing table: each distinct value is stored once and named by a dense `u32`.

use hashbrown::HashTable;
use rustc_hash::FxHasher;
use std::hash::{Hash, Hasher};

/// Stores each distinct value once; equal values get the same index.
pub(crate) struct Interner<T> {
    values: Vec<T>,
    table: HashTable<u32>,
}

fn hash_of<T: Hash>(value: &T) -> u64 {
    let mut hasher = FxHasher::default();
    value.hash(&mut hasher);
    hasher.finish()
}

impl<T: Hash + Eq> Interner<T> {
    pub(crate) fn new() -> Self {
        Interner { values: Vec::new(), table: HashTable::new() }
    }

    /// Returns the index of `value`, storing it first if it is new.
    pub(crate) fn intern(&mut self, value: T) -> u32 {
        let hash = hash_of(&value);
        let values = &self.values;
        if let Some(&index) = self.table.find(hash, |&i| values[i as usize] == value) {
            return index;
        }
        let index = u32::try_from(self.values.len()).expect("more than 2^32 interned values");
        self.values.push(value);
        let values = &self.values;
        self.table.insert_unique(hash, index, |&i| hash_of(&values[i as usize]));
        index
    }

    pub(crate) fn get(&self, index: u32) -> &T {
        &self.values[index as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_values_share_an_index() {
        let mut interner = Interner::new();
        let a = interner.intern("a".to_string());
        let b = interner.intern("b".to_string());
        assert_ne!(a, b);
        assert_eq!(interner.intern("a".to_string()), a);
        assert_eq!(interner.get(b), "b");
    }

    #[test]
    fn many_values_stay_distinct() {
        let mut interner = Interner::new();
        let ids: Vec<u32> = (0..10_000u32).map(|i| interner.intern(i)).collect();
        for (i, id) in ids.iter().enumerate() {
            assert_eq!(*interner.get(*id), i as u32);
            assert_eq!(interner.intern(i as u32), *id);
        }
    }
}

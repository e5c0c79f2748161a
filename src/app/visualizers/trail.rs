//! [`Trail`]: what the earlier steps of a run measured, shared between the steps.
//!
//! A closed-form step shows every edge measured so far (faint) and the current one. A
//! step that copied the whole list made a run of `n` edges hold `n²/2` figures: two
//! 40,000-gons took 24 GB to open. A trail is an immutable list that grows at the
//! front: a step keeps one pointer to the newest entry, and each entry points to the
//! one before it, so every step shows its own prefix of the run while all of them
//! share one copy — `O(1)` to record a step, `O(k)` only when step `k` is drawn.

use std::sync::Arc;

/// An immutable, shared list of what earlier steps measured, newest first (see the
/// module notes). Cloning it copies one pointer.
pub struct Trail<T>(Option<Arc<Entry<T>>>);

/// One entry of a trail and the trail before it.
struct Entry<T> {
    value: T,
    earlier: Trail<T>,
    len: usize,
}

impl<T> Trail<T> {
    /// The empty trail.
    pub fn new() -> Self {
        Trail(None)
    }

    /// This trail with `value` added as its newest entry (this one is unchanged).
    pub fn with(&self, value: T) -> Self {
        Trail(Some(Arc::new(Entry {
            value,
            earlier: self.clone(),
            len: self.len() + 1,
        })))
    }

    /// How many entries it has.
    fn len(&self) -> usize {
        self.0.as_ref().map_or(0, |e| e.len)
    }

    /// The newest entry.
    #[cfg(test)]
    fn newest(&self) -> Option<&T> {
        self.0.as_ref().map(|e| &e.value)
    }

    /// The entries, newest first.
    pub fn iter(&self) -> impl Iterator<Item = &T> {
        let mut at = self.0.as_deref();
        std::iter::from_fn(move || {
            let entry = at?;
            at = entry.earlier.0.as_deref();
            Some(&entry.value)
        })
    }

    /// The entries, oldest first (the order in which they were measured).
    pub fn in_order(&self) -> Vec<&T> {
        let mut all: Vec<&T> = self.iter().collect();
        all.reverse();
        all
    }
}

impl<T> Clone for Trail<T> {
    fn clone(&self) -> Self {
        Trail(self.0.clone())
    }
}

/// Equal entries in the same order (compared in a loop, not by recursion).
impl<T: PartialEq> PartialEq for Trail<T> {
    fn eq(&self, other: &Self) -> bool {
        self.len() == other.len() && self.iter().eq(other.iter())
    }
}

/// The entries, newest first.
impl<T: std::fmt::Debug> std::fmt::Debug for Trail<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl<T> Default for Trail<T> {
    fn default() -> Self {
        Trail::new()
    }
}

impl<T> Drop for Trail<T> {
    /// Lets go of the entries one at a time: the default drop would recurse once per
    /// entry and overflow the stack on a trail of 100,000.
    fn drop(&mut self) {
        let mut next = self.0.take();
        while let Some(entry) = next {
            match Arc::try_unwrap(entry) {
                // The last owner of this entry: take its tail before it is dropped.
                Ok(mut entry) => next = entry.earlier.0.take(),
                // Another step still holds it (and so all before it): stop here.
                Err(_) => break,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_step_keeps_its_own_prefix() {
        let empty = Trail::new();
        let one = empty.with(1);
        let two = one.with(2);
        let three = two.with(3);
        assert_eq!(empty.iter().count(), 0);
        assert_eq!(one.in_order(), [&1]);
        assert_eq!(two.in_order(), [&1, &2]);
        assert_eq!(three.iter().copied().collect::<Vec<_>>(), [3, 2, 1]);
        assert_eq!((three.len(), three.newest()), (3, Some(&3)));
        // A branch from an earlier step leaves the later ones as they were.
        let other = one.with(9);
        assert_eq!(other.in_order(), [&1, &9]);
        assert_eq!(three.in_order(), [&1, &2, &3]);
    }

    /// One copy for the whole run: the entries of step k are the entries of step k − 1
    /// plus one, so a run of n steps holds n entries, not n²/2.
    #[test]
    fn a_run_shares_one_copy() {
        let mut steps = vec![Trail::new()];
        for k in 0..1000 {
            steps.push(steps[k].with(k));
        }
        // Step k's second entry is step k − 1's first, the very same allocation.
        for k in 2..steps.len() {
            let newest_of_earlier = steps[k - 1].newest().unwrap() as *const usize;
            let second = steps[k].iter().nth(1).unwrap() as *const usize;
            assert_eq!(newest_of_earlier, second);
        }
    }

    #[test]
    fn a_long_trail_drops_without_overflowing_the_stack() {
        let mut trail = Trail::new();
        for k in 0..1_000_000 {
            trail = trail.with(k);
        }
        let kept = trail.clone();
        assert_eq!(kept, trail);
        drop(trail);
        assert_eq!(kept.len(), 1_000_000);
        drop(kept);
    }
}

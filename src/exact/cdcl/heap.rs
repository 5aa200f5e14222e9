//! The decision order: a binary max-heap of variables by activity (EVSIDS), ties to the lower
//! variable, so the order is a pure function of the activities.

/// A variable in the heap with its activity, copied in so that sifting reads one array (the
/// copy always equals the search's `activity[var]`: every change goes through
/// [`VarHeap::increased`] or [`VarHeap::rescale`]).
#[derive(Clone, Copy, Debug)]
struct Entry {
    activity: f64,
    var: u32,
}

/// Variables ordered by `activity`, largest first.
#[derive(Clone, Debug, Default)]
pub(super) struct VarHeap {
    heap: Vec<Entry>,
    /// Position of each variable in `heap`, `u32::MAX` when absent.
    index: Vec<u32>,
}

const ABSENT: u32 = u32::MAX;

#[inline(always)]
fn before(a: Entry, b: Entry) -> bool {
    a.activity > b.activity || (a.activity == b.activity && a.var < b.var)
}

impl VarHeap {
    /// Every variable `0..vars`, ordered by `activity`.
    pub(super) fn new(vars: usize, activity: &[f64]) -> VarHeap {
        let mut heap = VarHeap {
            heap: Vec::with_capacity(vars),
            index: vec![ABSENT; vars],
        };
        for v in 0..vars as u32 {
            heap.insert(v, activity);
        }
        heap
    }

    pub(super) fn len(&self) -> usize {
        self.heap.len()
    }

    pub(super) fn is_empty(&self) -> bool {
        self.heap.is_empty()
    }

    /// The variable at position `i` of the heap's array (a random decision's draw).
    pub(super) fn nth(&self, i: usize) -> u32 {
        self.heap[i].var
    }

    pub(super) fn contains(&self, v: u32) -> bool {
        self.index[v as usize] != ABSENT
    }

    pub(super) fn insert(&mut self, v: u32, activity: &[f64]) {
        if self.contains(v) {
            return;
        }
        self.index[v as usize] = self.heap.len() as u32;
        self.heap.push(Entry {
            activity: activity[v as usize],
            var: v,
        });
        self.up(self.heap.len() - 1);
    }

    /// The variable of largest activity, removed.
    pub(super) fn pop(&mut self) -> Option<u32> {
        let top = self.heap.first()?.var;
        let last = self.heap.pop().expect("not empty");
        self.index[top as usize] = ABSENT;
        if !self.heap.is_empty() {
            self.heap[0] = last;
            self.index[last.var as usize] = 0;
            self.down(0);
        }
        Some(top)
    }

    /// `v`'s activity grew: move it up.
    pub(super) fn increased(&mut self, v: u32, activity: &[f64]) {
        if let Some(&i) = self.index.get(v as usize).filter(|&&i| i != ABSENT) {
            self.heap[i as usize].activity = activity[v as usize];
            self.up(i as usize);
        }
    }

    /// Every activity was multiplied by `factor` (the same product as the search's, so the
    /// copies stay equal and the order is unchanged).
    pub(super) fn rescale(&mut self, factor: f64) {
        for e in &mut self.heap {
            e.activity *= factor;
        }
    }

    fn up(&mut self, mut i: usize) {
        let heap = &mut self.heap[..];
        let index = &mut self.index[..];
        let e = heap[i];
        while i > 0 {
            let parent = (i - 1) / 2;
            let p = heap[parent];
            if !before(e, p) {
                break;
            }
            heap[i] = p;
            index[p.var as usize] = i as u32;
            i = parent;
        }
        heap[i] = e;
        index[e.var as usize] = i as u32;
    }

    fn down(&mut self, mut i: usize) {
        let heap = &mut self.heap[..];
        let index = &mut self.index[..];
        let e = heap[i];
        let n = heap.len();
        loop {
            let left = 2 * i + 1;
            if left >= n {
                break;
            }
            let right = left + 1;
            let child = if right < n && before(heap[right], heap[left]) {
                right
            } else {
                left
            };
            let c = heap[child];
            if !before(c, e) {
                break;
            }
            heap[i] = c;
            index[c.var as usize] = i as u32;
            i = child;
        }
        heap[i] = e;
        index[e.var as usize] = i as u32;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pops_by_activity_then_index() {
        let mut activity = vec![0.5, 2.0, 0.5, 1.0, 3.0];
        let mut heap = VarHeap::new(5, &activity);
        assert_eq!(heap.pop(), Some(4));
        activity[0] = 5.0;
        heap.increased(0, &activity);
        let order: Vec<u32> = std::iter::from_fn(|| heap.pop()).collect();
        assert_eq!(order, [0, 1, 3, 2]);
        heap.insert(2, &activity);
        heap.insert(2, &activity);
        assert_eq!(heap.pop(), Some(2));
        assert_eq!(heap.pop(), None);
    }
}

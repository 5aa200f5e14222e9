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
            self.sift_last_down(last);
        }
        Some(top)
    }

    /// Puts `last` (the array's old last entry) in the root's place: Floyd's bottom-up sift,
    /// one comparison per level down the path of the larger children to a leaf, then `last`
    /// back up that path. The path is ordered, so `last` ends where the classic sift (two
    /// comparisons per level) would put it, every entry in the same place.
    fn sift_last_down(&mut self, last: Entry) {
        let heap = &mut self.heap[..];
        let index = &mut self.index[..];
        let mut i = 0;
        // The entries compared are the ones moved: no second read, no second bounds check.
        while let Some(&left) = heap.get(2 * i + 1) {
            let (child, c) = match heap.get(2 * i + 2) {
                Some(&right) if before(right, left) => (2 * i + 2, right),
                _ => (2 * i + 1, left),
            };
            heap[i] = c;
            index[c.var as usize] = i as u32;
            i = child;
        }
        heap[i] = last;
        self.up(i);
    }

    /// `v`'s activity grew: move it up.
    pub(super) fn increased(&mut self, v: u32, activity: &[f64]) {
        if let Some(&i) = self.index.get(v as usize).filter(|&&i| i != ABSENT) {
            self.heap[i as usize].activity = activity[v as usize];
            self.up(i as usize);
        }
    }

    /// `v`'s activity changed either way: move it up or down.
    pub(super) fn update(&mut self, v: u32, activity: &[f64]) {
        if let Some(&i) = self.index.get(v as usize).filter(|&&i| i != ABSENT) {
            let entry = &mut self.heap[i as usize];
            let old = entry.activity;
            entry.activity = activity[v as usize];
            // Only one way can move it: up when it grew, down when it shrank.
            if entry.activity > old {
                self.up(i as usize);
            } else {
                self.down(i as usize);
            }
        }
    }

    /// Moves the entry at `i` down past the children that go before it.
    fn down(&mut self, mut i: usize) {
        let heap = &mut self.heap[..];
        let index = &mut self.index[..];
        let e = heap[i];
        loop {
            let left = 2 * i + 1;
            if left >= heap.len() {
                break;
            }
            let right = left + 1;
            let child = if right < heap.len() && before(heap[right], heap[left]) {
                right
            } else {
                left
            };
            if !before(heap[child], e) {
                break;
            }
            heap[i] = heap[child];
            index[heap[i].var as usize] = i as u32;
            i = child;
        }
        heap[i] = e;
        index[e.var as usize] = i as u32;
    }

    /// Every activity was multiplied by `factor` (the same product as the search's, so the
    /// copies stay equal and the order is unchanged).
    pub(super) fn rescale(&mut self, factor: f64) {
        for e in &mut self.heap {
            e.activity *= factor;
        }
    }

    /// Moves the entry at `i` up past the parents it goes before.
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
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A small deterministic generator: each call draws a number below its argument.
    fn draws(mut state: u64) -> impl FnMut(u64) -> u64 {
        move |below| {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (state >> 33) % below
        }
    }

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

    /// MiniSat's heap as it was (the classic two-comparison sift down): the layout random
    /// decisions read ([`VarHeap::nth`]) must stay exactly this.
    struct Classic {
        heap: Vec<u32>,
        index: Vec<Option<usize>>,
    }

    impl Classic {
        fn before(act: &[f64], a: u32, b: u32) -> bool {
            let (x, y) = (act[a as usize], act[b as usize]);
            x > y || (x == y && a < b)
        }

        fn up(&mut self, mut i: usize, act: &[f64]) {
            let v = self.heap[i];
            while i > 0 && Self::before(act, v, self.heap[(i - 1) / 2]) {
                let p = self.heap[(i - 1) / 2];
                self.heap[i] = p;
                self.index[p as usize] = Some(i);
                i = (i - 1) / 2;
            }
            self.heap[i] = v;
            self.index[v as usize] = Some(i);
        }

        fn insert(&mut self, v: u32, act: &[f64]) {
            if self.index[v as usize].is_none() {
                self.heap.push(v);
                self.up(self.heap.len() - 1, act);
            }
        }

        fn pop(&mut self, act: &[f64]) -> Option<u32> {
            let top = *self.heap.first()?;
            let last = self.heap.pop().unwrap();
            self.index[top as usize] = None;
            if self.heap.is_empty() {
                return Some(top);
            }
            let (n, mut i) = (self.heap.len(), 0);
            loop {
                let (l, r) = (2 * i + 1, 2 * i + 2);
                if l >= n {
                    break;
                }
                let c = if r < n && Self::before(act, self.heap[r], self.heap[l]) {
                    r
                } else {
                    l
                };
                if !Self::before(act, self.heap[c], last) {
                    break;
                }
                self.heap[i] = self.heap[c];
                self.index[self.heap[i] as usize] = Some(i);
                i = c;
            }
            self.heap[i] = last;
            self.index[last as usize] = Some(i);
            Some(top)
        }
    }

    #[test]
    fn layout_matches_the_classic_sift() {
        let vars = 300;
        let mut draw = draws(0x9e37_79b9_7f4a_7c15);
        // Few distinct activities, so that ties (broken by the variable) are common.
        let mut act: Vec<f64> = (0..vars).map(|_| draw(20) as f64).collect();
        let mut heap = VarHeap::new(vars, &act);
        let mut classic = Classic {
            heap: Vec::new(),
            index: vec![None; vars],
        };
        for v in 0..vars as u32 {
            classic.insert(v, &act);
        }
        for _ in 0..20_000 {
            let v = draw(vars as u64) as u32;
            match draw(3) {
                0 => assert_eq!(heap.pop(), classic.pop(&act)),
                1 => {
                    heap.insert(v, &act);
                    classic.insert(v, &act);
                }
                _ => {
                    act[v as usize] += draw(3) as f64;
                    heap.increased(v, &act);
                    if let Some(i) = classic.index[v as usize] {
                        classic.up(i, &act);
                    }
                }
            }
            assert_eq!(heap.len(), classic.heap.len());
            assert!((0..heap.len()).all(|i| heap.nth(i) == classic.heap[i]));
        }
    }

    /// Scores that go down as well as up (CHB's, `chb.rs`): after every change the heap
    /// property holds, and popping everything gives the order of the scores, ties to the
    /// lower variable.
    #[test]
    fn updates_either_way_keep_the_order() {
        let vars = 200;
        let mut draw = draws(0x2545_f491_4f6c_dd1d);
        let mut act: Vec<f64> = (0..vars).map(|_| draw(50) as f64).collect();
        let mut heap = VarHeap::new(vars, &act);
        for round in 0..5_000 {
            let v = draw(vars as u64) as u32;
            match draw(4) {
                0 => {
                    heap.pop();
                }
                1 => heap.insert(v, &act),
                _ => {
                    act[v as usize] = draw(50) as f64;
                    heap.update(v, &act);
                }
            }
            for i in 1..heap.len() {
                let (e, p) = (heap.heap[i], heap.heap[(i - 1) / 2]);
                assert!(!before(e, p), "round {round}: {e:?} above its parent {p:?}");
                assert_eq!(heap.index[e.var as usize], i as u32);
                assert_eq!(e.activity, act[e.var as usize]);
            }
        }
        let mut expected: Vec<u32> = (0..heap.len()).map(|i| heap.nth(i)).collect();
        expected.sort_by(|&a, &b| act[b as usize].total_cmp(&act[a as usize]).then(a.cmp(&b)));
        let order: Vec<u32> = std::iter::from_fn(|| heap.pop()).collect();
        assert_eq!(order, expected);
    }
}

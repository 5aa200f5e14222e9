//! Variable move-to-front (VMTF, CaDiCaL's focused-mode decision order): a queue of variables by
//! the time they were last bumped; a decision takes the most recently bumped unassigned one.

use crate::clauses::pos;

const NONE: u32 = u32::MAX;

#[derive(Clone, Debug)]
pub(crate) struct Vmtf {
    prev: Vec<u32>,
    next: Vec<u32>,
    stamp: Vec<u64>,
    first: u32,
    last: u32,
    /// Every variable after it in the queue is assigned.
    search: u32,
    counter: u64,
}

impl Vmtf {
    /// The queue in the order of `activity` (the largest last, ties to the lower variable).
    pub(crate) fn new(activity: &[f64]) -> Vmtf {
        let n = activity.len();
        let mut order: Vec<u32> = (0..n as u32).collect();
        order.sort_by(|&a, &b| {
            let (x, y) = (activity[a as usize], activity[b as usize]);
            x.partial_cmp(&y).unwrap().then(b.cmp(&a))
        });
        let mut q = Vmtf {
            prev: vec![NONE; n],
            next: vec![NONE; n],
            stamp: vec![0; n],
            first: NONE,
            last: NONE,
            search: NONE,
            counter: 0,
        };
        for v in order {
            q.enqueue(v);
        }
        q.search = q.last;
        q
    }

    fn enqueue(&mut self, v: u32) {
        self.prev[v as usize] = self.last;
        self.next[v as usize] = NONE;
        if self.last == NONE {
            self.first = v;
        } else {
            self.next[self.last as usize] = v;
        }
        self.last = v;
        self.counter += 1;
        self.stamp[v as usize] = self.counter;
    }

    fn dequeue(&mut self, v: u32) {
        let (p, n) = (self.prev[v as usize], self.next[v as usize]);
        if p == NONE {
            self.first = n;
        } else {
            self.next[p as usize] = n;
        }
        if n == NONE {
            self.last = p;
        } else {
            self.prev[n as usize] = p;
        }
    }

    /// Moves the variables to the front, in the order they were last bumped.
    pub(crate) fn bump(&mut self, vars: &mut [u32], value: &[i8]) {
        vars.sort_unstable_by_key(|&v| self.stamp[v as usize]);
        for &v in vars.iter() {
            if self.search == v {
                // Keep the invariant: what follows `search` is assigned.
                self.search = self.prev[v as usize];
                if self.search == NONE {
                    self.search = self.next[v as usize];
                }
            }
            self.dequeue(v);
            self.enqueue(v);
            if value[pos(v as usize) as usize] == 0 {
                self.search = v;
            }
        }
        if self.search == NONE {
            self.search = self.last;
        }
    }

    /// `v` became unassigned.
    #[inline(always)]
    pub(crate) fn unassigned(&mut self, v: usize) {
        if self.search == NONE || self.stamp[v] > self.stamp[self.search as usize] {
            self.search = v as u32;
        }
    }

    /// The most recently bumped unassigned variable.
    pub(crate) fn pick(&mut self, value: &[i8]) -> Option<usize> {
        let mut v = self.search;
        while v != NONE && value[pos(v as usize) as usize] != 0 {
            v = self.prev[v as usize];
        }
        if v == NONE {
            self.search = self.first;
            return None;
        }
        self.search = v;
        Some(v as usize)
    }
}

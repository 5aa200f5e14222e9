//! One line's digit counts packed in machine words (`LineWord`), and the packing each board
//! side uses (`Side<N>: Packing`): the storage of `super::line_counts::LineCounts`.

/// One line's digit counts, packed: `add`/`remove` one occurrence of the digit with index
/// `d` (digit `d + 1`), `count` it, and `distinct`, the digits that occur at least once.
pub trait LineWord: Copy {
    const ZERO: Self;
    /// `u64` words one line takes in a store (`store`, `load`).
    const WORDS: usize;
    fn store(self, out: &mut [u64]);
    fn load(words: &[u64]) -> Self;
    fn add(&mut self, d: usize);
    fn remove(&mut self, d: usize);
    fn count(self, d: usize) -> u32;
    fn distinct(self) -> u32;
    /// The digits that occur at least twice, as a word whose `marks` test them.
    fn repeated(self) -> Self;
    /// Whether the digit with index `d` is marked in a word `repeated` returned.
    fn marks(self, d: usize) -> bool;
}

/// Four bits a digit in a `u64`: sides up to 16. A count never exceeds the box size (every
/// operator keeps each box a permutation, so a line meets a digit at most once per box it
/// crosses): at most 4 at 16x16, far below 15.
#[derive(Clone, Copy)]
pub struct Nibbles(u64);

impl LineWord for Nibbles {
    const ZERO: Self = Nibbles(0);
    const WORDS: usize = 1;
    #[inline(always)]
    fn store(self, out: &mut [u64]) {
        out[0] = self.0;
    }
    #[inline(always)]
    fn load(words: &[u64]) -> Self {
        Nibbles(words[0])
    }
    #[inline(always)]
    fn add(&mut self, d: usize) {
        self.0 = self.0.wrapping_add(1u64.wrapping_shl(4 * d as u32));
    }
    #[inline(always)]
    fn remove(&mut self, d: usize) {
        self.0 = self.0.wrapping_sub(1u64.wrapping_shl(4 * d as u32));
    }
    #[inline(always)]
    fn count(self, d: usize) -> u32 {
        (self.0.wrapping_shr(4 * d as u32) & 0xf) as u32
    }
    #[inline(always)]
    fn distinct(self) -> u32 {
        let x = self.0;
        ((x | x >> 1 | x >> 2 | x >> 3) & 0x1111_1111_1111_1111).count_ones()
    }
    #[inline(always)]
    fn repeated(self) -> Self {
        let x = self.0;
        Nibbles((x >> 1 | x >> 2 | x >> 3) & 0x1111_1111_1111_1111)
    }
    #[inline(always)]
    fn marks(self, d: usize) -> bool {
        self.0.wrapping_shr(4 * d as u32) & 1 != 0
    }
}

/// Four bits a digit in two `u64`s, digits 1-16 in the first, 17-32 in the second: sides up to
/// 32 with boxes below 16 (a count never exceeds the box size, as for `Nibbles`). Each
/// operation touches one word, with no 128-bit shifts.
#[derive(Clone, Copy)]
pub struct NibblePair([u64; 2]);

impl NibblePair {
    /// The word and the shift of the digit with index `d`.
    #[inline(always)]
    fn at(d: usize) -> (usize, u32) {
        ((d >> 4) & 1, 4 * (d & 15) as u32)
    }
}

impl LineWord for NibblePair {
    const ZERO: Self = NibblePair([0; 2]);
    const WORDS: usize = 2;
    #[inline(always)]
    fn store(self, out: &mut [u64]) {
        out[..2].copy_from_slice(&self.0);
    }
    #[inline(always)]
    fn load(words: &[u64]) -> Self {
        NibblePair([words[0], words[1]])
    }
    #[inline(always)]
    fn add(&mut self, d: usize) {
        let (word, shift) = Self::at(d);
        self.0[word] = self.0[word].wrapping_add(1 << shift);
    }
    #[inline(always)]
    fn remove(&mut self, d: usize) {
        let (word, shift) = Self::at(d);
        self.0[word] = self.0[word].wrapping_sub(1 << shift);
    }
    #[inline(always)]
    fn count(self, d: usize) -> u32 {
        let (word, shift) = Self::at(d);
        (self.0[word] >> shift & 0xf) as u32
    }
    #[inline(always)]
    fn distinct(self) -> u32 {
        Nibbles(self.0[0]).distinct() + Nibbles(self.0[1]).distinct()
    }
    #[inline(always)]
    fn repeated(self) -> Self {
        NibblePair([
            Nibbles(self.0[0]).repeated().0,
            Nibbles(self.0[1]).repeated().0,
        ])
    }
    #[inline(always)]
    fn marks(self, d: usize) -> bool {
        let (word, shift) = Self::at(d);
        self.0[word] >> shift & 1 != 0
    }
}

/// A byte a digit: any side up to 64.
#[derive(Clone, Copy)]
pub struct Bytes([u8; 64]);

impl LineWord for Bytes {
    const ZERO: Self = Bytes([0; 64]);
    const WORDS: usize = 8;
    #[inline(always)]
    fn store(self, out: &mut [u64]) {
        for (word, bytes) in out[..8].iter_mut().zip(self.0.chunks_exact(8)) {
            *word = u64::from_le_bytes(bytes.try_into().unwrap_or_default());
        }
    }
    #[inline(always)]
    fn load(words: &[u64]) -> Self {
        let mut bytes = [0u8; 64];
        for (bytes, word) in bytes.chunks_exact_mut(8).zip(&words[..8]) {
            bytes.copy_from_slice(&word.to_le_bytes());
        }
        Bytes(bytes)
    }
    #[inline(always)]
    fn add(&mut self, d: usize) {
        self.0[d & 63] = self.0[d & 63].wrapping_add(1);
    }
    #[inline(always)]
    fn remove(&mut self, d: usize) {
        self.0[d & 63] = self.0[d & 63].wrapping_sub(1);
    }
    #[inline(always)]
    fn count(self, d: usize) -> u32 {
        u32::from(self.0[d & 63])
    }
    #[inline(always)]
    fn distinct(self) -> u32 {
        self.0.iter().filter(|&&c| c != 0).count() as u32
    }
    #[inline(always)]
    fn repeated(self) -> Self {
        Bytes(self.0.map(|c| u8::from(c >= 2)))
    }
    #[inline(always)]
    fn marks(self, d: usize) -> bool {
        self.0[d & 63] != 0
    }
}

/// The board side `N` as a type, to pick the packing of its line counts.
pub struct Side<const N: usize>;

/// The `LineWord` a side's line counts use.
pub trait Packing {
    type Word: LineWord;
}
macro_rules! packing {
    ($($word:ident: $($side:literal)*;)*) => {
        $($(impl Packing for Side<$side> {
            type Word = $word;
        })*)*
    };
}
// Each side's word (each word's doc says which sides it holds).
packing! {
    Nibbles: 4 9 16;
    NibblePair: 25;
    Bytes: 36 49 64;
}

pub type Word<const N: usize> = <Side<N> as Packing>::Word;

// The child and its line masks (crates/evoku/shaders/ga/line_masks.wgsl) in private memory:
// each invocation builds its own child (`init`, `breed`). Registers or the invocation's local
// memory, not a shared buffer; private variables start at zero, so `lines_kept` starts false.
// child_workgroup.wgsl declares the same names for `breed_wide`.

var<private> child: array<u32, GENOME_WORDS>;
var<private> lines_seen: array<Mask, 2u * SIDE>;
var<private> lines_dup: array<Mask, 2u * SIDE>;
var<private> lines_tri: array<Mask, 2u * SIDE>;
var<private> lines_kept: bool;

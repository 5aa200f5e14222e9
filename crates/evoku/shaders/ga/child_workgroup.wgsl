// The child and its line masks (crates/evoku/shaders/ga/line_masks.wgsl) in workgroup memory:
// `breed_wide` (crates/evoku/shaders/ga/breed_wide.wgsl) builds one child per workgroup, its
// lanes sharing the copies and the masks. The same names as child_private.wgsl, so every
// operator runs unchanged on either; `breed_wide` clears `lines_kept` itself.

var<workgroup> child: array<u32, GENOME_WORDS>;
var<workgroup> lines_seen: array<Mask, 2u * SIDE>;
var<workgroup> lines_dup: array<Mask, 2u * SIDE>;
var<workgroup> lines_tri: array<Mask, 2u * SIDE>;
var<workgroup> lines_kept: bool;

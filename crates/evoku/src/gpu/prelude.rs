//! The WGSL prelude: what the shaders share with Rust, written out from Rust and prepended to
//! every assembled module, so that no `.wgsl` file declares it by hand.
//!
//! - Structs the GPU reads: [`gpu_struct!`](crate::gpu_struct) around a `#[repr(C)]` Pod
//!   struct gives it a [`GpuStruct`] description (per field: name, WGSL type, `offset_of!`), from
//!   which both the WGSL `struct` and the layout test (`tests/shader_layout.rs` reads it back
//!   through naga) derive.
//! - Operator codes: [`gpu_enum!`](crate::gpu_enum) around an enum with explicit discriminants
//!   emits one `const <PREFIX>_<VARIANT>: u32` per variant from its Rust discriminant (the GA's
//!   operator enums reach it through `choice_enum!`, crates/evoku/src/choice.rs).
//! - Bind group layouts: a table of [`Binding`]s per engine, read by the engine to build its
//!   layout and by the prelude to declare the `@group(0) @binding(k) var` lines.
//! - Bounds and constants: [`Prelude::uint`] and [`Prelude::int`].
//! - The board's size: [`Prelude::board`] writes `BOX_SIZE`, `SIDE` and `CELLS` as WGSL `const`s,
//!   so each engine assembles its modules for the problem's box size and the hot paths divide by
//!   compile-time constants (a shift or a multiply-high) instead of a uniform's value (a software
//!   division of some twenty instructions on most GPUs). Generated `const`s rather than WGSL
//!   `override`s: wgpu folds overrides into constants too (naga's `process_overrides` runs before
//!   the backend writes SPIR-V / MSL / HLSL), but an `override` cannot size a private array, and a
//!   `const` is already a constant when naga parses the module, so the layout test sees the same
//!   module the driver gets.
//!
//! Adding a field to a GPU struct is one line in Rust; adding an operator is one variant.

use std::fmt::Write as _;

/// One field of a [`GpuStruct`].
#[derive(Clone, Copy, Debug)]
pub struct Field {
    pub name: &'static str,
    /// The field's WGSL type (`u32`, `array<u32, 4>`).
    pub wgsl: fn() -> String,
    /// Byte offset in the Rust struct (`core::mem::offset_of!`).
    pub offset: usize,
}

/// A Rust type with a WGSL twin.
pub trait WgslType {
    fn wgsl() -> String;
}

impl WgslType for u32 {
    fn wgsl() -> String {
        "u32".into()
    }
}

impl WgslType for i32 {
    fn wgsl() -> String {
        "i32".into()
    }
}

impl<T: WgslType, const N: usize> WgslType for [T; N] {
    fn wgsl() -> String {
        format!("array<{}, {N}>", T::wgsl())
    }
}

/// A `#[repr(C)]` Pod struct that the GPU reads as a WGSL struct of the same name and layout.
pub trait GpuStruct: bytemuck::Pod {
    /// The struct's name in Rust and in WGSL.
    const NAME: &'static str;
    /// Its fields in declaration order.
    const FIELDS: &'static [Field];

    /// The WGSL declaration.
    fn wgsl_struct() -> String {
        let mut out = format!("struct {} {{\n", Self::NAME);
        for field in Self::FIELDS {
            let _ = writeln!(out, "    {}: {},", field.name, (field.wgsl)());
        }
        out.push_str("}\n");
        out
    }
}

/// Declares a `#[repr(C)]` struct and its [`GpuStruct`] description: the WGSL twin, field by
/// field, of the Rust declaration. Every field's type must implement [`WgslType`]; `derive`s and
/// docs pass through.
#[macro_export]
#[doc(hidden)]
macro_rules! gpu_struct {
    (
        $(#[$meta:meta])*
        $vis:vis struct $name:ident {
            $( $(#[$field_meta:meta])* $field_vis:vis $field:ident : $ty:ty ),* $(,)?
        }
    ) => {
        $(#[$meta])*
        #[repr(C)]
        $vis struct $name {
            $( $(#[$field_meta])* $field_vis $field : $ty ),*
        }

        impl $crate::gpu::prelude::GpuStruct for $name {
            const NAME: &'static str = stringify!($name);
            const FIELDS: &'static [$crate::gpu::prelude::Field] = &[
                $( $crate::gpu::prelude::Field {
                    name: stringify!($field),
                    wgsl: <$ty as $crate::gpu::prelude::WgslType>::wgsl,
                    offset: ::core::mem::offset_of!($name, $field),
                } ),*
            ];
        }

        impl $crate::gpu::prelude::WgslType for $name {
            fn wgsl() -> String {
                stringify!($name).into()
            }
        }
    };
}

/// An enum whose discriminants the shaders read as operator codes.
pub trait GpuEnum: Copy + 'static {
    /// Prefix of the WGSL constants (`MUTATION` for `MUTATION_SWAP`, ...).
    const PREFIX: &'static str;
    /// (Rust variant name, code) of every variant.
    const VARIANTS: &'static [(&'static str, u32)];
}

/// Declares an enum with explicit discriminants and its [`GpuEnum`] description, whose WGSL
/// constants are `<PREFIX>_<VARIANT in SCREAMING_SNAKE_CASE>`.
#[macro_export]
#[doc(hidden)]
macro_rules! gpu_enum {
    (
        prefix = $prefix:literal;
        $(#[$meta:meta])*
        $vis:vis enum $name:ident {
            $( $(#[$variant_meta:meta])* $variant:ident = $code:literal ),* $(,)?
        }
    ) => {
        $(#[$meta])*
        $vis enum $name {
            $( $(#[$variant_meta])* $variant = $code ),*
        }

        impl $crate::gpu::prelude::GpuEnum for $name {
            const PREFIX: &'static str = $prefix;
            const VARIANTS: &'static [(&'static str, u32)] =
                &[ $( (stringify!($variant), $code) ),* ];
        }
    };
}

/// How a stage sees a buffer binding.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Access {
    Uniform,
    Read,
    ReadWrite,
}

/// The type of a bound buffer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BufferType {
    /// One struct (a uniform block).
    Struct { name: &'static str, size: u32 },
    /// A runtime-sized array of `element`, `stride` bytes apart.
    Array { element: &'static str, stride: u32 },
}

impl BufferType {
    /// One `T`.
    pub const fn of<T: GpuStruct>() -> BufferType {
        BufferType::Struct {
            name: T::NAME,
            size: std::mem::size_of::<T>() as u32,
        }
    }

    /// An array of `element` (its WGSL name) whose elements are Rust `T`s.
    pub const fn array<T>(element: &'static str) -> BufferType {
        BufferType::Array {
            element,
            stride: std::mem::size_of::<T>() as u32,
        }
    }

    /// An array of `u32` words, the layout of most buffers.
    pub const WORDS: BufferType = BufferType::array::<u32>("u32");

    /// The WGSL type of the variable.
    pub fn wgsl(&self) -> String {
        match *self {
            BufferType::Struct { name, .. } => name.to_string(),
            BufferType::Array { element, .. } => format!("array<{element}>"),
        }
    }
}

/// One entry of a bind group layout: binding `k` of group 0 is the `k`-th of its table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Binding {
    /// The variable's name in WGSL.
    pub name: &'static str,
    pub access: Access,
    pub ty: BufferType,
}

impl Binding {
    /// A uniform block holding one `T`.
    pub const fn uniform<T: GpuStruct>(name: &'static str) -> Binding {
        Binding {
            name,
            access: Access::Uniform,
            ty: BufferType::of::<T>(),
        }
    }

    /// A storage buffer the stages only read.
    pub const fn read(name: &'static str, ty: BufferType) -> Binding {
        Binding {
            name,
            access: Access::Read,
            ty,
        }
    }

    /// A storage buffer the stages read and write.
    pub const fn read_write(name: &'static str, ty: BufferType) -> Binding {
        Binding {
            name,
            access: Access::ReadWrite,
            ty,
        }
    }

    /// The binding type a wgpu bind group layout entry gets.
    pub fn buffer_binding_type(&self) -> wgpu::BufferBindingType {
        match self.access {
            Access::Uniform => wgpu::BufferBindingType::Uniform,
            Access::Read => wgpu::BufferBindingType::Storage { read_only: true },
            Access::ReadWrite => wgpu::BufferBindingType::Storage { read_only: false },
        }
    }
}

/// `CamelCase` to `CAMEL_CASE`.
fn screaming_snake(name: &str) -> String {
    let mut out = String::new();
    for (i, c) in name.chars().enumerate() {
        if c.is_ascii_uppercase() && i > 0 {
            out.push('_');
        }
        out.push(c.to_ascii_uppercase());
    }
    out
}

/// A prelude being written; [`finish`](Prelude::finish) gives its text.
#[derive(Debug, Default)]
pub struct Prelude {
    text: String,
}

impl Prelude {
    /// A prelude for `what`, opening with the random function's stream keys (`crate::rng`),
    /// which `crates/evoku/shaders/rng.wgsl` serves to both algorithms.
    pub fn new(what: &str) -> Prelude {
        Prelude {
            text: format!(
                "// ---- prelude: {what}, generated from Rust (crates/evoku/src/gpu/prelude.rs) ----\n"
            ),
        }
        .uint("PAIR_STREAM", crate::rng::PAIR_STREAM)
        .uint("INIT_STREAM", crate::rng::INIT_STREAM)
    }

    /// The WGSL declaration of `T`.
    pub fn structure<T: GpuStruct>(mut self) -> Prelude {
        self.text.push_str(&T::wgsl_struct());
        self
    }

    /// One constant per variant of `E`.
    pub fn codes<E: GpuEnum>(mut self) -> Prelude {
        for (variant, code) in E::VARIANTS {
            let _ = writeln!(
                self.text,
                "const {}_{}: u32 = {code}u;",
                E::PREFIX,
                screaming_snake(variant)
            );
        }
        self
    }

    /// `const name: u32 = value;`
    pub fn uint(mut self, name: &str, value: u32) -> Prelude {
        let _ = writeln!(self.text, "const {name}: u32 = {value}u;");
        self
    }

    /// The board's size: `BOX_SIZE`, `SIDE` (`BOX_SIZE^2`), `CELLS` (`SIDE^2`), and the mask
    /// of every digit (`Geometry::all_digits`) as its low and high words `ALL_DIGITS_LO`,
    /// `ALL_DIGITS_HI` (computed here: a shader's `1u << SIDE` in a branch not taken at this size
    /// would be a constant shift past 31 bits, which naga rejects).
    pub fn board(self, geometry: crate::board::Geometry) -> Prelude {
        let all = geometry.all_digits();
        self.uint("BOX_SIZE", geometry.box_size() as u32)
            .uint("SIDE", geometry.side() as u32)
            .uint("CELLS", geometry.cells() as u32)
            .uint("ALL_DIGITS_LO", all as u32)
            .uint("ALL_DIGITS_HI", (all >> 32) as u32)
    }

    /// `const name: i32 = value;`
    pub fn int(mut self, name: &str, value: i32) -> Prelude {
        let _ = writeln!(self.text, "const {name}: i32 = {value}i;");
        self
    }

    /// The `var` declarations of a bind group layout, binding `k` the `k`-th of `bindings`.
    pub fn bindings(mut self, bindings: &[Binding]) -> Prelude {
        for (k, binding) in bindings.iter().enumerate() {
            let space = match binding.access {
                Access::Uniform => "uniform",
                Access::Read => "storage, read",
                Access::ReadWrite => "storage, read_write",
            };
            let _ = writeln!(
                self.text,
                "@group(0) @binding({k}) var<{space}> {}: {};",
                binding.name,
                binding.ty.wgsl()
            );
        }
        self
    }

    pub fn finish(self) -> String {
        self.text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn variant_names_become_screaming_snake_case() {
        assert_eq!(screaming_snake("MultiParent"), "MULTI_PARENT");
        assert_eq!(screaming_snake("None"), "NONE");
    }
}

//! The discardable `mc.*` attributes that carry, in upstream IR, what upstream MLIR has no place
//! for, so mc → MLIR → mc gives back the same mc IR. Upstream passes ignore them (and may drop
//! them: the import then falls back to the defaults below).
//!
//! | attribute | on | carries | import without it |
//! |---|---|---|---|
//! | `mc.quant` | the op defining a memref, `memref.global`, `arg_attrs`/`res_attrs` entries | the buffer's `!quant.uniform` element type (upstream's quant dialect type) | storage integers |
//! | `mc.not_splat` (unit) | `memref.global` | mc's data spells out every element, though they are all equal (MLIR keeps such data as a splat) | a splat when MLIR has one |
//! | `mc.storage_data` (unit) | `memref.global` with `mc.quant` | the data is typed with the storage integers, not the quantized type | data typed as the buffer |
//! | `mc.bank` | pool `memref.global` | the memory bank | `"sram"` |
//! | `mc.role` | pool `memref.global`, `memref.alloca` | `"scratch"`, `"persistent"` or `"constant"` | persistent if zero-initialized, else scratch |
//! | `mc.stages` | `constant` pool `memref.global` | `[{global = @g, offset = n : i64}, ...]`: the `buffer.stage`s into the pool (its initial bytes are the staged data); each comes back right after the pool, at the pool's location, as the planner places them | no stages |
//! | `mc.name` | `memref.alloca` | the variable a persistent `buffer.alloc` holds | none |
//! | `mc.kernel` | `memref.alloca` | the kernel that writes the `buffer.alloc` first (or whose workspace it is) | none |
//! | `mc.resources` | `builtin.module` | the order of mc's resource blobs (the order mc prints them in) | the order of first use |
//! | `mc.pool_view` (unit) | `memref.reinterpret_cast` | the cast and the `memref.view` it casts are one `buffer.pool_view` with a layout | a `buffer.view` of a `buffer.pool_view` |
//! | `mc.overlap`, `mc.overlap_min` | `builtin.unrealized_conversion_cast %output, %input : ... to none` | a `buffer.overlap` planning hint and its `max_delta` or `min_delta` (the cast has no use and no effect: upstream passes erase it) | — (such casts are not imported) |

/// A buffer's quantized element type.
pub const QUANT: &str = "mc.quant";
/// Data that mc spells element by element although MLIR holds it as a splat.
pub const NOT_SPLAT: &str = "mc.not_splat";
/// A quantized global's data typed with the storage integers.
pub const STORAGE_DATA: &str = "mc.storage_data";
/// A pool's memory bank.
pub const BANK: &str = "mc.bank";
/// A pool's or allocation's role.
pub const ROLE: &str = "mc.role";
/// The constants staged into a pool.
pub const STAGES: &str = "mc.stages";
/// A persistent allocation's variable name.
pub const NAME: &str = "mc.name";
/// The kernel writing an allocation first.
pub const KERNEL: &str = "mc.kernel";
/// The order of the module's resource blobs.
pub const RESOURCES: &str = "mc.resources";
/// The `max_delta` of a `buffer.overlap` hint (rows ascending).
pub const OVERLAP: &str = "mc.overlap";
/// The `min_delta` of a `buffer.overlap` hint (rows descending).
pub const OVERLAP_MIN: &str = "mc.overlap_min";
/// A layout cast that belongs to the pool view it casts.
pub const POOL_VIEW: &str = "mc.pool_view";

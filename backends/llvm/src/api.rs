//! The generated C API: the functions a firmware calls, defined in LLVM IR next to the model.
//!
//! ```c
//! status = <prefix>_context_init(&ctx);   // zero ctx; point regions at the object's own arenas
//! status = <prefix>_bind_arena(&ctx, <PREFIX>_REGION_SRAM_SCRATCH, buf, sizeof buf); // if the
//!                                          // application owns the arenas (allocate_arenas = false)
//! status = <prefix>_model_init(&ctx);      // check every region; reset persistent state
//! ctx.input[0] = in; ctx.output[0] = out;
//! status = <prefix>_model_run(&ctx);       // one inference; state carries over to the next
//! status = <prefix>_model_reset_state(&ctx); // state as model_init sets it, nothing else touched
//! ```
//!
//! When constants are staged into RAM (`buffer.stage`), `model_init` calls
//! `<prefix>_hydrate_constants(ctx)`, a weak function copying each from its flash image (listed
//! in the exported table `<prefix>_staged_constants`: image, region, offset, bytes) that the
//! application may replace, e.g. with a DMA transfer.
//!
//! The context (`<prefix>_context_t`, laid out by [`ContextLayout`]) holds each region's base and
//! bound size, the input and output pointers and a private state word. Every function returns an
//! `int32_t` [`Status`] (no enum type crosses the ABI: compilers disagree on enum sizes on
//! Cortex-M). The entry function (`@main`) is internal and takes the regions' bases, then the
//! inputs and outputs, all `noalias`: regions must not overlap each other (init checks) nor the
//! caller's buffers (documented).

use crate::interface::Interface;
use crate::symbols::Prefix;
use inkwell::AddressSpace;
use inkwell::IntPredicate;
use inkwell::attributes::{Attribute, AttributeLoc};
use inkwell::builder::{Builder, BuilderError};
use inkwell::context::Context as LlvmContext;
use inkwell::module::{Linkage, Module};
use inkwell::types::{IntType, StructType};
use inkwell::values::{FunctionValue, IntValue, PointerValue};
use mc_dialects::buffer::Role;

/// What an API function returns.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[repr(i32)]
pub enum Status {
    /// Success.
    Ok = 0,
    /// The context pointer is null.
    NullContext = 1,
    /// `bind_arena` got a region index the model does not have.
    BadRegion = 2,
    /// A region has no base (null).
    ArenaUnbound = 3,
    /// A region's bound size is smaller than the plan needs.
    ArenaTooSmall = 4,
    /// A region's base is not aligned as the plan needs.
    ArenaMisaligned = 5,
    /// `model_run` or `model_reset_state` before a successful `model_init` (or after a
    /// `bind_arena`).
    NotInitialized = 6,
    /// An input or output pointer is null.
    IoUnbound = 7,
    /// Two regions overlap.
    ArenaOverlap = 8,
}

impl Status {
    /// Every status, in value order.
    pub const ALL: [Status; 9] = [
        Status::Ok,
        Status::NullContext,
        Status::BadRegion,
        Status::ArenaUnbound,
        Status::ArenaTooSmall,
        Status::ArenaMisaligned,
        Status::NotInitialized,
        Status::IoUnbound,
        Status::ArenaOverlap,
    ];

    /// The C name after `<PREFIX>_STATUS_`.
    pub fn c_name(self) -> &'static str {
        match self {
            Status::Ok => "OK",
            Status::NullContext => "NULL_CONTEXT",
            Status::BadRegion => "BAD_REGION",
            Status::ArenaUnbound => "ARENA_UNBOUND",
            Status::ArenaTooSmall => "ARENA_TOO_SMALL",
            Status::ArenaMisaligned => "ARENA_MISALIGNED",
            Status::NotInitialized => "NOT_INITIALIZED",
            Status::IoUnbound => "IO_UNBOUND",
            Status::ArenaOverlap => "ARENA_OVERLAP",
        }
    }

    /// What it means, for the header's comments.
    pub fn meaning(self) -> &'static str {
        match self {
            Status::Ok => "success",
            Status::NullContext => "the context pointer is null",
            Status::BadRegion => "no region has this index",
            Status::ArenaUnbound => "a region's base is null",
            Status::ArenaTooSmall => "a region is smaller than the plan needs",
            Status::ArenaMisaligned => "a region's base is not aligned as the plan needs",
            Status::NotInitialized => "model_init has not succeeded since the last bind_arena",
            Status::IoUnbound => "an input or output pointer is null",
            Status::ArenaOverlap => "two regions overlap",
        }
    }
}

/// The value of the context's state word once `model_init` succeeded.
const INITIALIZED: u64 = 0x6d63_494e;

/// The byte offsets of the context's fields for a target with `pointer_bytes`-byte pointers, as
/// a C compiler lays out the struct the header declares (every array has at least one element).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct ContextLayout {
    /// `void *arena[regions + 1]`.
    pub arena: usize,
    /// `uint32_t arena_bytes[regions + 1]`.
    pub arena_bytes: usize,
    /// `const void *input[max(inputs, 1)]`.
    pub input: usize,
    /// `void *output[max(outputs, 1)]`.
    pub output: usize,
    /// `uint32_t state`.
    pub state: usize,
    /// `sizeof`, a multiple of the pointer size.
    pub size: usize,
}

impl ContextLayout {
    /// The layout for `regions` regions, `inputs` inputs and `outputs` outputs.
    pub fn new(pointer_bytes: usize, regions: usize, inputs: usize, outputs: usize) -> ContextLayout {
        let align = |offset: usize| offset.div_ceil(pointer_bytes) * pointer_bytes;
        let arena_bytes = (regions + 1) * pointer_bytes;
        let input = align(arena_bytes + (regions + 1) * 4);
        let output = input + inputs.max(1) * pointer_bytes;
        let state = output + outputs.max(1) * pointer_bytes;
        ContextLayout { arena: 0, arena_bytes, input, output, state, size: align(state + 4) }
    }
}

/// The context struct as an LLVM type, for `regions` regions, `inputs` inputs and `outputs`
/// outputs.
pub fn context_type(llvm: &LlvmContext, regions: usize, inputs: usize, outputs: usize) -> StructType<'_> {
    let ptr = llvm.ptr_type(AddressSpace::default());
    let regions = regions as u32 + 1;
    llvm.struct_type(
        &[
            ptr.array_type(regions).into(),
            llvm.i32_type().array_type(regions).into(),
            ptr.array_type(inputs.max(1) as u32).into(),
            ptr.array_type(outputs.max(1) as u32).into(),
            llvm.i32_type().into(),
        ],
        false,
    )
}

/// Field indices of the context struct.
const ARENA: u32 = 0;
const ARENA_BYTES: u32 = 1;
const INPUT: u32 = 2;
const OUTPUT: u32 = 3;
const STATE: u32 = 4;

/// Defines the API functions in `module`. `entry` is the lowered entry function (regions'
/// bases, inputs, outputs); `arenas` the object's own arenas when it allocates them; `images` the
/// flash image of each staged constant; `intptr` the target's pointer-sized integer.
#[allow(clippy::too_many_arguments)] // the module's parts the API refers to; a struct would only rename them
pub(crate) fn define_api<'ll>(
    llvm: &'ll LlvmContext,
    module: &Module<'ll>,
    prefix: &Prefix,
    interface: &Interface,
    entry: FunctionValue<'ll>,
    arenas: Option<&[PointerValue<'ll>]>,
    images: &[PointerValue<'ll>],
    intptr: IntType<'ll>,
) -> Result<(), String> {
    let (regions, inputs, outputs) = (interface.regions.len(), interface.inputs.len(), interface.outputs.len());
    let context = context_type(llvm, regions, inputs, outputs);
    let api = Api { llvm, module, prefix, interface, context, intptr };
    api.context_init(arenas).map_err(llvm_error)?;
    api.bind_arena().map_err(llvm_error)?;
    let hydrate = if images.is_empty() { None } else { Some(api.hydrate_constants(images)?) };
    api.model_init(hydrate).map_err(llvm_error)?;
    api.model_reset_state().map_err(llvm_error)?;
    api.model_run(entry).map_err(llvm_error)
}

/// The staged-constant table's entry type: `{ const void *image; uint32_t region, offset, bytes; }`.
pub fn staged_constant_type(llvm: &LlvmContext) -> StructType<'_> {
    let i32 = llvm.i32_type();
    llvm.struct_type(&[llvm.ptr_type(AddressSpace::default()).into(), i32.into(), i32.into(), i32.into()], false)
}

fn llvm_error(error: BuilderError) -> String {
    format!("internal error: LLVM builder error while defining the C API: {error}")
}

/// The state shared by the API function builders.
struct Api<'a, 'll> {
    llvm: &'ll LlvmContext,
    module: &'a Module<'ll>,
    prefix: &'a Prefix,
    interface: &'a Interface,
    context: StructType<'ll>,
    /// The target's pointer-sized integer.
    intptr: IntType<'ll>,
}

/// One API function being built: checks branch to a block returning their status.
struct Function<'ll> {
    llvm: &'ll LlvmContext,
    function: FunctionValue<'ll>,
    builder: Builder<'ll>,
}

impl<'ll> Function<'ll> {
    /// Returns `status` from the current block.
    fn ret(&self, status: Status) -> Result<(), BuilderError> {
        self.builder.build_return(Some(&self.llvm.i32_type().const_int(status as u64, false)))?;
        Ok(())
    }

    /// Returns `status` if `failed`, else goes on in a new block.
    fn check(&self, failed: IntValue<'ll>, status: Status) -> Result<(), BuilderError> {
        let fail = self.llvm.append_basic_block(self.function, "fail");
        let next = self.llvm.append_basic_block(self.function, "next");
        self.builder.build_conditional_branch(failed, fail, next)?;
        self.builder.position_at_end(fail);
        self.ret(status)?;
        self.builder.position_at_end(next);
        Ok(())
    }

    /// Returns [`Status::NullContext`] if the pointer parameter 0 is null.
    fn check_context(&self) -> Result<PointerValue<'ll>, BuilderError> {
        let context = self.function.get_nth_param(0).expect("a context parameter").into_pointer_value();
        self.check(self.builder.build_is_null(context, "")?, Status::NullContext)?;
        Ok(context)
    }
}

impl<'ll> Api<'_, 'll> {
    fn i32(&self) -> IntType<'ll> {
        self.llvm.i32_type()
    }

    fn ptr(&self) -> inkwell::types::PointerType<'ll> {
        self.llvm.ptr_type(AddressSpace::default())
    }

    /// Declares the external, `nounwind` API function `name` returning a status.
    fn function(&self, name: &str, params: &[inkwell::types::BasicMetadataTypeEnum<'ll>]) -> Function<'ll> {
        let function = self.module.add_function(name, self.i32().fn_type(params, false), Some(Linkage::External));
        let nounwind = self.llvm.create_enum_attribute(Attribute::get_named_enum_kind_id("nounwind"), 0);
        function.add_attribute(AttributeLoc::Function, nounwind);
        function.as_global_value().set_section(Some(&self.prefix.text_section(name)));
        let builder = self.llvm.create_builder();
        builder.position_at_end(self.llvm.append_basic_block(function, "entry"));
        Function { llvm: self.llvm, function, builder }
    }

    /// The address of element `index` of array field `field` of the context at `context`.
    fn field(
        &self,
        f: &Function<'ll>,
        context: PointerValue<'ll>,
        field: u32,
        index: IntValue<'ll>,
    ) -> Result<PointerValue<'ll>, BuilderError> {
        let zero = self.i32().const_zero();
        let field = self.i32().const_int(u64::from(field), false);
        // SAFETY (LLVM's): the indices stay inside the context struct; dynamic ones are checked.
        unsafe { f.builder.build_in_bounds_gep(self.context, context, &[zero, field, index], "") }
    }

    fn constant(&self, value: u64) -> IntValue<'ll> {
        self.i32().const_int(value, false)
    }

    /// `<prefix>_context_init(ctx)`: zeroes the context and, when the object allocates the
    /// arenas, points every region at its own.
    fn context_init(&self, arenas: Option<&[PointerValue<'ll>]>) -> Result<(), BuilderError> {
        let f = self.function(&self.prefix.context_init(), &[self.ptr().into()]);
        let context = f.check_context()?;
        let size = self.context.size_of().expect("a sized struct");
        f.builder.build_memset(context, 4, self.llvm.i8_type().const_zero(), size)?;
        for (index, (region, &arena)) in self.interface.regions.iter().zip(arenas.unwrap_or_default()).enumerate() {
            let index = self.constant(index as u64);
            f.builder.build_store(self.field(&f, context, ARENA, index)?, arena)?;
            f.builder.build_store(self.field(&f, context, ARENA_BYTES, index)?, self.constant(region.bytes))?;
        }
        f.ret(Status::Ok)
    }

    /// `<prefix>_bind_arena(ctx, region, base, bytes)`: checks and records one region.
    fn bind_arena(&self) -> Result<(), BuilderError> {
        let params = [self.ptr().into(), self.i32().into(), self.ptr().into(), self.i32().into()];
        let f = self.function(&self.prefix.bind_arena(), &params);
        let context = f.check_context()?;
        let param = |i: u32| f.function.get_nth_param(i).expect("a parameter");
        let (region, base, bytes) =
            (param(1).into_int_value(), param(2).into_pointer_value(), param(3).into_int_value());
        let count = self.constant(self.interface.regions.len() as u64);
        f.check(f.builder.build_int_compare(IntPredicate::UGE, region, count, "")?, Status::BadRegion)?;
        let table = |name: &str, values: Vec<u64>| {
            let values: Vec<IntValue<'ll>> =
                values.into_iter().chain([0]).map(|v| self.constant(v)).collect::<Vec<_>>();
            let array = self.i32().const_array(&values);
            let global = self.module.add_global(array.get_type(), None, &format!("{}_{name}", self.prefix.as_str()));
            global.set_initializer(&array);
            global.set_constant(true);
            global.set_linkage(Linkage::Private);
            global
        };
        let sizes = table("region_bytes", self.interface.regions.iter().map(|r| r.bytes).collect());
        let alignments = table("region_alignment", self.interface.regions.iter().map(|r| r.alignment).collect());
        let load = |global: inkwell::values::GlobalValue<'ll>| -> Result<IntValue<'ll>, BuilderError> {
            let array = global.get_value_type().into_array_type();
            // SAFETY (LLVM's): `region` was checked to be below the table's length.
            let at = unsafe {
                f.builder.build_in_bounds_gep(array, global.as_pointer_value(), &[self.constant(0), region], "")?
            };
            Ok(f.builder.build_load(self.i32(), at, "")?.into_int_value())
        };
        let (size, alignment) = (load(sizes)?, load(alignments)?);
        self.check_region(&f, base, bytes, size, alignment)?;
        f.builder.build_store(self.field(&f, context, ARENA, region)?, base)?;
        f.builder.build_store(self.field(&f, context, ARENA_BYTES, region)?, bytes)?;
        f.builder.build_store(self.state(&f, context)?, self.constant(0))?;
        f.ret(Status::Ok)
    }

    /// Returns the status of the first check that `base` (`bytes` long) fails for a region of
    /// `size` bytes aligned to `alignment`.
    fn check_region(
        &self,
        f: &Function<'ll>,
        base: PointerValue<'ll>,
        bytes: IntValue<'ll>,
        size: IntValue<'ll>,
        alignment: IntValue<'ll>,
    ) -> Result<(), BuilderError> {
        f.check(f.builder.build_is_null(base, "")?, Status::ArenaUnbound)?;
        f.check(f.builder.build_int_compare(IntPredicate::ULT, bytes, size, "")?, Status::ArenaTooSmall)?;
        let address = f.builder.build_ptr_to_int(base, self.intptr, "")?;
        let alignment = f.builder.build_int_z_extend_or_bit_cast(alignment, self.intptr, "")?;
        let mask = f.builder.build_int_sub(alignment, self.intptr.const_int(1, false), "")?;
        let low = f.builder.build_and(address, mask, "")?;
        let misaligned = f.builder.build_int_compare(IntPredicate::NE, low, self.intptr.const_zero(), "")?;
        f.check(misaligned, Status::ArenaMisaligned)
    }

    fn state(&self, f: &Function<'ll>, context: PointerValue<'ll>) -> Result<PointerValue<'ll>, BuilderError> {
        f.builder.build_struct_gep(self.context, context, STATE, "state")
    }

    /// Loads region `index`'s base from the context.
    fn base(
        &self,
        f: &Function<'ll>,
        context: PointerValue<'ll>,
        index: usize,
    ) -> Result<PointerValue<'ll>, BuilderError> {
        let at = self.field(f, context, ARENA, self.constant(index as u64))?;
        Ok(f.builder.build_load(self.ptr(), at, "")?.into_pointer_value())
    }

    /// The exported table `<prefix>_staged_constants` and the weak
    /// `void <prefix>_hydrate_constants(ctx)` that copies each staged constant's `images` entry
    /// into its region.
    fn hydrate_constants(&self, images: &[PointerValue<'ll>]) -> Result<FunctionValue<'ll>, String> {
        let entry_type = staged_constant_type(self.llvm);
        let entries: Vec<_> = self
            .interface
            .staged
            .iter()
            .zip(images)
            .map(|(s, &image)| {
                let fields = [
                    image.into(),
                    self.constant(s.region as u64).into(),
                    self.constant(s.offset).into(),
                    self.constant(s.bytes).into(),
                ];
                entry_type.const_named_struct(&fields)
            })
            .collect();
        let table = entry_type.const_array(&entries);
        let global = self.module.add_global(table.get_type(), None, &self.prefix.staged_constants());
        global.set_initializer(&table);
        global.set_constant(true);
        global.set_section(Some(&self.prefix.rodata_section(crate::symbols::CONSTANT_BANK)));

        let name = self.prefix.hydrate_constants();
        let function = self.module.add_function(
            &name,
            self.llvm.void_type().fn_type(&[self.ptr().into()], false),
            Some(Linkage::WeakAny),
        );
        let nounwind = self.llvm.create_enum_attribute(Attribute::get_named_enum_kind_id("nounwind"), 0);
        function.add_attribute(AttributeLoc::Function, nounwind);
        function.as_global_value().set_section(Some(&self.prefix.text_section(&name)));
        let builder = self.llvm.create_builder();
        builder.position_at_end(self.llvm.append_basic_block(function, "entry"));
        let f = Function { llvm: self.llvm, function, builder };
        let context = function.get_nth_param(0).expect("a context parameter").into_pointer_value();
        let i8 = self.llvm.i8_type();
        for (staged, &image) in self.interface.staged.iter().zip(images) {
            let base = self.base(&f, context, staged.region).map_err(llvm_error)?;
            let offset = self.intptr.const_int(staged.offset, false);
            // SAFETY (LLVM's): the constant lies inside its region (the verifier checked the stage).
            let at = unsafe { f.builder.build_in_bounds_gep(i8, base, &[offset], "") }.map_err(llvm_error)?;
            let bytes = self.intptr.const_int(staged.bytes, false);
            f.builder.build_memcpy(at, 1, image, 1, bytes).map_err(|e| format!("internal error: {e}"))?;
        }
        f.builder.build_return(None).map_err(llvm_error)?;
        Ok(function)
    }

    /// `<prefix>_model_init(ctx)`: checks every region (bound, large enough, aligned, disjoint),
    /// hydrates the staged constants, zeroes persistent regions and re-seeds their 8-bit state to
    /// its zero point, and marks the context initialized.
    fn model_init(&self, hydrate: Option<FunctionValue<'ll>>) -> Result<(), BuilderError> {
        let f = self.function(&self.prefix.model_init(), &[self.ptr().into()]);
        let context = f.check_context()?;
        let regions = &self.interface.regions;
        let mut spans = Vec::new();
        for (index, region) in regions.iter().enumerate() {
            let base = self.base(&f, context, index)?;
            let at = self.field(&f, context, ARENA_BYTES, self.constant(index as u64))?;
            let bytes = f.builder.build_load(self.i32(), at, "")?.into_int_value();
            self.check_region(&f, base, bytes, self.constant(region.bytes), self.constant(region.alignment))?;
            let start = f.builder.build_ptr_to_int(base, self.intptr, "")?;
            let end = f.builder.build_int_add(start, self.intptr.const_int(region.bytes, false), "")?;
            spans.push((start, end));
        }
        for (i, &(start_a, end_a)) in spans.iter().enumerate() {
            for &(start_b, end_b) in &spans[i + 1..] {
                // [a, a_end) and [b, b_end) overlap when a < b_end and b < a_end.
                let a_before = f.builder.build_int_compare(IntPredicate::ULT, start_a, end_b, "")?;
                let b_before = f.builder.build_int_compare(IntPredicate::ULT, start_b, end_a, "")?;
                f.check(f.builder.build_and(a_before, b_before, "")?, Status::ArenaOverlap)?;
            }
        }
        if let Some(hydrate) = hydrate {
            f.builder.build_call(hydrate, &[context.into()], "")?;
        }
        self.reset_persistent(&f, context)?;
        f.builder.build_store(self.state(&f, context)?, self.constant(INITIALIZED))?;
        f.ret(Status::Ok)
    }

    /// `<prefix>_model_reset_state(ctx)`: on an initialized context, sets the persistent state
    /// as `model_init` does and touches nothing else (regions, constants, inputs, outputs).
    fn model_reset_state(&self) -> Result<(), BuilderError> {
        let f = self.function(&self.prefix.model_reset_state(), &[self.ptr().into()]);
        let context = f.check_context()?;
        self.check_initialized(&f, context)?;
        self.reset_persistent(&f, context)?;
        f.ret(Status::Ok)
    }

    /// Zeroes every persistent region of the context at `context` and re-seeds its 8-bit state
    /// to its zero point.
    fn reset_persistent(&self, f: &Function<'ll>, context: PointerValue<'ll>) -> Result<(), BuilderError> {
        let i8 = self.llvm.i8_type();
        let regions = &self.interface.regions;
        for (index, region) in regions.iter().enumerate().filter(|(_, r)| r.role == Role::Persistent) {
            let base = self.base(f, context, index)?;
            f.builder.build_memset(base, 1, i8.const_zero(), self.intptr.const_int(region.bytes, false))?;
            for seed in self.interface.seeds.iter().filter(|s| s.region == index) {
                let offset = self.intptr.const_int(seed.offset, false);
                // SAFETY (LLVM's): the seed lies inside its region (the planner placed it there).
                let at = unsafe { f.builder.build_in_bounds_gep(i8, base, &[offset], "")? };
                let value = i8.const_int(u64::from(seed.value), false);
                f.builder.build_memset(at, 1, value, self.intptr.const_int(seed.bytes, false))?;
            }
        }
        Ok(())
    }

    /// Returns [`Status::NotInitialized`] unless `model_init` succeeded on the context at
    /// `context` since its last `bind_arena`.
    fn check_initialized(&self, f: &Function<'ll>, context: PointerValue<'ll>) -> Result<(), BuilderError> {
        let state = f.builder.build_load(self.i32(), self.state(f, context)?, "")?.into_int_value();
        let uninitialized = f.builder.build_int_compare(IntPredicate::NE, state, self.constant(INITIALIZED), "")?;
        f.check(uninitialized, Status::NotInitialized)
    }

    /// `<prefix>_model_run(ctx)`: one inference on the context's regions, inputs and outputs.
    fn model_run(&self, entry: FunctionValue<'ll>) -> Result<(), BuilderError> {
        let f = self.function(&self.prefix.entry(), &[self.ptr().into()]);
        let context = f.check_context()?;
        self.check_initialized(&f, context)?;
        let mut args = Vec::new();
        for index in 0..self.interface.regions.len() {
            args.push(self.base(&f, context, index)?.into());
        }
        for (field, count) in [(INPUT, self.interface.inputs.len()), (OUTPUT, self.interface.outputs.len())] {
            for index in 0..count {
                let at = self.field(&f, context, field, self.constant(index as u64))?;
                let pointer = f.builder.build_load(self.ptr(), at, "")?.into_pointer_value();
                f.check(f.builder.build_is_null(pointer, "")?, Status::IoUnbound)?;
                args.push(pointer.into());
            }
        }
        f.builder.build_call(entry, &args, "")?;
        f.ret(Status::Ok)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_context_layout_follows_c_rules() {
        // 32-bit: 3 arena pointers, 3 sizes, 1 input, 2 outputs, state.
        assert_eq!(
            ContextLayout::new(4, 2, 1, 2),
            ContextLayout { arena: 0, arena_bytes: 12, input: 24, output: 28, state: 36, size: 40 }
        );
        // 64-bit: the input array is pointer-aligned after the sizes; no inputs still take one slot.
        assert_eq!(
            ContextLayout::new(8, 0, 0, 1),
            ContextLayout { arena: 0, arena_bytes: 8, input: 16, output: 24, state: 32, size: 40 }
        );
    }

    #[test]
    fn statuses_are_numbered_in_order() {
        for (value, status) in Status::ALL.into_iter().enumerate() {
            assert_eq!(status as usize, value);
        }
    }
}

//! mc's value types as LLVM types: signless integers as themselves (`i1` included), `index` as
//! the target's pointer-sized integer, `f32`/`f64` as `float`/`double`, and memory values
//! (`!buffer`) as opaque pointers whose layout stays in the mc type ([`crate::layout`]), integer
//! vectors (`vector<16xi8>`) as LLVM vectors (`<16 x i8>`).

use crate::layout::MemoryLayout;
use inkwell::AddressSpace;
use inkwell::context::Context as LlvmContext;
use inkwell::types::{BasicTypeEnum, IntType};
use mc_ir::printer::attributes::type_to_string;
use mc_ir::{Context, FloatKind, Signedness, Type, TypeKind};

/// What a value of some mc type is once lowered.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Scalar {
    /// A signless integer of this width (1, 8, 16, 32 or 64 bits; [`Scalar::of`] checks).
    Int(u32),
    /// `index`.
    Index,
    /// `f32` or `f64`.
    Float(FloatKind),
    /// A buffer (pointer).
    Memory,
    /// A vector of `lanes` signless integers of `width` bits (the `vector` dialect's).
    Vector {
        /// Number of lanes.
        lanes: u32,
        /// Bits per lane (1, 8, 16, 32 or 64).
        width: u32,
    },
}

impl Scalar {
    /// The kind of values of type `ty`, or why the backend cannot lower them.
    pub fn of(ctx: &Context, ty: Type) -> Result<Scalar, String> {
        match ctx.type_kind(ty) {
            TypeKind::Integer { width: w @ (1 | 8 | 16 | 32 | 64), signedness: Signedness::Signless } => {
                Ok(Scalar::Int(*w))
            }
            TypeKind::Index => Ok(Scalar::Index),
            TypeKind::Float(kind @ (FloatKind::F32 | FloatKind::F64)) => Ok(Scalar::Float(*kind)),
            TypeKind::Buffer(_) if MemoryLayout::of(ctx, ty).is_some() => Ok(Scalar::Memory),
            TypeKind::Vector { lanes, element } => match (Scalar::of(ctx, *element), u32::try_from(*lanes)) {
                (Ok(Scalar::Int(width)), Ok(lanes)) => Ok(Scalar::Vector { lanes, width }),
                _ => Err(format!("type '{}' is not supported by the LLVM backend", type_to_string(ctx, ty))),
            },
            TypeKind::Tensor { .. } => Err(format!(
                "tensor values ('{}') are not supported by the LLVM backend: lower to loops first",
                type_to_string(ctx, ty)
            )),
            _ => Err(format!("type '{}' is not supported by the LLVM backend", type_to_string(ctx, ty))),
        }
    }
}

/// The LLVM types of one module: `index` is `index`, pointers are in address space 0.
#[derive(Copy, Clone, Debug)]
pub struct TypeMap<'ll> {
    /// The LLVM context.
    pub llvm: &'ll LlvmContext,
    /// The pointer-sized integer `index` lowers to.
    pub index: IntType<'ll>,
}

impl<'ll> TypeMap<'ll> {
    /// The LLVM type of a value of kind `kind`.
    pub fn basic(&self, kind: Scalar) -> BasicTypeEnum<'ll> {
        match kind {
            Scalar::Int(1) => self.llvm.bool_type().into(),
            Scalar::Int(8) => self.llvm.i8_type().into(),
            Scalar::Int(16) => self.llvm.i16_type().into(),
            Scalar::Int(32) => self.llvm.i32_type().into(),
            Scalar::Int(_) => self.llvm.i64_type().into(),
            Scalar::Index => self.index.into(),
            Scalar::Float(FloatKind::F64) => self.llvm.f64_type().into(),
            Scalar::Float(_) => self.llvm.f32_type().into(),
            Scalar::Memory => self.llvm.ptr_type(AddressSpace::default()).into(),
            Scalar::Vector { lanes, width } => {
                let lane = self.basic(Scalar::Int(width)).into_int_type();
                lane.vec_type(lanes).into()
            }
        }
    }

    /// The LLVM type of values of the mc type `ty`.
    pub fn of(&self, ctx: &Context, ty: Type) -> Result<BasicTypeEnum<'ll>, String> {
        Scalar::of(ctx, ty).map(|kind| self.basic(kind))
    }
}

//! [`Tensor`]: an n-d array as raw little-endian bytes with its element type and shape, seeded
//! random contents ([`Rng`]), and the comparison of outputs.

/// Element types the conformance tests exchange.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum DType {
    /// `int8`.
    Int8,
    /// `uint8`.
    UInt8,
    /// `int16`.
    Int16,
    /// `int32`.
    Int32,
    /// `int64` (biases of 16x8 kernels).
    Int64,
    /// `uint32` (energies and filter bank channels of TFLite Micro's signal library).
    UInt32,
    /// `uint64` (filter bank accumulators of the signal library).
    UInt64,
    /// `float32`.
    Float32,
    /// `bool`, one byte (0 or 1) per element.
    Bool,
}

impl DType {
    /// Bytes per element.
    pub fn size(self) -> usize {
        match self {
            DType::Int8 | DType::UInt8 | DType::Bool => 1,
            DType::Int16 => 2,
            DType::Int32 | DType::UInt32 | DType::Float32 => 4,
            DType::Int64 | DType::UInt64 => 8,
        }
    }

    /// numpy's name for the type.
    pub fn numpy(self) -> &'static str {
        match self {
            DType::Int8 => "int8",
            DType::UInt8 => "uint8",
            DType::Int16 => "int16",
            DType::Int32 => "int32",
            DType::Int64 => "int64",
            DType::UInt32 => "uint32",
            DType::UInt64 => "uint64",
            DType::Float32 => "float32",
            DType::Bool => "bool",
        }
    }

    /// Every element type, in declaration order.
    pub const ALL: [DType; 9] = [
        DType::Int8,
        DType::UInt8,
        DType::Int16,
        DType::Int32,
        DType::Int64,
        DType::UInt32,
        DType::UInt64,
        DType::Float32,
        DType::Bool,
    ];

    /// The type numpy calls `name`.
    pub fn from_numpy(name: &str) -> Option<DType> {
        DType::ALL.into_iter().find(|d| d.numpy() == name)
    }

    /// The TFLite tensor type.
    pub fn tflite(self) -> mc_tflite::DType {
        match self {
            DType::Int8 => mc_tflite::DType::Int8,
            DType::UInt8 => mc_tflite::DType::UInt8,
            DType::Int16 => mc_tflite::DType::Int16,
            DType::Int32 => mc_tflite::DType::Int32,
            DType::Int64 => mc_tflite::DType::Int64,
            DType::UInt32 => mc_tflite::DType::UInt32,
            DType::UInt64 => mc_tflite::DType::UInt64,
            DType::Float32 => mc_tflite::DType::Float32,
            DType::Bool => mc_tflite::DType::Bool,
        }
    }
}

/// An n-d array: element type, shape and `len(shape) · size` little-endian bytes.
#[derive(Clone, PartialEq, Debug)]
pub struct Tensor {
    /// Element type.
    pub dtype: DType,
    /// Dimensions.
    pub shape: Vec<usize>,
    /// The elements, row-major.
    pub data: Vec<u8>,
}

impl Tensor {
    /// A tensor of zeros.
    pub fn zeros(dtype: DType, shape: &[usize]) -> Tensor {
        let count: usize = shape.iter().product();
        Tensor { dtype, shape: shape.to_vec(), data: vec![0; count * dtype.size()] }
    }

    /// An int8 tensor holding `values`.
    pub fn from_i8(shape: &[usize], values: &[i8]) -> Tensor {
        Tensor { dtype: DType::Int8, shape: shape.to_vec(), data: values.iter().map(|&v| v as u8).collect() }
    }

    /// An int16 tensor holding `values`.
    pub fn from_i16(shape: &[usize], values: &[i16]) -> Tensor {
        Tensor {
            dtype: DType::Int16,
            shape: shape.to_vec(),
            data: values.iter().flat_map(|v| v.to_le_bytes()).collect(),
        }
    }

    /// The elements as `i16` (int16 tensors).
    pub fn i16s(&self) -> Vec<i16> {
        self.data.chunks_exact(2).map(|c| i16::from_le_bytes([c[0], c[1]])).collect()
    }

    /// A uint32 tensor holding `values`.
    pub fn from_u32(shape: &[usize], values: &[u32]) -> Tensor {
        Tensor {
            dtype: DType::UInt32,
            shape: shape.to_vec(),
            data: values.iter().flat_map(|v| v.to_le_bytes()).collect(),
        }
    }

    /// The elements as `u32` (uint32 tensors).
    pub fn u32s(&self) -> Vec<u32> {
        self.data.chunks_exact(4).map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect()
    }

    /// The elements as `u64` (uint64 tensors).
    pub fn u64s(&self) -> Vec<u64> {
        self.data.chunks_exact(8).map(|c| u64::from_le_bytes(c.try_into().expect("8 bytes"))).collect()
    }

    /// A float tensor holding `values`.
    pub fn from_f32(shape: &[usize], values: &[f32]) -> Tensor {
        Tensor {
            dtype: DType::Float32,
            shape: shape.to_vec(),
            data: values.iter().flat_map(|v| v.to_le_bytes()).collect(),
        }
    }

    /// Random elements: every int8/uint8/int16 value equally likely, int32 and int64 in ±2^20,
    /// uint32 and uint64 in `[0, 2^20]`, floats uniform in `[-1, 1)`, booleans 0 or 1.
    pub fn random(dtype: DType, shape: &[usize], rng: &mut Rng) -> Tensor {
        let count: usize = shape.iter().product();
        let mut data = Vec::with_capacity(count * dtype.size());
        for _ in 0..count {
            match dtype {
                DType::Int8 | DType::UInt8 => data.push(rng.next_u64() as u8),
                DType::Int16 => data.extend((rng.next_u64() as u16).to_le_bytes()),
                DType::Int32 => data.extend((rng.range(-(1 << 20), 1 << 20) as i32).to_le_bytes()),
                DType::Int64 => data.extend(rng.range(-(1 << 20), 1 << 20).to_le_bytes()),
                DType::UInt32 => data.extend((rng.range(0, 1 << 20) as u32).to_le_bytes()),
                DType::UInt64 => data.extend((rng.range(0, 1 << 20) as u64).to_le_bytes()),
                DType::Float32 => data.extend(rng.float(-1.0, 1.0).to_le_bytes()),
                DType::Bool => data.push((rng.next_u64() >> 63) as u8),
            }
        }
        Tensor { dtype, shape: shape.to_vec(), data }
    }

    /// An integer tensor of `dtype` holding `values`, each truncated to the type's width.
    pub fn from_ints(dtype: DType, shape: &[usize], values: &[i64]) -> Tensor {
        let size = dtype.size();
        let data = values.iter().flat_map(|v| v.to_le_bytes()[..size].to_vec()).collect();
        Tensor { dtype, shape: shape.to_vec(), data }
    }

    /// A tensor over the whole range of an integer `dtype`: its lowest and highest values, their
    /// neighbours, 0 and ±1 first (as far as they fit), then uniformly random ones (int32 too,
    /// unlike [`random`](Self::random)). Floats are [`random`](Self::random)'s.
    pub fn full_range(dtype: DType, shape: &[usize], rng: &mut Rng) -> Tensor {
        let (low, high) = match dtype {
            DType::Int8 => (i64::from(i8::MIN), i64::from(i8::MAX)),
            DType::UInt8 => (0, i64::from(u8::MAX)),
            DType::Int16 => (i64::from(i16::MIN), i64::from(i16::MAX)),
            DType::Int32 => (i64::from(i32::MIN), i64::from(i32::MAX)),
            DType::Int64 | DType::UInt64 => (i64::MIN, i64::MAX),
            DType::UInt32 => (0, i64::from(u32::MAX)),
            DType::Float32 | DType::Bool => return Tensor::random(dtype, shape, rng),
        };
        let count: usize = shape.iter().product();
        let mut values: Vec<i64> =
            [low, low + 1, high, high - 1, 0, 1, -1].into_iter().filter(|v| (low..=high).contains(v)).collect();
        values.truncate(count);
        while values.len() < count {
            // Every bit pattern is an int64; narrower types draw from their range.
            let every_pattern = matches!(dtype, DType::Int64 | DType::UInt64);
            values.push(if every_pattern { rng.next_u64() as i64 } else { rng.range(low, high) });
        }
        Tensor::from_ints(dtype, shape, &values)
    }

    /// A bool tensor holding `values`.
    pub fn from_bools(shape: &[usize], values: &[bool]) -> Tensor {
        Tensor { dtype: DType::Bool, shape: shape.to_vec(), data: values.iter().map(|&v| u8::from(v)).collect() }
    }

    /// The elements as `f32` (float tensors).
    pub fn f32s(&self) -> Vec<f32> {
        self.data.chunks_exact(4).map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect()
    }
}

/// A small deterministic generator (xorshift64*), so failures reproduce.
#[derive(Clone, Debug)]
pub struct Rng(pub u64);

impl Rng {
    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// Uniform in `[low, high]`.
    pub fn range(&mut self, low: i64, high: i64) -> i64 {
        low + (self.next_u64() % (high - low + 1) as u64) as i64
    }

    /// Uniform in `[low, high)`.
    pub fn float(&mut self, low: f32, high: f32) -> f32 {
        low + (self.next_u64() >> 40) as f32 / (1u64 << 24) as f32 * (high - low)
    }

    /// `count` random bytes (int8 weights).
    pub fn bytes(&mut self, count: usize) -> Vec<u8> {
        (0..count).map(|_| self.next_u64() as u8).collect()
    }
}

/// Compares mc's outputs with the reference's: same count, types and shapes; integers byte for
/// byte, floats within `tolerance` relative (absolute near zero), a NaN matching any NaN. The
/// error names the first differing element of each output and how many differ.
pub fn compare_outputs(got: &[Tensor], expected: &[Tensor], tolerance: f32) -> Result<(), String> {
    if got.len() != expected.len() {
        return Err(format!("{} outputs, expected {}", got.len(), expected.len()));
    }
    let mut problems = Vec::new();
    for (index, (g, e)) in got.iter().zip(expected).enumerate() {
        if g.dtype != e.dtype || g.shape != e.shape {
            problems.push(format!("output {index}: {:?} {:?}, expected {:?} {:?}", g.dtype, g.shape, e.dtype, e.shape));
            continue;
        }
        let mismatches: Vec<usize> = match g.dtype {
            DType::Float32 => {
                let (gs, es) = (g.f32s(), e.f32s());
                (0..gs.len())
                    .filter(|&i| {
                        let (a, b) = (gs[i], es[i]);
                        // A NaN matches a NaN: its sign and payload are the platform's (x86 makes
                        // 0/0 negative, Arm and RISC-V positive), not the kernel's.
                        !(a == b
                            || (a.is_nan() && b.is_nan())
                            || (a - b).abs() <= tolerance * a.abs().max(b.abs()).max(1.0))
                    })
                    .collect()
            }
            _ => {
                let size = g.dtype.size();
                (0..g.data.len() / size).filter(|&i| g.data[i * size..][..size] != e.data[i * size..][..size]).collect()
            }
        };
        if let Some(&first) = mismatches.first() {
            let show = |t: &Tensor| match t.dtype {
                DType::Float32 => format!("{}", t.f32s()[first]),
                DType::Int8 => format!("{}", t.data[first] as i8),
                DType::Int16 => format!("{}", t.i16s()[first]),
                DType::UInt32 => format!("{}", t.u32s()[first]),
                DType::UInt64 => format!("{}", t.u64s()[first]),
                _ => format!("{:?}", &t.data[first * t.dtype.size()..][..t.dtype.size()]),
            };
            problems.push(format!(
                "output {index}: {} of {} elements differ; first at flat index {first}: mc {} vs TFLM {}",
                mismatches.len(),
                g.data.len() / g.dtype.size(),
                show(g),
                show(e)
            ));
        }
    }
    if problems.is_empty() { Ok(()) } else { Err(problems.join("; ")) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn comparison_reports_the_first_difference() {
        let a = Tensor::from_i8(&[3], &[1, 2, 3]);
        let b = Tensor::from_i8(&[3], &[1, 5, 3]);
        assert!(compare_outputs(std::slice::from_ref(&a), std::slice::from_ref(&a), 0.0).is_ok());
        let err = compare_outputs(&[a], &[b], 0.0).unwrap_err();
        assert!(err.contains("1 of 3 elements differ; first at flat index 1: mc 2 vs TFLM 5"), "{err}");
        let f = Tensor::from_f32(&[2], &[1.0, 100.0]);
        let g = Tensor::from_f32(&[2], &[1.0, 100.0001]);
        assert!(compare_outputs(std::slice::from_ref(&f), std::slice::from_ref(&g), 1e-5).is_ok());
        assert!(compare_outputs(&[f], &[g], 1e-7).is_err());
        // A NaN matches a NaN (of any payload), nothing else.
        let nan = Tensor::from_f32(&[2], &[f32::NAN, 1.0]);
        let other_nan = Tensor::from_f32(&[2], &[-f32::NAN, 1.0]);
        assert!(compare_outputs(std::slice::from_ref(&nan), &[other_nan], 0.0).is_ok());
        assert!(compare_outputs(&[nan], &[Tensor::from_f32(&[2], &[0.0, 1.0])], 0.0).is_err());
    }
}

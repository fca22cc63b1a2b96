//! How far mc's outputs are from TensorFlow Lite Micro's, over all validation inputs, as ST's
//! `stedgeai validate` reports them: bit-exactness, the largest absolute error, the root mean
//! square error, the cosine similarity, L2r (the L2 norm of the error over the reference's) and
//! the share of inputs whose top-1 class (the largest element of the output) agrees.
//!
//! Errors are measured on real values: a quantized output's integers are dequantized with its
//! scale and zero point first, so the figures are comparable with a float model's.

/// The comparison of one output over every input.
#[derive(Clone, Debug, PartialEq)]
pub struct Metrics {
    /// Every byte equal.
    pub bit_exact: bool,
    /// Elements that differ.
    pub mismatches: usize,
    /// Elements compared.
    pub elements: usize,
    /// Largest `|mc - reference|`.
    pub max_abs: f64,
    /// `sqrt(mean((mc - reference)²))`.
    pub rmse: f64,
    /// `mc·reference / (|mc| |reference|)` (1 when both are zero).
    pub cosine: f64,
    /// `|mc - reference| / |reference|` (0 when equal).
    pub l2r: f64,
    /// Inputs whose top-1 index agrees.
    pub top1_agree: usize,
    /// Inputs.
    pub samples: usize,
}

/// Compares one output: `mc` and `reference` hold one sample's real values each (same
/// lengths), and `exact` tells, per sample, whether its bytes were equal.
pub fn compare(mc: &[Vec<f64>], reference: &[Vec<f64>], exact: &[bool]) -> Metrics {
    let (mut max_abs, mut squared, mut dot, mut mc_norm, mut ref_norm) = (0f64, 0f64, 0f64, 0f64, 0f64);
    let (mut mismatches, mut elements, mut top1_agree) = (0, 0, 0);
    for (got, want) in mc.iter().zip(reference) {
        for (&a, &b) in got.iter().zip(want) {
            let error = a - b;
            max_abs = max_abs.max(error.abs());
            squared += error * error;
            dot += a * b;
            mc_norm += a * a;
            ref_norm += b * b;
            mismatches += usize::from(a != b);
            elements += 1;
        }
        top1_agree += usize::from(argmax(got) == argmax(want));
    }
    let cosine = if mc_norm == 0.0 && ref_norm == 0.0 { 1.0 } else { dot / (mc_norm.sqrt() * ref_norm.sqrt()) };
    let l2r = if squared == 0.0 { 0.0 } else { squared.sqrt() / ref_norm.sqrt() };
    Metrics {
        bit_exact: exact.iter().all(|&e| e),
        mismatches,
        elements,
        max_abs,
        rmse: if elements == 0 { 0.0 } else { (squared / elements as f64).sqrt() },
        cosine,
        l2r,
        top1_agree,
        samples: mc.len(),
    }
}

/// The index of the first largest element.
fn argmax(values: &[f64]) -> Option<usize> {
    values
        .iter()
        .enumerate()
        .fold(None, |best: Option<(usize, f64)>, (i, &v)| match best {
            Some((_, b)) if b >= v => best,
            _ => Some((i, v)),
        })
        .map(|(i, _)| i)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_outputs_are_exact_and_errors_are_measured() {
        let same = compare(&[vec![1.0, 3.0]], &[vec![1.0, 3.0]], &[true]);
        assert!(same.bit_exact);
        assert_eq!((same.max_abs, same.rmse, same.l2r, same.top1_agree), (0.0, 0.0, 0.0, 1));
        assert!((same.cosine - 1.0).abs() < 1e-12);

        let off = compare(&[vec![3.0, 4.0], vec![1.0, 0.0]], &[vec![3.0, 0.0], vec![0.0, 1.0]], &[false, false]);
        assert!(!off.bit_exact);
        assert_eq!((off.mismatches, off.elements, off.samples), (3, 4, 2));
        assert_eq!(off.max_abs, 4.0);
        assert!((off.rmse - (18.0f64 / 4.0).sqrt()).abs() < 1e-12);
        // mc·ref = 9, |mc| = sqrt(26), |ref| = sqrt(10).
        assert!((off.cosine - 9.0 / (26.0f64.sqrt() * 10.0f64.sqrt())).abs() < 1e-12);
        assert!((off.l2r - 18.0f64.sqrt() / 10.0f64.sqrt()).abs() < 1e-12);
        // Sample 0: index 1 against 0; sample 1: 0 against 1.
        assert_eq!(off.top1_agree, 0);
        assert_eq!(argmax(&[1.0, 5.0, 5.0]), Some(1));
        assert_eq!(argmax(&[]), None);
    }
}

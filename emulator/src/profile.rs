//! Per-layer instruction counts of one inference: an object compiled with `mcc --profile` calls
//! `<prefix>_layer_hook(k)` before its `k`-th kernel and once after the last, and the harness
//! built with `MC_PROFILE` calls it at both ends of the inference too (in `bench_mark`). The
//! icount plugin marks each entry of the hook; [`Profile::from_marks`] turns the marks into the
//! instructions of the call's entry (harness to the first kernel), of each layer and of its exit,
//! which add up to the inference's count by construction.

use crate::board::Board;
use crate::icount::Counts;
use std::path::Path;
use std::time::Duration;

/// One inference's instructions, split by layer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Profile {
    /// From the harness's mark before the call to the first layer's hook.
    pub entry: u64,
    /// Each layer's, from its hook to the next.
    pub layers: Vec<u64>,
    /// From the last hook to the harness's mark after the call.
    pub exit: u64,
    /// The whole inference: `entry + layers + exit`.
    pub total: u64,
}

impl Profile {
    /// The profile of an inference of `layers` layers from the hook's marks: the harness's
    /// mark, one per layer, the one after the last layer, the harness's mark.
    pub fn from_marks(marks: &[u64], layers: usize) -> Result<Profile, String> {
        if marks.len() != layers + 3 {
            return Err(format!(
                "the layer hook was entered {} times, but {layers} layers need {} (one before each, \
                 one after the last, one at each end of the inference): was the object compiled \
                 with `mcc --profile` and run once?",
                marks.len(),
                layers + 3
            ));
        }
        let steps: Vec<u64> = marks.windows(2).map(|pair| pair[1] - pair[0]).collect();
        Ok(Profile {
            entry: steps[0],
            layers: steps[1..=layers].to_vec(),
            exit: steps[layers + 1],
            total: marks[layers + 2] - marks[0],
        })
    }
}

impl Board {
    /// Runs `elf` (a `MC_PROFILE` harness around an `mcc --profile` object of prefix `prefix`
    /// with `layers` layers, one inference) with the icount plugin marking the layer hook.
    pub fn profile(
        &self,
        elf: &Path,
        workdir: &Path,
        prefix: &str,
        layers: usize,
        timeout: Duration,
    ) -> Result<(Profile, Counts), String> {
        let counts = self.count_instructions(elf, workdir, &format!("{prefix}_layer_hook"), timeout)?;
        Ok((Profile::from_marks(&counts.marks, layers)?, counts))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marks_split_into_entry_layers_and_exit() {
        let profile = Profile::from_marks(&[100, 110, 150, 230, 235], 2).unwrap();
        assert_eq!(profile, Profile { entry: 10, layers: vec![40, 80], exit: 5, total: 135 });
        assert_eq!(profile.entry + profile.layers.iter().sum::<u64>() + profile.exit, profile.total);
        let error = Profile::from_marks(&[1, 2, 3], 2).unwrap_err();
        assert!(error.contains("entered 3 times, but 2 layers need 5"), "{error}");
    }
}

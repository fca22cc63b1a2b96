//! The per-operator conformance suites: each is a function building the cases (one-op models
//! over an operator's options and element types, and short chains) that `tests/ops.rs` runs
//! through mc and TFLite Micro, one test per suite. [`for_each_suite!`] is the one list of them:
//! it declares [`ALL`] here and the tests there, so a suite cannot exist without running, and
//! `tests/coverage.rs` checks the list against the support table.
//!
//! To add a suite: write `pub fn <name>() -> Vec<Case>` in its family's module and add
//! `<name> => <float tolerance>` under the family in [`for_each_suite!`]. ([`int16x8`] is no
//! family: it holds what the 16x8 cases of `conv` and `fully_connected` share.)

pub mod activation;
pub mod arg_extremum;
pub mod arithmetic;
pub mod batch_matmul;
pub mod binary;
pub mod broadcast;
pub mod cast;
pub mod circular_buffer;
pub mod comparison;
pub mod concatenation;
pub mod control_flow;
pub mod conv;
pub mod cumsum;
pub mod decode;
pub mod detection;
pub mod fill;
pub mod fully_connected;
pub mod gather;
pub mod int16x8;
pub mod l2_normalization;
pub mod logic;
pub mod math;
pub mod min_max;
pub mod neg;
pub mod pack;
pub mod pad;
pub mod pool;
pub mod prelu;
pub mod quantize;
pub mod recurrent;
pub mod reduce;
pub mod requantized_moves;
pub mod reshape;
pub mod reverse;
pub mod shape;
pub mod signal;
pub mod signal_filter_bank;
pub mod slice;
pub mod softmax;
pub mod spatial;
pub mod split;
pub mod squeeze_expand_dims;
pub mod strided_slice;
pub mod svdf;
pub mod transpose;
pub mod transpose_conv;
pub mod variable;
pub mod views;

use crate::Case;

/// One suite: its cases and how they are compared.
#[derive(Clone, Copy, Debug)]
pub struct Suite {
    /// `family::function`, also the test's name.
    pub name: &'static str,
    /// Relative tolerance for float outputs (integer outputs must match byte for byte).
    pub float_tolerance: f32,
    /// Builds the cases.
    pub cases: fn() -> Vec<Case>,
}

/// Calls `$callback! { family: [suite => float tolerance, ...], ... }` with every suite.
#[macro_export]
macro_rules! for_each_suite {
    ($callback:ident) => {
        $callback! {
            activation: [
                int8_activations => 0.0,
                int16_activations => 0.0,
                float_activations => 1e-5,
                chained_and_strided_activations => 1e-5,
                relu_n1_to_1 => 0.0,
                int16_logistic_tanh => 0.0,
                int8_leaky_relu => 0.0,
                int16_leaky_relu => 0.0,
                int8_hard_swish => 0.0,
                float_leaky_relu_hard_swish => 1e-5,
            ],
            batch_matmul: [float_batch_matmul => 0.0, int8_batch_matmul => 0.0, int16_batch_matmul => 0.0],
            arithmetic: [
                float_division => 0.0,
                int32_div => 0.0,
                int8_div => 0.0,
                float_int32_squared_difference => 0.0,
                int8_squared_difference => 0.0,
                int16_squared_difference => 0.0,
                float_add_n => 0.0,
                int8_add_n => 0.0,
            ],
            binary: [
                int8_binary_ops => 0.0,
                int16_binary_ops => 0.0,
                float_binary_ops => 1e-5,
                int32_binary_ops => 0.0,
                in_place_and_strided_operands => 1e-5,
            ],
            broadcast: [broadcast_to => 0.0, int16_broadcast_to => 0.0, broadcast_args => 0.0],
            arg_extremum: [float_arg_max_min => 0.0, int8_arg_max_min => 0.0],
            cast: [cast_every_pair => 0.0],
            comparison: [
                float_comparisons => 0.0,
                int8_comparisons => 0.0,
                int32_comparisons => 0.0,
                int64_comparisons => 0.0,
                bool_equality => 0.0,
            ],
            concatenation: [concatenation => 0.0, int16_and_int32_concatenation => 0.0, int64_and_bool_concatenation => 0.0],
            control_flow: [
                if_f32 => 0.0,
                if_int8 => 0.0,
                while_f32 => 0.0,
                while_int8 => 0.0,
                call_once => 0.0,
                assign_in_if_f32 => 0.0,
                assign_in_if_int8 => 0.0,
                assign_in_while_f32 => 0.0,
                assign_in_while_int8 => 0.0,
                nested_f32 => 0.0,
                nested_int8 => 0.0,
                while_permutations_f32 => 0.0,
                while_permutations_int8 => 0.0,
            ],
            conv: [
                int8_conv_2d => 0.0,
                int8_conv_2d_int4_weights => 0.0,
                int16x8_conv_2d => 0.0,
                float_conv_2d => 1e-5,
                int8_depthwise_conv_2d => 0.0,
                int8_depthwise_conv_2d_int4_weights => 0.0,
                int16x8_depthwise_conv_2d => 0.0,
                float_depthwise_conv_2d => 1e-5,
                pad_then_conv => 0.0,
                int16_pad_then_conv => 0.0,
                float_pad_then_conv => 1e-5,
            ],
            cumsum: [float_cumsum => 0.0, int8_cumsum => 0.0],
            circular_buffer: [circular_buffer => 0.0],
            decode: [lut_weights => 0.0, decoded_element_types => 0.0],
            detection: [detection_postprocess => 0.0, small_ssd => 1e-5],
            signal: [
                signal_window => 0.0,
                signal_fft_auto_scale => 0.0,
                signal_rfft => 0.0,
                int32_signal_rfft => 0.0,
                float_signal_rfft => 0.0,
                signal_irfft => 0.0,
                int32_signal_irfft => 0.0,
                float_signal_irfft => 0.0,
                micro_speech_window_and_scale => 0.0,
            ],
            signal_filter_bank: [
                signal_energy => 0.0,
                signal_filter_bank => 0.0,
                signal_filter_bank_square_root => 0.0,
                signal_filter_bank_spectral_subtraction => 0.0,
                signal_pcan => 0.0,
                signal_filter_bank_log => 0.0,
                signal_delay => 0.0,
                signal_framer => 0.0,
                signal_stacker => 0.0,
                signal_overlap_add => 0.0,
                micro_speech_preprocessor => 0.0,
            ],
            fill: [fill_zeros_like => 0.0],
            fully_connected: [
                int8_fully_connected => 0.0,
                int8_fully_connected_int4_weights => 0.0,
                int16x8_fully_connected => 0.0,
                float_fully_connected => 1e-5,
            ],
            l2_normalization: [float_l2_normalization => 0.0, int8_l2_normalization => 0.0],
            math: [
                float_math => 0.0,
                float_transcendental => 1e-5,
                int8_abs_rsqrt => 0.0,
                int16_abs => 0.0,
                float_elu => 1e-5,
                int8_elu => 0.0,
            ],
            gather: [gather => 0.0, gather_nd => 0.0, embedding_lookup => 0.0],
            logic: [
                logical_ops => 0.0,
                float_select_v2 => 0.0,
                int8_select_v2 => 0.0,
                int16_select_v2 => 0.0,
                boolean_chains => 0.0,
            ],
            min_max: [
                float_maximum_minimum => 0.0,
                int8_maximum_minimum => 0.0,
                int16_maximum_minimum => 0.0,
                int32_maximum_minimum => 0.0,
                int64_maximum_minimum => 0.0,
            ],
            neg: [float_neg => 0.0],
            pad: [pad => 0.0, int16_pad => 0.0, padv2 => 0.0, int16_padv2 => 0.0, requantized_pad => 0.0, mirror_pad => 0.0],
            pack: [pack => 0.0, int16_pack => 0.0],
            pool: [
                int8_pools => 0.0,
                float_pools => 1e-5,
                int16_pools => 0.0,
                float_l2_pool => 0.0,
                pad_then_pool => 0.0,
                int16_pad_then_pool => 0.0,
                float_pad_then_pool => 1e-5,
            ],
            prelu: [float_prelu => 0.0, int8_prelu => 0.0, int16_prelu => 0.0],
            quantize: [
                float_to_int_quantization => 0.0,
                requantization => 0.0,
                dequantization => 0.0,
                float_to_int16_quantization => 0.0,
                requantization_every_pair => 0.0,
                int16_and_uint8_dequantization => 0.0,
                per_channel_dequantization => 0.0,
            ],
            recurrent: [float_lstm => 1e-5, int8_lstm => 0.0, int16_lstm => 0.0],
            reduce: [
                int8_mean => 0.0,
                int16_mean => 0.0,
                float_mean => 1e-5,
                int8_sum => 0.0,
                int16_sum => 0.0,
                float_sum => 0.0,
                int8_reduce_max_min => 0.0,
                float_reduce_max_min => 0.0,
                bool_reduce_all => 0.0,
            ],
            requantized_moves: [requantized_moves => 0.0],
            reshape: [reshape => 0.0, int16_and_int32_reshape => 0.0, int64_and_bool_reshape => 0.0, uint8_reshape => 0.0],
            reverse: [reverse_v2 => 0.0, int16_reverse_v2 => 0.0, bool_reverse_v2 => 0.0],
            slice: [slice => 0.0, int16_and_int32_slice => 0.0, bool_slice => 0.0, dynamic_update_slice => 0.0, int16_dynamic_update_slice => 0.0],
            shape: [shape => 0.0, keras_dynamic_batch_reshape => 0.0],
            softmax: [int8_softmax => 0.0, float_softmax => 1e-5, int8_to_int16_softmax => 0.0, int16_softmax => 0.0, float_log_softmax => 1e-5, int8_log_softmax => 0.0],
            squeeze_expand_dims: [squeeze_expand_dims => 0.0, int16_squeeze_expand_dims => 0.0, bool_squeeze => 0.0, uint8_squeeze => 0.0],
            spatial: [
                resize_bilinear => 0.0,
                resize_nearest_neighbor => 0.0,
                int16_resize_nearest_neighbor => 0.0,
                depth_to_space_space_to_depth => 0.0,
                space_to_batch_batch_to_space => 0.0,
                dilated_convolutions => 0.0,
            ],
            split: [split => 0.0, int16_and_int32_split => 0.0],
            strided_slice: [strided_slice => 0.0, int16_and_int32_strided_slice => 0.0, bool_strided_slice => 0.0],
            svdf: [float_svdf => 1e-5, int8_svdf => 0.0, int8_svdf_int8_state => 0.0],
            transpose: [int16_transpose => 0.0, edge_transposes => 0.0, int16_edge_transposes => 0.0, float_edge_transposes => 1e-5],
            transpose_conv: [
                float_transpose_conv => 0.0,
                int8_transpose_conv => 0.0,
                int16x8_transpose_conv => 0.0,
                pad_then_transpose_conv => 0.0,
                int16_pad_then_transpose_conv => 0.0,
                float_pad_then_transpose_conv => 0.0,
            ],
            variable: [variables => 1e-5],
            views: [views_and_inplace_concat => 1e-5],
        }
    };
}

/// Declares [`ALL`] from the list.
macro_rules! declare_all {
    ($($family:ident: [$($suite:ident => $tolerance:expr),* $(,)?]),* $(,)?) => {
        /// Every suite, by family.
        pub const ALL: &[Suite] = &[$($(Suite {
            name: concat!(stringify!($family), "::", stringify!($suite)),
            float_tolerance: $tolerance,
            cases: $family::$suite,
        },)*)*];
    };
}

for_each_suite!(declare_all);

//! `mc-emu --profile`: the layers file `mcc --profile` wrote beside the object
//! (`<prefix>_layers.json`), and the per-layer table, JSON and bar chart (SVG) of one profiled
//! inference. A layer run tile by tile (patch-based execution: one kernel, hence one hook, per
//! tile) is one row, its tiles' instructions added up ([`by_layer`]).

use mc_emulator::Profile;
use mc_passes::svg::layer_chart::{self, ProfiledLayer};
use serde_json::{Value, json};
use std::path::Path;

/// One layer as `<prefix>_layers.json` names it.
pub struct Layer {
    /// The kernel (`conv_2d`).
    pub kernel: String,
    /// Its output tensor.
    pub output: String,
    /// Its multiply-accumulates.
    pub macs: u64,
    /// The tile this kernel computes, for a layer run tile by tile.
    pub tile: Option<u64>,
    /// The layer's number of tiles (1: run whole).
    pub tiles: u64,
}

/// The layers of the object whose layers file is `path`.
pub fn read_layers(path: &Path) -> Result<Vec<Layer>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| {
        format!("cannot read the layers file '{}' ({e}): compile the model with `mcc --profile`", path.display())
    })?;
    let file: Value = serde_json::from_str(&text).map_err(|e| format!("'{}' is not JSON: {e}", path.display()))?;
    let layers = file["layers"].as_array().ok_or_else(|| format!("'{}' lists no layers", path.display()))?;
    Ok(layers
        .iter()
        .map(|l| Layer {
            kernel: l["kernel"].as_str().unwrap_or("?").to_string(),
            output: l["output"].as_str().unwrap_or("?").to_string(),
            macs: l["macs"].as_u64().unwrap_or(0),
            tile: l["tile"].as_u64(),
            tiles: l["tiles"].as_u64().unwrap_or(1),
        })
        .collect())
}

/// `layers` and their instructions with the tiles of a layer (same kernel and output) as one
/// layer, where its first tile was; the entry, exit and total stay.
pub fn by_layer(layers: Vec<Layer>, profile: &Profile) -> (Vec<Layer>, Profile) {
    let mut merged: Vec<Layer> = Vec::new();
    let mut counts: Vec<u64> = Vec::new();
    for (layer, &count) in layers.into_iter().zip(&profile.layers) {
        let earlier = layer.tile.filter(|&tile| tile > 0).and_then(|_| {
            merged.iter().position(|m| m.tile.is_some() && m.kernel == layer.kernel && m.output == layer.output)
        });
        match earlier {
            Some(index) => counts[index] += count,
            None => {
                merged.push(layer);
                counts.push(count);
            }
        }
    }
    (merged, Profile { layers: counts, ..profile.clone() })
}

/// `part` as a share of `total`, in percent.
fn percent(part: u64, total: u64) -> f64 {
    100.0 * part as f64 / total.max(1) as f64
}

/// The table: per layer its instructions, share and MACs per instruction, then the call's
/// entry and exit and the total.
pub fn table(layers: &[Layer], profile: &Profile) -> String {
    let mut text =
        format!("  {:>5} {:<20} {:>12} {:>7} {:>10}  output\n", "layer", "kernel", "instructions", "%", "MACs/instr");
    for (index, (layer, &count)) in layers.iter().zip(&profile.layers).enumerate() {
        let per = if count == 0 { 0.0 } else { layer.macs as f64 / count as f64 };
        text.push_str(&format!(
            "  {index:>5} {:<20} {count:>12} {:>6.2}% {per:>10.3}  {}{}\n",
            layer.kernel,
            percent(count, profile.total),
            layer.output,
            if layer.tiles > 1 { format!(" ({} tiles)", layer.tiles) } else { String::new() }
        ));
    }
    for (name, count) in [("(entry)", profile.entry), ("(exit)", profile.exit)] {
        text.push_str(&format!("  {:>5} {name:<20} {count:>12} {:>6.2}%\n", "", percent(count, profile.total)));
    }
    let macs: u64 = layers.iter().map(|l| l.macs).sum();
    text.push_str(&format!(
        "  {:>5} {:<20} {:>12} {:>6.2}% {:>10.3}\n",
        "",
        "total",
        profile.total,
        100.0,
        macs as f64 / profile.total.max(1) as f64
    ));
    text
}

/// The same as JSON.
pub fn to_json(board: &str, layers: &[Layer], profile: &Profile) -> Value {
    let rows: Vec<Value> = layers
        .iter()
        .zip(&profile.layers)
        .enumerate()
        .map(|(index, (layer, &count))| {
            json!({"layer": index, "kernel": layer.kernel, "output": layer.output, "instructions": count,
                   "percent": percent(count, profile.total), "macs": layer.macs, "tiles": layer.tiles})
        })
        .collect();
    json!({"board": board, "layers": rows, "entry": profile.entry, "exit": profile.exit, "total": profile.total})
}

/// The same as a bar chart of instructions per layer (SVG), for the object `prefix`.
pub fn svg(prefix: &str, board: &str, layers: &[Layer], profile: &Profile) -> String {
    let profiled: Vec<ProfiledLayer<'_>> = layers
        .iter()
        .zip(&profile.layers)
        .map(|(layer, &instructions)| ProfiledLayer { kernel: &layer.kernel, output: &layer.output, instructions })
        .collect();
    let panel = layer_chart::instructions_panel(board, &profiled, profile.total);
    layer_chart::render(&format!("{prefix} on {board}: instructions per layer"), &[panel])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn layer(kernel: &str, output: &str, tile: Option<u64>, tiles: u64) -> Layer {
        Layer { kernel: kernel.to_string(), output: output.to_string(), macs: 10, tile, tiles }
    }

    #[test]
    fn the_tiles_of_a_layer_become_one_row_where_the_first_was() {
        let layers = vec![
            layer("conv_2d", "a", Some(0), 2),
            layer("depthwise_conv_2d", "b", Some(0), 2),
            layer("conv_2d", "a", Some(1), 2),
            layer("depthwise_conv_2d", "b", Some(1), 2),
            layer("conv_2d", "c", None, 1),
            layer("conv_2d", "c", None, 1),
        ];
        let profile = Profile { entry: 1, layers: vec![10, 20, 30, 40, 50, 60], exit: 2, total: 213 };
        let (merged, grouped) = by_layer(layers, &profile);
        let rows: Vec<(&str, &str, u64)> =
            merged.iter().map(|l| (l.kernel.as_str(), l.output.as_str(), l.tiles)).collect();
        assert_eq!(
            rows,
            [("conv_2d", "a", 2), ("depthwise_conv_2d", "b", 2), ("conv_2d", "c", 1), ("conv_2d", "c", 1)]
        );
        assert_eq!(grouped, Profile { entry: 1, layers: vec![40, 60, 50, 60], exit: 2, total: 213 });
    }
}

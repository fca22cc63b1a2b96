//! `mcc analyze ... --svg chart.svg [--profile out/vww_profile.json]`: the per-layer bar chart,
//! RAM live at each layer's step of the plan (the table's `live B`) and, with the profile
//! `mc-emu --profile` wrote for the same model, the instructions of each profiled layer;
//! [`mc_passes::svg::layer_chart`] draws it, as it draws `mc-emu`'s `<prefix>_profile.svg`.

use super::Row;
use mc_passes::svg::axis::Scale;
use mc_passes::svg::layer_chart::{self, Bar, Panel, ProfiledLayer};
use serde_json::Value;
use std::path::Path;

/// The chart of `rows` for `model` on `target`, with the `instructions` panel of a profile if
/// any.
pub fn render(model: &Path, target: &str, rows: &[Row<'_>], instructions: Option<Panel>) -> String {
    let panels: Vec<Panel> = [ram_panel(rows)].into_iter().chain(instructions).collect();
    let name = model.file_name().map_or_else(|| model.display().to_string(), |n| n.to_string_lossy().into_owned());
    layer_chart::render(&format!("{name} for {target}: per layer"), &panels)
}

/// Pool bytes live at each layer's step.
fn ram_panel(rows: &[Row<'_>]) -> Panel {
    let bars = rows
        .iter()
        .map(|row| {
            let layer = row.layer;
            let output = layer.outputs.first().map_or("-", |o| o.name.as_str());
            let at = row.step.map_or_else(|| "no planned buffer".to_string(), |s| format!("at step {s}"));
            Bar {
                label: format!("{} {}", layer.index, layer.operator),
                tooltip: format!(
                    "layer {} {}: {} bytes live {at}; output {output}",
                    layer.index, layer.operator, row.live
                ),
                value: row.live,
            }
        })
        .collect();
    Panel {
        title: "RAM live at each layer (bytes of the pools, overlapping buffers counted once)".to_string(),
        scale: Scale::Bytes,
        bars,
    }
}

/// The instructions per layer of the profile `mc-emu --profile` wrote at `path`.
pub fn instructions_panel(path: &Path) -> Result<Panel, String> {
    let name = path.display();
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read the profile '{name}': {e}"))?;
    let profile: Value = serde_json::from_str(&text).map_err(|e| format!("the profile '{name}' is not JSON: {e}"))?;
    let (Some(board), Some(layers), Some(total)) =
        (profile["board"].as_str(), profile["layers"].as_array(), profile["total"].as_u64())
    else {
        return Err(format!("'{name}' is not a profile of `mc-emu --profile` (board, layers and total)"));
    };
    let layers: Vec<ProfiledLayer<'_>> = layers
        .iter()
        .map(|l| ProfiledLayer {
            kernel: l["kernel"].as_str().unwrap_or("?"),
            output: l["output"].as_str().unwrap_or("?"),
            instructions: l["instructions"].as_u64().unwrap_or(0),
        })
        .collect();
    Ok(layer_chart::instructions_panel(board, &layers, total))
}

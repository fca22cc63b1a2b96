//! Draws a [`ResidencyReport`] as SVG: one panel per pool, time (steps) to the right, addresses
//! up, one rectangle per buffer (its name, kernel, size, offset and live steps in a tooltip), the peak
//! step marked. A buffer overlapping another (a kernel's output over the input it consumes) is
//! drawn translucent with a dashed outline over it. Persistent state (kept from one invocation to
//! the next) is drawn with a thick outline, its panel and tooltip say so. Users look at this
//! rather than read the JSON.

use super::report::ResidencyReport;
use std::fmt::Write;

const WIDTH: f64 = 900.0;
const PANEL: f64 = 320.0;
const MARGIN: f64 = 40.0;

/// The SVG document of `report`.
pub fn render(report: &ResidencyReport) -> String {
    let height = MARGIN + report.pools.len() as f64 * (PANEL + MARGIN);
    let mut svg = String::new();
    let _ = writeln!(
        svg,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" font-family="sans-serif" font-size="11">"#
    );
    for (index, pool) in report.pools.iter().enumerate() {
        let top = MARGIN + index as f64 * (PANEL + MARGIN);
        let steps = f64::from(pool.steps.max(1));
        let bytes = pool.size.max(1) as f64;
        let x = |step: f64| MARGIN + step / steps * (WIDTH - 2.0 * MARGIN);
        let y = |address: f64| top + PANEL - address / bytes * PANEL;
        let _ = writeln!(
            svg,
            r#"<text x="{MARGIN}" y="{}">{} ({} bank, {}): {} bytes, lower bound {}, @{}</text>"#,
            top - 8.0,
            escape(&pool.name),
            escape(&pool.bank),
            if pool.role == "persistent" { "persistent: state kept across invocations" } else { &pool.role },
            pool.size,
            pool.lower_bound,
            escape(&pool.function)
        );
        let _ = writeln!(
            svg,
            r##"<rect x="{MARGIN}" y="{top}" width="{}" height="{PANEL}" fill="#f7f7f7" stroke="#999"/>"##,
            WIDTH - 2.0 * MARGIN
        );
        let buffers = report.buffers.iter().filter(|b| b.pool == pool.name && b.function == pool.function);
        for (k, b) in buffers.enumerate() {
            let (x0, x1) = (x(f64::from(b.live[0])), x(f64::from(b.live[1]) + 1.0));
            let (y0, y1) = (y((b.offset + b.size) as f64), y(b.offset as f64));
            let hue = (k * 47) % 360;
            let (mut style, mut note) = match &b.overlaps {
                Some(other) => (
                    r#" stroke-width="0.5" fill-opacity="0.6" stroke-dasharray="3 2""#,
                    format!(", overlaps {}", escape(other)),
                ),
                None => (r#" stroke-width="0.5""#, String::new()),
            };
            if let Some(state) = &b.persistent_state {
                style = r#" stroke-width="2""#;
                note = format!(
                    "{note}, persistent state kept across invocations (init and reset fill it with {})",
                    state.initial_byte
                );
            }
            let op = b.op.as_ref().map_or_else(String::new, |op| format!(" ({})", escape(op)));
            let views: Vec<String> =
                b.views.iter().map(|v| format!("{} at +{} ({} bytes)", escape(&v.name), v.offset, v.size)).collect();
            let note = if views.is_empty() { note } else { format!("{note}, views: {}", views.join(", ")) };
            let _ = writeln!(
                svg,
                r##"<rect x="{x0:.1}" y="{y0:.1}" width="{:.1}" height="{:.1}" fill="hsl({hue},60%,70%)" stroke="#333"{style}><title>{}{op}: {} bytes at {}, steps {}..{}{note}</title></rect>"##,
                (x1 - x0).max(0.5),
                (y1 - y0).max(0.5),
                escape(&b.name),
                b.size,
                b.offset,
                b.live[0],
                b.live[1]
            );
        }
        let peak = x(f64::from(pool.peak_step) + 0.5);
        let _ = writeln!(
            svg,
            r##"<line x1="{peak:.1}" y1="{top}" x2="{peak:.1}" y2="{}" stroke="red" stroke-dasharray="4 3"><title>peak step {}</title></line>"##,
            top + PANEL,
            pool.peak_step
        );
    }
    svg.push_str("</svg>\n");
    svg
}

/// `text` with XML's special characters escaped.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::usmp::report::{BufferReport, PoolReport, StateReport};

    #[test]
    fn one_rectangle_per_buffer_and_the_peak_is_marked() {
        let pool = PoolReport {
            name: "sram_scratch".into(),
            bank: "sram".into(),
            role: "scratch".into(),
            size: 64,
            alignment: 16,
            capacity: None,
            function: "main".into(),
            occupied: 64,
            lower_bound: 64,
            peak_step: 1,
            steps: 3,
            proven_optimal: true,
            gap_to_lower_bound: None,
        };
        let buffer = |name: &str, offset, live, overlaps: Option<&str>| BufferReport {
            function: "main".into(),
            name: name.into(),
            op: Some("conv_2d".into()),
            role: "scratch".into(),
            bank: "sram".into(),
            pool: "sram_scratch".into(),
            io: None,
            offset,
            size: 32,
            alignment: 16,
            live,
            algorithm: "exact".into(),
            overlaps: overlaps.map(str::to_string),
            persistent_state: None,
            views: Vec::new(),
            folded_pad: None,
            not_a_view: None,
        };
        let report = ResidencyReport {
            algorithm: "auto".into(),
            layout_hash: String::new(),
            layout_and_constants_hash: String::new(),
            pools: vec![pool],
            buffers: vec![buffer("a<&>", 0, [0, 1], None), buffer("b", 16, [1, 2], Some("a<&>"))],
            constants: vec![],
        };
        let svg = render(&report);
        assert_eq!(svg.matches("<title>").count(), 3);
        assert!(svg.contains("a&lt;&amp;&gt; (conv_2d): 32 bytes at 0, steps 0..1"));
        assert!(svg.contains("peak step 1"));
        assert!(svg.contains("b (conv_2d): 32 bytes at 16, steps 1..2, overlaps a&lt;&amp;&gt;"));
        assert_eq!(svg.matches("stroke-dasharray=\"3 2\"").count(), 1);
        assert!(svg.starts_with("<svg") && svg.ends_with("</svg>\n"));
        assert!(!svg.contains("persistent"));
    }

    #[test]
    fn persistent_state_is_marked_as_such() {
        let pool = PoolReport {
            name: "sram_persistent".into(),
            bank: "sram".into(),
            role: "persistent".into(),
            size: 16,
            alignment: 16,
            capacity: None,
            function: "main".into(),
            occupied: 16,
            lower_bound: 16,
            peak_step: 0,
            steps: 2,
            proven_optimal: true,
            gap_to_lower_bound: None,
        };
        let state = BufferReport {
            function: "main".into(),
            name: "svdf_state".into(),
            op: None,
            role: "persistent".into(),
            bank: "sram".into(),
            pool: "sram_persistent".into(),
            io: None,
            offset: 0,
            size: 16,
            alignment: 16,
            live: [0, 1],
            algorithm: "exact".into(),
            overlaps: None,
            persistent_state: Some(StateReport { initial_byte: 253 }),
            views: Vec::new(),
            folded_pad: None,
            not_a_view: None,
        };
        let report = ResidencyReport {
            algorithm: "auto".into(),
            layout_hash: String::new(),
            layout_and_constants_hash: String::new(),
            pools: vec![pool],
            buffers: vec![state],
            constants: vec![],
        };
        let svg = render(&report);
        assert!(svg.contains("sram_persistent (sram bank, persistent: state kept across invocations): 16 bytes"));
        assert!(svg.contains(
            "svdf_state: 16 bytes at 0, steps 0..1, persistent state kept across invocations (init and reset fill it with 253)"
        ));
        assert_eq!(svg.matches(r#"stroke-width="2""#).count(), 1);
        assert!(report.to_json().contains("\"persistent_state\": {\n        \"initial_byte\": 253\n      }"));
    }
}

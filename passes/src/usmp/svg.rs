//! Draws a [`ResidencyReport`] as SVG: one panel per pool (its name, bank, role, size and lower
//! bound above it), steps to the right and addresses up with ticks at round numbers (0, 8 KiB,
//! 16 KiB, ...; [`crate::svg::axis`]), one rectangle per buffer with its name written inside
//! where it fits (cut with an ellipsis when only its start fits, left out rather than drawn over
//! another label; [`crate::svg::label`]) and its name, kernel, size, offset, live steps and views
//! in a tooltip, the peak step marked. A buffer overlapping another (a kernel's output over the
//! input it consumes) is drawn translucent with a dashed outline over it. Persistent state (kept
//! from one invocation to the next) is drawn with a thick outline, its panel and tooltip say so.
//! Users look at this rather than read the JSON.

use super::report::{BufferReport, PoolReport, ResidencyReport};
use crate::svg::axis::{self, Scale};
use crate::svg::label::{self, Placed, Rect};
use crate::svg::{END, LABEL, LEFT, RIGHT, WIDTH, escape, start};
use std::fmt::Write;

const PANEL: f64 = 320.0;
/// Room above a panel for its title, and below it for the step ticks.
const ABOVE: f64 = 32.0;
const BELOW: f64 = 40.0;

/// The SVG document of `report`.
pub fn render(report: &ResidencyReport) -> String {
    let height = report.pools.len() as f64 * (ABOVE + PANEL + BELOW);
    let mut svg = start(WIDTH, height);
    for (index, pool) in report.pools.iter().enumerate() {
        let top = ABOVE + index as f64 * (ABOVE + PANEL + BELOW);
        let frame = Rect { x: LEFT, y: top, width: WIDTH - LEFT - RIGHT, height: PANEL };
        let buffers: Vec<&BufferReport> =
            report.buffers.iter().filter(|b| b.pool == pool.name && b.function == pool.function).collect();
        draw_pool(&mut svg, pool, &buffers, frame);
    }
    svg.push_str(END);
    svg
}

/// One pool's panel in `frame`.
fn draw_pool(svg: &mut String, pool: &PoolReport, buffers: &[&BufferReport], frame: Rect) {
    let steps = f64::from(pool.steps.max(1));
    let bytes = pool.size.max(1) as f64;
    let x = |step: f64| frame.x + step / steps * frame.width;
    let y = |address: f64| frame.y + frame.height - address / bytes * frame.height;
    let role = if pool.role == "persistent" { "persistent: state kept across invocations" } else { &pool.role };
    let title = format!(
        "{} ({} bank, {role}): {} bytes, lower bound {}, @{}",
        pool.name, pool.bank, pool.size, pool.lower_bound, pool.function
    );
    crate::svg::panel(svg, &title, frame);
    axis::draw_y(svg, frame, pool.size, Scale::Bytes, |address| y(address as f64));
    axis::draw_x(svg, frame, u64::from(pool.steps.max(1) - 1), Scale::Steps, |step| x(step as f64 + 0.5));
    let _ = writeln!(
        svg,
        r#"<text x="{}" y="{}" text-anchor="end">step</text>"#,
        frame.x + frame.width,
        frame.y + frame.height + 30.0
    );

    for (k, b) in buffers.iter().enumerate() {
        let (x0, x1) = (x(f64::from(b.live[0])), x(f64::from(b.live[1]) + 1.0));
        let (y0, y1) = (y((b.offset + b.size) as f64), y(b.offset as f64));
        let hue = (k * 47) % 360;
        let _ = writeln!(
            svg,
            r##"<rect x="{x0:.1}" y="{y0:.1}" width="{:.1}" height="{:.1}" fill="hsl({hue},60%,70%)" stroke="#333"{}><title>{}</title></rect>"##,
            (x1 - x0).max(0.5),
            (y1 - y0).max(0.5),
            style(b),
            tooltip(b)
        );
    }
    // Labels of buffers drawn over others come last: theirs give way.
    let mut labels = Placed::default();
    let mut order: Vec<&&BufferReport> = buffers.iter().collect();
    order.sort_by_key(|b| b.overlaps.is_some());
    for b in order {
        let area = Rect {
            x: x(f64::from(b.live[0])),
            y: y((b.offset + b.size) as f64),
            width: x(f64::from(b.live[1]) + 1.0) - x(f64::from(b.live[0])),
            height: y(b.offset as f64) - y((b.offset + b.size) as f64),
        };
        draw_label(svg, &mut labels, &b.name, area);
    }

    let peak = x(f64::from(pool.peak_step) + 0.5);
    let _ = writeln!(
        svg,
        r##"<line x1="{peak:.1}" y1="{}" x2="{peak:.1}" y2="{}" stroke="red" stroke-dasharray="4 3"><title>peak step {}</title></line>"##,
        frame.y,
        frame.y + frame.height,
        pool.peak_step
    );
    draw_peak_label(svg, &mut labels, pool.peak_step, peak, frame);
}

/// `peak step N` beside the peak's line at `x`: the first place clear of the buffers' labels,
/// from the top of the frame down, right of the line then left of it.
fn draw_peak_label(svg: &mut String, labels: &mut Placed, step: u32, x: f64, frame: Rect) {
    let text = format!("peak step {step}");
    let width = label::width(&text, 11.0);
    let rows = (0..).map(|k| frame.y + 2.0 + 14.0 * f64::from(k)).take_while(|&y| y + 14.0 <= frame.y + frame.height);
    let places = rows.flat_map(|y| [(x + 3.0, y), (x - 3.0 - width, y)]);
    let mut clear = places.filter(|&(left, _)| left >= frame.x && left + width <= frame.x + frame.width);
    if let Some((left, top)) = clear.find(|&(left, top)| labels.take(Rect { x: left, y: top, width, height: 12.0 })) {
        let _ = writeln!(svg, r#"<text x="{left:.1}" y="{:.1}" fill="red">{text}</text>"#, top + 10.0);
    }
}

/// The outline of buffer `b`'s rectangle: dashed and translucent over the buffer it overlaps,
/// thick for persistent state.
fn style(b: &BufferReport) -> &'static str {
    match (&b.persistent_state, &b.overlaps) {
        (Some(_), _) => r#" stroke-width="2""#,
        (None, Some(_)) => r#" stroke-width="0.5" fill-opacity="0.6" stroke-dasharray="3 2""#,
        (None, None) => r#" stroke-width="0.5""#,
    }
}

/// Everything about buffer `b`, for its tooltip.
fn tooltip(b: &BufferReport) -> String {
    let mut note = b.overlaps.as_ref().map_or_else(String::new, |other| format!(", overlaps {}", escape(other)));
    if let Some(state) = &b.persistent_state {
        note = format!(
            "{note}, persistent state kept across invocations (init and reset fill it with {})",
            state.initial_byte
        );
    }
    if !b.views.is_empty() {
        let views: Vec<String> =
            b.views.iter().map(|v| format!("{} at +{} ({} bytes)", escape(&v.name), v.offset, v.size)).collect();
        note = format!("{note}, views: {}", views.join(", "));
    }
    let op = b.op.as_ref().map_or_else(String::new, |op| format!(" ({})", escape(op)));
    format!("{}{op}: {} bytes at {}, steps {}..{}{note}", escape(&b.name), b.size, b.offset, b.live[0], b.live[1])
}

/// `name` written inside `area` where it fits and is clear of the labels drawn before: across
/// on the area's middle line, else its top or bottom line; or, when more of it fits upwards (a
/// buffer live for few steps), up the area's middle column, else its left or right column.
fn draw_label(svg: &mut String, labels: &mut Placed, name: &str, area: Rect) {
    let across = label::fit(name, area.width - 4.0, area.height - 2.0, LABEL);
    let up = label::fit(name, area.height - 4.0, area.width - 2.0, LABEL);
    let chars = |text: &Option<String>| text.as_ref().map_or(0, |t| t.chars().count());
    let (middle, centre) = (area.x + area.width / 2.0, area.y + area.height / 2.0);
    let (text, places, rotate) = match (chars(&up) > chars(&across), up, across) {
        (true, Some(text), _) => {
            let (width, half) = (label::width(&text, LABEL), LABEL / 2.0);
            let columns = [middle, area.x + 1.0 + half, area.x + area.width - 1.0 - half];
            (text, columns.map(|x| Rect { x: x - half, y: centre - width / 2.0, width: LABEL, height: width }), true)
        }
        (false, _, Some(text)) => {
            let width = label::width(&text, LABEL);
            let lines = [centre - LABEL / 2.0, area.y + 1.0, area.y + area.height - LABEL - 1.0];
            (text, lines.map(|y| Rect { x: middle - width / 2.0, y, width, height: LABEL }), false)
        }
        _ => return,
    };
    let Some(place) = places.into_iter().find(|&place| labels.take(place)) else {
        return;
    };
    let (x, y) = (place.x + place.width / 2.0, place.y + place.height / 2.0);
    let turn = if rotate { format!(r#" transform="rotate(-90 {x:.1} {y:.1})""#) } else { String::new() };
    let _ = writeln!(
        svg,
        r#"<text x="{x:.1}" y="{y:.1}" dy="{:.1}" font-size="{LABEL}" text-anchor="middle"{turn} pointer-events="none">{}</text>"#,
        LABEL * 0.35,
        escape(&text)
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::usmp::report::StateReport;

    fn pool(name: &str, role: &str, size: u64, peak_step: u32, steps: u32) -> PoolReport {
        PoolReport {
            name: name.into(),
            bank: "sram".into(),
            role: role.into(),
            size,
            alignment: 16,
            capacity: None,
            function: "main".into(),
            occupied: size,
            lower_bound: size,
            peak_step,
            steps,
            proven_optimal: true,
            gap_to_lower_bound: None,
        }
    }

    fn buffer(pool: &PoolReport, name: &str, offset: u64, size: u64, live: [u32; 2]) -> BufferReport {
        BufferReport {
            function: "main".into(),
            name: name.into(),
            op: Some("conv_2d".into()),
            role: pool.role.clone(),
            bank: "sram".into(),
            pool: pool.name.clone(),
            io: None,
            offset,
            size,
            alignment: 16,
            live,
            algorithm: "exact".into(),
            overlaps: None,
            persistent_state: None,
            views: Vec::new(),
            folded_pad: None,
            not_a_view: None,
        }
    }

    fn report(pool: PoolReport, buffers: Vec<BufferReport>) -> ResidencyReport {
        ResidencyReport {
            algorithm: "auto".into(),
            layout_hash: String::new(),
            layout_and_constants_hash: String::new(),
            pools: vec![pool],
            buffers,
            constants: vec![],
            operator_orders: vec![],
            patches: vec![],
        }
    }

    #[test]
    fn one_rectangle_per_buffer_and_the_peak_is_marked() {
        let pool = pool("sram_scratch", "scratch", 64, 1, 3);
        let a = buffer(&pool, "a<&>", 0, 32, [0, 1]);
        let b = BufferReport { overlaps: Some("a<&>".into()), ..buffer(&pool, "b", 16, 32, [1, 2]) };
        let svg = render(&report(pool, vec![a, b]));
        assert_eq!(svg.matches("<title>").count(), 3);
        assert!(svg.contains("a&lt;&amp;&gt; (conv_2d): 32 bytes at 0, steps 0..1"));
        assert!(svg.contains("<title>peak step 1</title>"));
        assert!(svg.contains(">peak step 1</text>"));
        assert!(svg.contains("b (conv_2d): 32 bytes at 16, steps 1..2, overlaps a&lt;&amp;&gt;"));
        assert_eq!(svg.matches("stroke-dasharray=\"3 2\"").count(), 1);
        assert!(svg.starts_with("<svg") && svg.ends_with("</svg>\n"));
        assert!(!svg.contains("persistent"));
        // Both names are written inside their rectangles; ticks every 8 bytes and every step.
        assert!(svg.contains(">a&lt;&amp;&gt;</text>") && svg.contains(">b</text>"));
        for tick in [">0</text>", ">8 B</text>", ">64 B</text>", ">1</text>", ">2</text>"] {
            assert!(svg.contains(tick), "{tick}");
        }
    }

    #[test]
    fn names_are_written_whole_cut_or_not_at_all_and_never_over_each_other() {
        let pool = pool("sram_scratch", "scratch", 4096, 0, 4);
        let long = "model/activation_3/Relu;model/batch_normalization_3/FusedBatchNormV3;model/conv2d_1/Conv2D";
        let buffers = vec![
            buffer(&pool, long, 0, 2048, [0, 3]),
            buffer(&pool, long, 2048, 1024, [0, 0]),
            buffer(&pool, "tiny", 3072, 8, [1, 1]),
            // The same place and time as the first: its name must find another line or give way.
            BufferReport { overlaps: Some(long.into()), ..buffer(&pool, "twin", 0, 2048, [0, 3]) },
        ];
        let svg = render(&report(pool, buffers));
        assert!(svg.contains(&format!(">{long}</text>")), "whole in the wide rectangle");
        assert!(svg.contains(">model/activation_3/Relu;model/bat…</text>"), "cut in a quarter of the width");
        assert!(!svg.contains(">tiny</text>"), "an 8-byte buffer of 4 KiB is 0.6 pixels high");
        assert!(svg.contains(">twin</text>"));
        assert!(svg.contains(">4 KiB</text>") && svg.contains(">512 B</text>"));
        let lines: Vec<&str> = svg.lines().filter(|l| l.contains("pointer-events")).collect();
        assert_eq!(lines.len(), 3);
        let y = |line: &str| line.split("y=\"").nth(1).and_then(|r| r.split('"').next()).unwrap().to_string();
        assert_ne!(y(lines[0]), y(lines[2]), "the twin's name is on another line than the first's");
    }

    #[test]
    fn persistent_state_is_marked_as_such() {
        let pool = pool("sram_persistent", "persistent", 16, 0, 2);
        let state = BufferReport {
            op: None,
            persistent_state: Some(StateReport { initial_byte: 253 }),
            ..buffer(&pool, "svdf_state", 0, 16, [0, 1])
        };
        let report = report(pool, vec![state]);
        let svg = render(&report);
        assert!(svg.contains("sram_persistent (sram bank, persistent: state kept across invocations): 16 bytes"));
        assert!(svg.contains(
            "svdf_state: 16 bytes at 0, steps 0..1, persistent state kept across invocations (init and reset fill it with 253)"
        ));
        assert_eq!(svg.matches(r#"stroke-width="2""#).count(), 1);
        assert!(report.to_json().contains("\"persistent_state\": {\n        \"initial_byte\": 253\n      }"));
    }
}

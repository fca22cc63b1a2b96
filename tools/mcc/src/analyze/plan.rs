//! The memory plan as `mcc analyze` reads it from the residency report mcc writes
//! (`<prefix>_residency.json`, [`mc_passes::usmp::report`]): where each tensor lives, and the
//! bytes live at each step of the planned function.

use serde_json::Value;

/// One pool.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pool {
    /// Its symbol.
    pub name: String,
    /// Its bank.
    pub bank: String,
    /// `scratch` or `persistent`.
    pub role: String,
    /// Bytes.
    pub size: u64,
    /// The most bytes live at one step, less declared overlaps: no plan is lower.
    pub lower_bound: u64,
    /// The step where that many bytes are live.
    pub peak_step: u64,
}

/// One planned buffer, or a view inside one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Placed {
    /// The tensor's name.
    pub name: String,
    /// Its pool.
    pub pool: String,
    /// Its first byte in the pool.
    pub offset: u64,
    /// Bytes.
    pub size: u64,
    /// First and last step it is live (a view: its buffer's).
    pub live: [u64; 2],
    /// True for a view (no storage of its own).
    pub view: bool,
}

/// The plan of the entry function.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Plan {
    /// The pools.
    pub pools: Vec<Pool>,
    /// Planned buffers then views.
    pub placed: Vec<Placed>,
    /// Each constant's symbol and, when staged into RAM, its pool and offset.
    pub constants: Vec<(String, Option<(String, u64)>)>,
}

impl Plan {
    /// Reads the report's JSON `text`.
    pub fn from_json(text: &str) -> Result<Plan, String> {
        let report: Value = serde_json::from_str(text).map_err(|e| format!("the residency report is not JSON: {e}"))?;
        let str_of = |v: &Value, key: &str| v[key].as_str().unwrap_or_default().to_string();
        let u64_of = |v: &Value, key: &str| v[key].as_u64().unwrap_or(0);
        let list = |key: &str| report[key].as_array().cloned().unwrap_or_default();
        let pools = list("pools")
            .iter()
            .map(|p| Pool {
                name: str_of(p, "name"),
                bank: str_of(p, "bank"),
                role: str_of(p, "role"),
                size: u64_of(p, "size"),
                lower_bound: u64_of(p, "lower_bound"),
                peak_step: u64_of(p, "peak_step"),
            })
            .collect();
        let mut placed = Vec::new();
        let mut views = Vec::new();
        for b in list("buffers") {
            let live = [b["live"][0].as_u64().unwrap_or(0), b["live"][1].as_u64().unwrap_or(0)];
            let (pool, offset) = (str_of(&b, "pool"), u64_of(&b, "offset"));
            for v in b["views"].as_array().into_iter().flatten() {
                let name = str_of(v, "name");
                let (offset, size) = (offset + u64_of(v, "offset"), u64_of(v, "size"));
                views.push(Placed { name, pool: pool.clone(), offset, size, live, view: true });
            }
            placed.push(Placed { name: str_of(&b, "name"), pool, offset, size: u64_of(&b, "size"), live, view: false });
        }
        placed.extend(views);
        let constants = list("constants")
            .iter()
            .map(|c| {
                let staged = c.get("staged").map(|s| (str_of(s, "pool"), u64_of(s, "offset")));
                (str_of(c, "name"), staged)
            })
            .collect();
        Ok(Plan { pools, placed, constants })
    }

    /// Where the tensor `name` lives (a buffer before a view of the same name).
    pub fn find(&self, name: &str) -> Option<&Placed> {
        self.placed.iter().find(|p| p.name == name)
    }

    /// The pool and offset a constant `name` is staged to; `None` when it stays in flash.
    pub fn staged(&self, name: &str) -> Option<&(String, u64)> {
        self.constants.iter().find(|(n, _)| n == name).and_then(|(_, staged)| staged.as_ref())
    }

    /// The pool bytes that hold live buffers at `step`: the union of their address ranges, so a
    /// kernel's output written over the input it consumes counts once.
    pub fn live_bytes(&self, step: u64) -> u64 {
        let mut ranges: Vec<(&str, u64, u64)> = self
            .placed
            .iter()
            .filter(|p| !p.view && p.live[0] <= step && step <= p.live[1])
            .map(|p| (p.pool.as_str(), p.offset, p.offset + p.size))
            .collect();
        ranges.sort();
        let mut total = 0;
        let mut covered: Option<(&str, u64)> = None;
        for (pool, start, end) in ranges {
            let from = match covered {
                Some((last_pool, last_end)) if last_pool == pool => start.max(last_end),
                _ => start,
            };
            total += end.saturating_sub(from);
            if covered.is_none_or(|(last_pool, last_end)| last_pool != pool || end > last_end) {
                covered = Some((pool, end));
            }
        }
        total
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn buffers_views_and_staged_constants_are_read() {
        let plan = Plan::from_json(
            r#"{"pools": [{"name": "sram", "bank": "sram", "role": "scratch", "size": 96, "lower_bound": 80, "peak_step": 3}],
                "buffers": [{"name": "a", "pool": "sram", "offset": 0, "size": 64, "live": [1, 3]},
                            {"name": "b", "pool": "sram", "offset": 64, "size": 32, "live": [3, 5],
                             "views": [{"name": "b0", "offset": 16, "size": 8}]}],
                "constants": [{"name": "w", "size": 4}, {"name": "s", "size": 4, "staged": {"bank": "dtcm", "pool": "dtcm_c", "offset": 8}}]}"#,
        )
        .unwrap();
        assert_eq!(plan.pools[0].lower_bound, 80);
        let view = plan.find("b0").unwrap();
        assert_eq!((view.offset, view.size, view.live, view.view), (80, 8, [3, 5], true));
        assert_eq!((plan.live_bytes(2), plan.live_bytes(3), plan.live_bytes(6)), (64, 96, 0));
        // Overlapping buffers count once.
        let mut overlapping = plan.clone();
        overlapping.placed[1].offset = 32;
        assert_eq!((overlapping.live_bytes(3), overlapping.live_bytes(4)), (64, 32));
        assert_eq!(plan.staged("s"), Some(&("dtcm_c".to_string(), 8)));
        assert_eq!(plan.staged("w"), None);
    }
}

//! MiniMalloc's CSV problems: reading `id,lower,upper,size` rows into a planning problem and
//! writing them back with offsets.

use mc_passes::usmp::problem::{Interval, Problem, Request};

/// One buffer as the file gives it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    /// Its id (any text, unique).
    pub id: String,
    /// First step live.
    pub lower: u32,
    /// Step after the last one live.
    pub upper: u32,
    /// Bytes.
    pub size: u64,
}

/// The rows of `text` and the problem they describe (alignment 1, as MiniMalloc has none).
///
/// # Errors
///
/// A message naming the line of a malformed row, an empty interval, a zero size or a repeated
/// id.
pub fn parse(text: &str) -> Result<(Vec<Row>, Problem), String> {
    let mut reader = csv::ReaderBuilder::new().trim(csv::Trim::All).from_reader(text.as_bytes());
    let headers = reader.headers().map_err(|e| format!("cannot read the header: {e}"))?.clone();
    let expected = ["id", "lower", "upper", "size"];
    if headers.iter().take(4).ne(expected) {
        return Err(format!(
            "the header must start with id,lower,upper,size, but is '{}'",
            headers.iter().collect::<Vec<_>>().join(",")
        ));
    }
    let mut rows: Vec<Row> = Vec::new();
    let mut ids = std::collections::HashSet::new();
    for record in reader.records() {
        let record = record.map_err(|e| format!("malformed CSV: {e}"))?;
        let line = record.position().map_or(0, |p| p.line());
        let field =
            |i: usize| record.get(i).ok_or_else(|| format!("line {line}: expected 4 fields, found {}", record.len()));
        let number = |i: usize| -> Result<u64, String> {
            let text = field(i)?;
            text.parse().map_err(|_| format!("line {line}: '{}' is not a non-negative integer ({})", text, expected[i]))
        };
        let id = field(0)?.to_string();
        let (lower, upper, size) = (number(1)?, number(2)?, number(3)?);
        let step = |v: u64| u32::try_from(v).map_err(|_| format!("line {line}: step {v} is too large"));
        let (lower, upper) = (step(lower)?, step(upper)?);
        if upper <= lower {
            return Err(format!("line {line}: buffer '{id}' has an empty interval {lower}..{upper}"));
        }
        if size == 0 {
            return Err(format!("line {line}: buffer '{id}' has size 0"));
        }
        if !ids.insert(id.clone()) {
            return Err(format!("line {line}: buffer id '{id}' appears twice"));
        }
        rows.push(Row { id, lower, upper, size });
    }
    let requests = rows
        .iter()
        .map(|r| Request { size: r.size, alignment: 1, live: Interval::new(r.lower, r.upper - 1) })
        .collect();
    Ok((rows, Problem::new(requests)))
}

/// The solution file: the rows with their offsets.
pub fn write(rows: &[Row], offsets: &[u64]) -> String {
    let mut writer = csv::Writer::from_writer(Vec::new());
    writer.write_record(["id", "lower", "upper", "size", "offset"]).expect("writing to memory");
    for (row, offset) in rows.iter().zip(offsets) {
        let fields =
            [row.id.clone(), row.lower.to_string(), row.upper.to_string(), row.size.to_string(), offset.to_string()];
        writer.write_record(&fields).expect("writing to memory");
    }
    String::from_utf8(writer.into_inner().expect("flushing to memory")).expect("CSV of UTF-8 fields")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_round_trip_and_intervals_are_half_open() {
        let (rows, problem) = parse("id,lower,upper,size\nA,0,2,8\nB, 2, 4, 16\n").unwrap();
        assert_eq!(rows[1], Row { id: "B".into(), lower: 2, upper: 4, size: 16 });
        // Half-open: A (steps 0-1) and B (steps 2-3) never overlap.
        assert_eq!(problem.lower_bound(), 16);
        assert_eq!(write(&rows, &[0, 0]), "id,lower,upper,size,offset\nA,0,2,8,0\nB,2,4,16,0\n");
    }

    #[test]
    fn bad_rows_name_their_line() {
        let err = |text: &str| parse(text).unwrap_err();
        assert_eq!(
            err("id,start,end,size\n"),
            "the header must start with id,lower,upper,size, but is 'id,start,end,size'"
        );
        assert_eq!(err("id,lower,upper,size\na,0,1,4\nb,3,3,4\n"), "line 3: buffer 'b' has an empty interval 3..3");
        assert_eq!(err("id,lower,upper,size\na,0,1,0\n"), "line 2: buffer 'a' has size 0");
        assert_eq!(err("id,lower,upper,size\na,0,1,4\na,1,2,4\n"), "line 3: buffer id 'a' appears twice");
        assert_eq!(err("id,lower,upper,size\na,x,1,4\n"), "line 2: 'x' is not a non-negative integer (lower)");
        assert!(err("id,lower,upper,size\na,0,1\n").contains("malformed CSV"));
    }
}

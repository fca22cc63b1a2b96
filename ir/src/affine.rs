//! Affine expressions, maps and integer sets (MLIR's `affine_map<...>` and `affine_set<...>`).
//!
//! Expressions are built through [`AffineExpr::add`], [`AffineExpr::mul`], ... which simplify as
//! MLIR's `AffineExpr` operators do (constants folded and moved to the right, `d0 * 2 + d0` →
//! `d0 * 3`, `e - (e floordiv c) * c` → `e mod c`, ...), so that equal maps are structurally equal
//! and print exactly as upstream prints them.

use std::fmt::Write;
use std::ops::{Add, Mul, Neg, Sub};

/// The operator of a binary affine expression.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum AffineBinaryKind {
    /// `+`
    Add,
    /// `*`
    Mul,
    /// `floordiv`
    FloorDiv,
    /// `ceildiv`
    CeilDiv,
    /// `mod` (result in `[0, rhs)`)
    Mod,
}

/// An affine expression over dimensions `d<i>` and symbols `s<i>`.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum AffineExpr {
    /// `d<i>`
    Dim(u32),
    /// `s<i>`
    Symbol(u32),
    /// An integer constant.
    Constant(i64),
    /// `lhs <op> rhs`.
    Binary(Box<(AffineBinaryKind, AffineExpr, AffineExpr)>),
}

/// `affine_map<(d0, ...)[s0, ...] -> (results)>`.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct AffineMap {
    /// Number of dimensions.
    pub num_dims: u32,
    /// Number of symbols.
    pub num_symbols: u32,
    /// Result expressions.
    pub results: Vec<AffineExpr>,
}

/// `affine_set<(d0, ...)[s0, ...] : (constraints)>`: each constraint is `expr == 0` or `expr >= 0`.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct IntegerSet {
    /// Number of dimensions.
    pub num_dims: u32,
    /// Number of symbols.
    pub num_symbols: u32,
    /// Constraint expressions with `true` for an equality (`== 0`), `false` for `>= 0`.
    pub constraints: Vec<(AffineExpr, bool)>,
}

fn binary(kind: AffineBinaryKind, lhs: AffineExpr, rhs: AffineExpr) -> AffineExpr {
    AffineExpr::Binary(Box::new((kind, lhs, rhs)))
}

impl AffineExpr {
    fn constant(&self) -> Option<i64> {
        match self {
            AffineExpr::Constant(c) => Some(*c),
            _ => None,
        }
    }

    fn as_binary(&self, kind: AffineBinaryKind) -> Option<(&AffineExpr, &AffineExpr)> {
        match self {
            AffineExpr::Binary(b) if b.0 == kind => Some((&b.1, &b.2)),
            _ => None,
        }
    }

    /// `lhs * c` with `c` a constant: `(lhs, c)`.
    fn as_mul_by_constant(&self) -> Option<(&AffineExpr, i64)> {
        let (lhs, rhs) = self.as_binary(AffineBinaryKind::Mul)?;
        Some((lhs, rhs.constant()?))
    }

    /// True if the expression uses no dimension.
    pub fn is_symbolic_or_constant(&self) -> bool {
        match self {
            AffineExpr::Dim(_) => false,
            AffineExpr::Symbol(_) | AffineExpr::Constant(_) => true,
            AffineExpr::Binary(b) => b.1.is_symbolic_or_constant() && b.2.is_symbolic_or_constant(),
        }
    }

    /// True if the expression is affine in dims and symbols (no product of two non-constants, no
    /// division or modulo by a non-constant).
    pub fn is_pure_affine(&self) -> bool {
        match self {
            AffineExpr::Binary(b) => match b.0 {
                AffineBinaryKind::Add => b.1.is_pure_affine() && b.2.is_pure_affine(),
                AffineBinaryKind::Mul => {
                    b.1.is_pure_affine()
                        && b.2.is_pure_affine()
                        && (b.1.constant().is_some() || b.2.constant().is_some())
                }
                _ => b.1.is_pure_affine() && b.2.constant().is_some(),
            },
            _ => true,
        }
    }

    /// The largest integer known to divide the expression's value (MLIR's
    /// `getLargestKnownDivisor`).
    pub fn largest_known_divisor(&self) -> i64 {
        match self {
            AffineExpr::Dim(_) | AffineExpr::Symbol(_) => 1,
            AffineExpr::Constant(c) => c.wrapping_abs(),
            AffineExpr::Binary(b) => match b.0 {
                AffineBinaryKind::Mul => b.1.largest_known_divisor().wrapping_mul(b.2.largest_known_divisor()),
                AffineBinaryKind::Add | AffineBinaryKind::Mod => {
                    gcd(b.1.largest_known_divisor() as u64, b.2.largest_known_divisor() as u64) as i64
                }
                AffineBinaryKind::FloorDiv | AffineBinaryKind::CeilDiv => match b.2.constant() {
                    Some(c) if c != 0 => {
                        let lhs = b.1.largest_known_divisor();
                        if lhs.wrapping_rem(c) == 0 { lhs.wrapping_div(c).wrapping_abs() } else { 1 }
                    }
                    _ => 1,
                },
            },
        }
    }

    /// Adds `factor` times the coefficient of `d<dim>` in this expression to `coefficient`
    /// (`None` once it depends on symbols or overflows); `None` if the expression is no sum of
    /// scaled dims, symbols and constants (upstream's `extractStrides` gives up on `floordiv`,
    /// `ceildiv` and `mod`).
    fn add_coefficient_of(&self, dim: u32, factor: Option<i64>, coefficient: &mut Option<i64>) -> Option<()> {
        match self {
            AffineExpr::Dim(d) if *d == dim => {
                *coefficient = coefficient.zip(factor).and_then(|(c, f)| c.checked_add(f));
                Some(())
            }
            AffineExpr::Dim(_) | AffineExpr::Symbol(_) | AffineExpr::Constant(_) => Some(()),
            AffineExpr::Binary(b) => match b.0 {
                AffineBinaryKind::Add => {
                    b.1.add_coefficient_of(dim, factor, coefficient)?;
                    b.2.add_coefficient_of(dim, factor, coefficient)
                }
                AffineBinaryKind::Mul => {
                    let (scaled, scale) = if b.1.is_symbolic_or_constant() { (&b.2, &b.1) } else { (&b.1, &b.2) };
                    let factor = factor.zip(scale.constant()).and_then(|(f, c)| f.checked_mul(c));
                    scaled.add_coefficient_of(dim, factor, coefficient)
                }
                AffineBinaryKind::FloorDiv | AffineBinaryKind::CeilDiv | AffineBinaryKind::Mod => None,
            },
        }
    }

    /// `self + c`.
    pub fn add_const(self, c: i64) -> AffineExpr {
        self + AffineExpr::Constant(c)
    }

    /// `self * c`.
    pub fn mul_const(self, c: i64) -> AffineExpr {
        self * AffineExpr::Constant(c)
    }

    /// `self floordiv rhs`, simplified.
    pub fn floor_div(self, rhs: AffineExpr) -> AffineExpr {
        simplify_floor_div(&self, &rhs).unwrap_or_else(|| binary(AffineBinaryKind::FloorDiv, self, rhs))
    }

    /// `self ceildiv rhs`, simplified.
    pub fn ceil_div(self, rhs: AffineExpr) -> AffineExpr {
        simplify_ceil_div(&self, &rhs).unwrap_or_else(|| binary(AffineBinaryKind::CeilDiv, self, rhs))
    }

    /// `self mod rhs`, simplified.
    pub fn modulo(self, rhs: AffineExpr) -> AffineExpr {
        simplify_mod(&self, &rhs).unwrap_or_else(|| binary(AffineBinaryKind::Mod, self, rhs))
    }

    /// Applies `kind` to `self` and `rhs`, simplified.
    pub fn apply(self, kind: AffineBinaryKind, rhs: AffineExpr) -> AffineExpr {
        match kind {
            AffineBinaryKind::Add => self + rhs,
            AffineBinaryKind::Mul => self * rhs,
            AffineBinaryKind::FloorDiv => self.floor_div(rhs),
            AffineBinaryKind::CeilDiv => self.ceil_div(rhs),
            AffineBinaryKind::Mod => self.modulo(rhs),
        }
    }
}

impl Add for AffineExpr {
    type Output = AffineExpr;

    /// `self + rhs`, simplified.
    fn add(self, rhs: AffineExpr) -> AffineExpr {
        simplify_add(&self, &rhs).unwrap_or_else(|| binary(AffineBinaryKind::Add, self, rhs))
    }
}

impl Sub for AffineExpr {
    type Output = AffineExpr;

    /// `self - rhs` (= `self + rhs * -1`).
    fn sub(self, rhs: AffineExpr) -> AffineExpr {
        self + -rhs
    }
}

impl Neg for AffineExpr {
    type Output = AffineExpr;

    /// `-self` (= `self * -1`).
    fn neg(self) -> AffineExpr {
        self * AffineExpr::Constant(-1)
    }
}

impl Mul for AffineExpr {
    type Output = AffineExpr;

    /// `self * rhs`, simplified.
    fn mul(self, rhs: AffineExpr) -> AffineExpr {
        simplify_mul(&self, &rhs).unwrap_or_else(|| binary(AffineBinaryKind::Mul, self, rhs))
    }
}

fn gcd(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// MLIR 22 orders the operands of a sum or product of two dimensions (or two symbols) by
/// position: `d1 + d0` → `d0 + d1`, `s1 * s0` → `s0 * s1`.
fn out_of_order(lhs: &AffineExpr, rhs: &AffineExpr) -> bool {
    match (lhs, rhs) {
        (AffineExpr::Dim(a), AffineExpr::Dim(b)) | (AffineExpr::Symbol(a), AffineExpr::Symbol(b)) => a > b,
        _ => false,
    }
}

fn simplify_add(lhs: &AffineExpr, rhs: &AffineExpr) -> Option<AffineExpr> {
    let (lhs_const, rhs_const) = (lhs.constant(), rhs.constant());
    if let (Some(a), Some(b)) = (lhs_const, rhs_const) {
        return a.checked_add(b).map(AffineExpr::Constant);
    }
    // Constants go right; a symbolic term goes right of a dimensional one.
    if lhs_const.is_some()
        || (lhs.is_symbolic_or_constant() && !rhs.is_symbolic_or_constant())
        || out_of_order(lhs, rhs)
    {
        return Some(rhs.clone().add(lhs.clone()));
    }
    if rhs_const == Some(0) {
        return Some(lhs.clone());
    }
    let lhs_add = lhs.as_binary(AffineBinaryKind::Add);
    // (e + 2) + 3 → e + 5.
    if let (Some((l, lr)), Some(c)) = (lhs_add, rhs_const)
        && let Some(lc) = lr.constant()
    {
        return Some(l.clone().add_const(lc.wrapping_add(c)));
    }
    // c1 * e + c2 * e → (c1 + c2) * e.
    let (first, c1) = lhs.as_mul_by_constant().unwrap_or((lhs, 1));
    let (second, c2) = rhs.as_mul_by_constant().unwrap_or((rhs, 1));
    if first == second {
        return Some(first.clone().mul_const(c1.wrapping_add(c2)));
    }
    // (e + 2) + f → (e + f) + 2.
    if let Some((l, lr)) = lhs_add
        && let Some(lc) = lr.constant()
    {
        return Some(l.clone().add(rhs.clone()).add_const(lc));
    }
    let (rl, rr) = rhs.as_binary(AffineBinaryKind::Mul)?;
    // e + ((e floordiv q) * q) * -1 → e mod q.
    if rr.constant() == Some(-1)
        && let Some((floor_div, q)) = rl.as_binary(AffineBinaryKind::Mul)
    {
        let (e, divisor) = floor_div.as_binary(AffineBinaryKind::FloorDiv)?;
        if divisor == q && e == lhs {
            return Some(lhs.clone().modulo(q.clone()));
        }
    }
    // e + (e floordiv c) * -c → e mod c.
    let (e, divisor) = rl.as_binary(AffineBinaryKind::FloorDiv)?;
    if e == lhs && divisor.constant().is_some_and(|c| c > 0 && rr.constant() == Some(c.wrapping_neg())) {
        return Some(lhs.clone().modulo(divisor.clone()));
    }
    // (a + b) + (e floordiv c) * k → a + (b + (e floordiv c) * k) when the inner sum simplifies
    // (MLIR 22 looks for a modulo one level down: `d0 + d1 - (d1 floordiv 2) * 2` → `d0 + d1 mod 2`).
    let (a, b) = lhs.as_binary(AffineBinaryKind::Add)?;
    let inner = simplify_add(b, rhs)?;
    Some(a.clone() + inner)
}

fn simplify_mul(lhs: &AffineExpr, rhs: &AffineExpr) -> Option<AffineExpr> {
    let (lhs_const, rhs_const) = (lhs.constant(), rhs.constant());
    if let (Some(a), Some(b)) = (lhs_const, rhs_const) {
        return a.checked_mul(b).map(AffineExpr::Constant);
    }
    if !lhs.is_symbolic_or_constant() && !rhs.is_symbolic_or_constant() {
        return None;
    }
    // The constant (or symbolic) factor goes right.
    if !rhs.is_symbolic_or_constant() || lhs_const.is_some() || out_of_order(lhs, rhs) {
        return Some(rhs.clone().mul(lhs.clone()));
    }
    match rhs_const {
        Some(1) => return Some(lhs.clone()),
        Some(0) => return Some(AffineExpr::Constant(0)),
        _ => {}
    }
    let (l, lc) = lhs.as_mul_by_constant()?;
    // (e * 2) * 3 → e * 6; (e * 2) * f → (e * f) * 2.
    Some(match rhs_const {
        Some(c) => l.clone().mul_const(lc.wrapping_mul(c)),
        None => l.clone().mul(rhs.clone()).mul_const(lc),
    })
}

fn simplify_floor_div(lhs: &AffineExpr, rhs: &AffineExpr) -> Option<AffineExpr> {
    let c = rhs.constant().filter(|&c| c != 0)?;
    if let Some(a) = lhs.constant() {
        let quotient = a.checked_div(c)?;
        let round_down = a % c != 0 && ((a < 0) != (c < 0));
        return Some(AffineExpr::Constant(quotient - i64::from(round_down)));
    }
    if c == 1 {
        return Some(lhs.clone());
    }
    if let Some((l, lc)) = lhs.as_mul_by_constant()
        && lc % c == 0
    {
        return Some(l.clone().mul_const(lc / c));
    }
    let (l, r) = lhs.as_binary(AffineBinaryKind::Add)?;
    if l.largest_known_divisor() % c == 0 || r.largest_known_divisor() % c == 0 {
        return Some(l.clone().floor_div(rhs.clone()).add(r.clone().floor_div(rhs.clone())));
    }
    None
}

fn simplify_ceil_div(lhs: &AffineExpr, rhs: &AffineExpr) -> Option<AffineExpr> {
    let c = rhs.constant().filter(|&c| c != 0)?;
    if let Some(a) = lhs.constant() {
        let floor = a.checked_div(c)?;
        let round_up = a % c != 0 && ((a < 0) == (c < 0));
        return Some(AffineExpr::Constant(floor + i64::from(round_up)));
    }
    if c == 1 {
        return Some(lhs.clone());
    }
    let (l, lc) = lhs.as_mul_by_constant()?;
    (lc % c == 0).then(|| l.clone().mul_const(lc / c))
}

fn simplify_mod(lhs: &AffineExpr, rhs: &AffineExpr) -> Option<AffineExpr> {
    let c = rhs.constant().filter(|&c| c >= 1)?;
    if let Some(a) = lhs.constant() {
        return Some(AffineExpr::Constant(a.rem_euclid(c)));
    }
    if lhs.largest_known_divisor() % c == 0 {
        return Some(AffineExpr::Constant(0));
    }
    if let Some((l, r)) = lhs.as_binary(AffineBinaryKind::Add) {
        if l.largest_known_divisor() % c == 0 {
            return Some(r.clone().modulo(rhs.clone()));
        }
        if r.largest_known_divisor() % c == 0 {
            return Some(l.clone().modulo(rhs.clone()));
        }
    }
    // (e mod a) mod b → e mod b when b divides a.
    let (l, r) = lhs.as_binary(AffineBinaryKind::Mod)?;
    let a = r.constant().filter(|&a| a >= 1)?;
    (a.rem_euclid(c) == 0).then(|| l.clone().modulo(rhs.clone()))
}

/// Whether an expression is printed where a binary operator binds it tightly.
#[derive(Copy, Clone, PartialEq)]
enum Binding {
    Weak,
    Strong,
}

/// Appends `expr` as MLIR prints it (`d0 - d1`, `-(d0 + 1)`, `(d0 floordiv 2) * 2`).
pub fn write_affine_expr(expr: &AffineExpr, out: &mut String) {
    write_expr(expr, Binding::Weak, out);
}

fn write_expr(expr: &AffineExpr, enclosing: Binding, out: &mut String) {
    let (kind, lhs, rhs) = match expr {
        AffineExpr::Dim(i) => return write!(out, "d{i}").unwrap_or(()),
        AffineExpr::Symbol(i) => return write!(out, "s{i}").unwrap_or(()),
        AffineExpr::Constant(c) => return write!(out, "{c}").unwrap_or(()),
        AffineExpr::Binary(b) => (b.0, &b.1, &b.2),
    };
    let strong = enclosing == Binding::Strong;
    if strong {
        out.push('(');
    }
    if kind != AffineBinaryKind::Add {
        if kind == AffineBinaryKind::Mul && rhs.constant() == Some(-1) {
            out.push('-');
            write_expr(lhs, Binding::Strong, out);
        } else {
            write_expr(lhs, Binding::Strong, out);
            out.push_str(match kind {
                AffineBinaryKind::Mul => " * ",
                AffineBinaryKind::FloorDiv => " floordiv ",
                AffineBinaryKind::CeilDiv => " ceildiv ",
                _ => " mod ",
            });
            write_expr(rhs, Binding::Strong, out);
        }
    } else if let Some((factor, c)) = rhs.as_mul_by_constant().filter(|&(_, c)| c <= -1) {
        // `e + f * -1` prints `e - f`, `e + f * -3` prints `e - f * 3`.
        write_expr(lhs, Binding::Weak, out);
        out.push_str(" - ");
        if c == -1 {
            let tight = matches!(factor, AffineExpr::Binary(b) if b.0 == AffineBinaryKind::Add);
            write_expr(factor, if tight { Binding::Strong } else { Binding::Weak }, out);
        } else {
            write_expr(factor, Binding::Strong, out);
            let _ = write!(out, " * {}", -(c as i128));
        }
    } else if let Some(c) = rhs.constant().filter(|&c| c < 0) {
        write_expr(lhs, Binding::Weak, out);
        let _ = write!(out, " - {}", -(c as i128));
    } else {
        write_expr(lhs, Binding::Weak, out);
        out.push_str(" + ");
        write_expr(rhs, Binding::Weak, out);
    }
    if strong {
        out.push(')');
    }
}

/// Appends `(d0, d1)[s0]` (the symbol list only when there are symbols).
fn write_operand_lists(num_dims: u32, num_symbols: u32, out: &mut String) {
    out.push('(');
    for i in 0..num_dims {
        if i > 0 {
            out.push_str(", ");
        }
        let _ = write!(out, "d{i}");
    }
    out.push(')');
    if num_symbols > 0 {
        out.push('[');
        for i in 0..num_symbols {
            if i > 0 {
                out.push_str(", ");
            }
            let _ = write!(out, "s{i}");
        }
        out.push(']');
    }
}

impl AffineMap {
    /// True for `(d0, ..., dn)[...] -> (d0, ..., dn)` (symbols may be declared, as upstream's
    /// `isIdentity` allows).
    pub fn is_identity(&self) -> bool {
        self.results.len() == self.num_dims as usize
            && self.results.iter().enumerate().all(|(i, r)| *r == AffineExpr::Dim(i as u32))
    }

    /// The stride of the innermost dimension of a memref this map lays out, as upstream's
    /// `getStridesAndOffset` derives it: 1 for the identity (and for rank 0), else the
    /// coefficient of the last dimension in the map's single result; `None` where the map is not
    /// strided (several results, `floordiv`, `ceildiv`, `mod`) or the stride depends on symbols.
    pub fn innermost_stride(&self) -> Option<i64> {
        if self.num_dims == 0 || self.is_identity() {
            return Some(1);
        }
        let [result] = self.results.as_slice() else { return None };
        let mut stride = Some(0);
        result.add_coefficient_of(self.num_dims - 1, Some(1), &mut stride)?;
        stride
    }

    /// Appends the body `(d0)[s0] -> (d0 + s0)` (without `affine_map<>`).
    pub fn write_body(&self, out: &mut String) {
        write_operand_lists(self.num_dims, self.num_symbols, out);
        out.push_str(" -> (");
        for (i, result) in self.results.iter().enumerate() {
            if i > 0 {
                out.push_str(", ");
            }
            write_affine_expr(result, out);
        }
        out.push(')');
    }
}

impl IntegerSet {
    /// Appends the body `(d0) : (d0 >= 0)` (without `affine_set<>`).
    pub fn write_body(&self, out: &mut String) {
        write_operand_lists(self.num_dims, self.num_symbols, out);
        out.push_str(" : (");
        for (i, (expr, is_eq)) in self.constraints.iter().enumerate() {
            if i > 0 {
                out.push_str(", ");
            }
            write_affine_expr(expr, out);
            out.push_str(if *is_eq { " == 0" } else { " >= 0" });
        }
        out.push(')');
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(e: &AffineExpr) -> String {
        let mut s = String::new();
        write_affine_expr(e, &mut s);
        s
    }

    #[test]
    fn innermost_stride_is_the_last_dims_coefficient_as_upstream_derives_it() {
        let (d0, d1, s0) = (AffineExpr::Dim(0), AffineExpr::Dim(1), AffineExpr::Symbol(0));
        let map = |results: Vec<AffineExpr>| AffineMap { num_dims: 2, num_symbols: 1, results };
        let row_major = d0.clone().mul(AffineExpr::Constant(8)).add(d1.clone()).add(AffineExpr::Constant(3));
        assert_eq!(map(vec![row_major]).innermost_stride(), Some(1));
        assert_eq!(map(vec![d0.clone(), d1.clone()]).innermost_stride(), Some(1));
        let scaled = d0.clone().mul(s0.clone()).add(d1.clone().mul(AffineExpr::Constant(2)));
        assert_eq!(map(vec![scaled]).innermost_stride(), Some(2));
        let symbolic = d0.clone().add(d1.clone()).mul(s0.clone());
        assert_eq!(map(vec![symbolic]).innermost_stride(), None);
        assert_eq!(map(vec![d1.clone(), d0.clone()]).innermost_stride(), None);
        let divided =
            d0.clone().mul(AffineExpr::Constant(4)).add(d1.clone()).add(s0.floor_div(AffineExpr::Constant(2)));
        assert_eq!(map(vec![divided]).innermost_stride(), None);
    }

    #[test]
    fn simplifies_like_mlir() {
        let (d0, d1, s0) = (AffineExpr::Dim(0), AffineExpr::Dim(1), AffineExpr::Symbol(0));
        assert_eq!(text(&AffineExpr::Constant(2).add(d0.clone())), "d0 + 2");
        assert_eq!(text(&d0.clone().add_const(2).add_const(3)), "d0 + 5");
        assert_eq!(text(&d0.clone().mul_const(2).add(d0.clone())), "d0 * 3");
        assert_eq!(text(&d0.clone().sub(d1.clone())), "d0 - d1");
        assert_eq!(text(&d0.clone().sub(d0.clone())), "0");
        assert_eq!(text(&s0.clone().mul(d0.clone())), "d0 * s0");
        let floor = d0.clone().floor_div(AffineExpr::Constant(2)).mul_const(2);
        assert_eq!(text(&floor), "(d0 floordiv 2) * 2");
        assert_eq!(text(&d0.clone().sub(floor)), "d0 mod 2");
        assert_eq!(text(&d0.clone().add_const(1).neg()), "-(d0 + 1)");
        assert_eq!(text(&AffineExpr::Constant(-7).modulo(AffineExpr::Constant(3))), "2");
        assert_eq!(text(&AffineExpr::Constant(-7).floor_div(AffineExpr::Constant(2))), "-4");
        assert_eq!(text(&AffineExpr::Constant(7).ceil_div(AffineExpr::Constant(2))), "4");
        assert_eq!(text(&d0.clone().add(d1.mul_const(-3))), "d0 - d1 * 3");
    }
}

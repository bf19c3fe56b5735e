//! Reading a listing back into a [`Program`]: the inverse of [`Program::listing`], so a test can
//! check that what a page prints is the program the executor runs.
//!
//! It reads exactly the lines `listing` writes (the signature with `{`, one statement per line,
//! `if (…) {`, `} else {`, `}`, a `#pragma unroll 1` or unroll comment above each `for`,
//! `return;`); anything else that is not a brace is a plain line. The listing does not show
//! which side of a divergent branch runs first, so every parsed `if` is
//! [`BranchOrder::ThenFirst`]; compare with [`Program::without_branch_order`].

use super::*;

/// Why a listing is not one [`Program::listing`] writes: the 0-based line and what was wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ListingError {
    /// 0-based line of the listing.
    pub line: usize,
    /// What was expected there.
    pub expected: &'static str,
}

impl std::fmt::Display for ListingError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "line {}: expected {}", self.line + 1, self.expected)
    }
}

impl std::error::Error for ListingError {}

/// `(name / divisor) % modulus == residue` or `name % modulus == residue`.
fn div_mod(text: &str, name: &str) -> Option<(u32, u32, u32)> {
    let (lhs, residue) = text.split_once(" == ")?;
    let residue = residue.parse().ok()?;
    let (value, modulus) = lhs.rsplit_once(" % ")?;
    let modulus = modulus.parse().ok()?;
    if value == name {
        return Some((1, modulus, residue));
    }
    let inner = value.strip_prefix('(')?.strip_suffix(')')?;
    let (n, divisor) = inner.split_once(" / ")?;
    (n == name).then_some(())?;
    Some((divisor.parse().ok()?, modulus, residue))
}

/// The condition [`Cond::source`] wrote.
pub fn parse_cond(text: &str) -> Option<Cond> {
    match text {
        "i < n" => return Some(Cond::InBounds),
        "data[i] != 0" => return Some(Cond::DataNonZero),
        _ => {}
    }
    if let Some(b) = text.strip_prefix("lane < ") {
        return b.parse().ok().map(Cond::LaneBelow);
    }
    if let Some(b) = text.strip_prefix("lane >= ") {
        return b.parse().ok().map(Cond::LaneAtLeast);
    }
    if let Some((divisor, modulus, residue)) = div_mod(text, "threadIdx.x") {
        return Some(Cond::TidDivMod {
            divisor,
            modulus,
            residue,
        });
    }
    let (divisor, modulus, residue) = div_mod(text, "lane")?;
    Some(Cond::LaneDivMod {
        divisor,
        modulus,
        residue,
    })
}

/// The trip count [`TripCount::source`] wrote.
fn parse_trips(text: &str) -> Option<TripCount> {
    match text {
        "lane" => Some(TripCount::Lane),
        "trips[i]" => Some(TripCount::Data),
        _ => {
            if let Some(m) = text
                .strip_prefix("lane % ")
                .and_then(|r| r.strip_suffix(" + 1"))
            {
                return m.parse().ok().map(TripCount::LaneModPlusOne);
            }
            text.parse().ok().map(TripCount::Constant)
        }
    }
}

/// Where a block of statements ended.
#[derive(PartialEq)]
enum End {
    Brace,
    Else,
}

struct Reader<'a> {
    lines: &'a [String],
    at: usize,
}

impl Reader<'_> {
    fn error(&self, expected: &'static str) -> ListingError {
        ListingError {
            line: self.at,
            expected,
        }
    }

    /// Statements up to a closing `}` or `} else {`, which it consumes.
    fn block(&mut self) -> Result<(Vec<Stmt>, End), ListingError> {
        let mut body = Vec::new();
        loop {
            let Some(line) = self.lines.get(self.at).map(|l| l.trim()) else {
                return Err(self.error("a closing brace"));
            };
            self.at += 1;
            match line {
                "}" => return Ok((body, End::Brace)),
                "} else {" => return Ok((body, End::Else)),
                "return;" => body.push(Stmt::Return),
                _ => {
                    if let Some(cond) = line
                        .strip_prefix("if (")
                        .and_then(|r| r.strip_suffix(") {"))
                    {
                        let cond = parse_cond(cond).ok_or(ListingError {
                            line: self.at - 1,
                            expected: "a condition the SIMT model knows",
                        })?;
                        let (then_body, end) = self.block()?;
                        let else_body = if end == End::Else {
                            let (e, end) = self.block()?;
                            if end != End::Brace {
                                return Err(self.error("the end of the else block"));
                            }
                            e
                        } else {
                            Vec::new()
                        };
                        body.push(Stmt::If {
                            cond,
                            then_body,
                            else_body,
                            first: BranchOrder::ThenFirst,
                        });
                    } else if let Some(unroll) = unroll_of(line) {
                        let header = self.lines.get(self.at).map(|l| l.trim()).unwrap_or("");
                        let trips = header
                            .strip_prefix("for (int t = 0; t < ")
                            .and_then(|r| r.strip_suffix("; ++t) {"))
                            .and_then(parse_trips)
                            .ok_or(self.error("a for loop under its unroll line"))?;
                        self.at += 1;
                        let (loop_body, end) = self.block()?;
                        if end != End::Brace {
                            return Err(self.error("the end of the loop"));
                        }
                        body.push(Stmt::Loop {
                            trips,
                            unroll,
                            body: loop_body,
                        });
                    } else {
                        body.push(Stmt::Op(line.to_string()));
                    }
                }
            }
        }
    }
}

/// The unroll factor of a line above a `for`: `#pragma unroll 1` or the unroll comment.
fn unroll_of(line: &str) -> Option<u32> {
    if line == "#pragma unroll 1" {
        return Some(1);
    }
    line.strip_prefix("// nvcc -O3 unrolls this loop ")?
        .strip_suffix("x (remainder loop after)")?
        .parse()
        .ok()
}

fn unordered(body: &[Stmt]) -> Vec<Stmt> {
    body.iter()
        .map(|s| match s {
            Stmt::If {
                cond,
                then_body,
                else_body,
                ..
            } => Stmt::If {
                cond: *cond,
                then_body: unordered(then_body),
                else_body: unordered(else_body),
                first: BranchOrder::ThenFirst,
            },
            Stmt::Loop {
                trips,
                unroll,
                body,
            } => Stmt::Loop {
                trips: *trips,
                unroll: *unroll,
                body: unordered(body),
            },
            other => other.clone(),
        })
        .collect()
}

impl Program {
    /// Reads a listing [`Program::listing`] wrote back into the program (branch order
    /// [`BranchOrder::ThenFirst`]: the listing does not show it). Err names the line.
    pub fn from_listing(lines: &[String]) -> Result<Program, ListingError> {
        let first = lines.first().map(|l| l.trim_end()).unwrap_or("");
        let signature = first.strip_suffix(" {").ok_or(ListingError {
            line: 0,
            expected: "the signature followed by {",
        })?;
        let mut reader = Reader { lines, at: 1 };
        let (body, end) = reader.block()?;
        if end != End::Brace || reader.at != lines.len() {
            return Err(reader.error("the end of the kernel"));
        }
        Ok(Program {
            signature: signature.to_string(),
            body,
        })
    }

    /// The same program with every branch [`BranchOrder::ThenFirst`]: what its listing shows.
    pub fn without_branch_order(&self) -> Program {
        Program {
            signature: self.signature.clone(),
            body: unordered(&self.body),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_preset_reads_back_from_its_listing() {
        for p in presets() {
            let back = Program::from_listing(&p.listing()).expect(p.id);
            assert_eq!(back, p.program.without_branch_order(), "{}", p.id);
        }
    }

    #[test]
    fn malformed_listings_name_the_line() {
        let lines = |s: &[&str]| s.iter().map(|l| l.to_string()).collect::<Vec<_>>();
        let e = Program::from_listing(&lines(&["void k()", "}"])).expect_err("no brace");
        assert_eq!(e.line, 0);
        let e = Program::from_listing(&lines(&["k {", "    if (x > 1) {", "    }", "}"]))
            .expect_err("unknown condition");
        assert_eq!(e.line, 1);
        assert!(Program::from_listing(&lines(&["k {", "    a;"])).is_err());
        assert!(Program::from_listing(&lines(&["k {", "}", "}"])).is_err());
    }
}

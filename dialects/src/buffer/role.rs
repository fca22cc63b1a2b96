//! Memory roles (DESIGN.md §5): what a buffer's bytes hold and how long, which decides how the
//! memory planner treats it.

use mc_ir::{Attribute, Context};

/// The role of a buffer's storage.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Role {
    /// Activations and operator workspaces: live from first write to last read, reused by
    /// liveness, never initialized.
    Scratch,
    /// Variable tensors and operator state: live for the whole program, zeroed at init.
    Persistent,
    /// Weights: read-only, in flash or staged into a writable bank at init (`buffer.global`).
    Constant,
}

impl Role {
    /// Every role.
    pub const ALL: [Role; 3] = [Role::Scratch, Role::Persistent, Role::Constant];

    /// The attribute spelling (`"scratch"`, `"persistent"`, `"constant"`).
    pub fn as_str(self) -> &'static str {
        match self {
            Role::Scratch => "scratch",
            Role::Persistent => "persistent",
            Role::Constant => "constant",
        }
    }

    /// The role spelled `text`.
    pub fn parse(text: &str) -> Option<Role> {
        Role::ALL.into_iter().find(|r| r.as_str() == text)
    }

    /// The role a string attribute holds.
    pub fn from_attr(ctx: &Context, attr: Attribute) -> Option<Role> {
        ctx.string_value(attr).and_then(Role::parse)
    }

    /// The string attribute of this role.
    pub fn attr(self, ctx: &mut Context) -> Attribute {
        ctx.string_attr(self.as_str())
    }
}

impl std::fmt::Display for Role {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn roles_round_trip_through_their_spelling() {
        for role in Role::ALL {
            assert_eq!(Role::parse(role.as_str()), Some(role));
        }
        assert_eq!(Role::parse("Scratch"), None);
        let mut ctx = Context::new();
        let attr = Role::Persistent.attr(&mut ctx);
        assert_eq!(Role::from_attr(&ctx, attr), Some(Role::Persistent));
    }
}

/// Whether code refers to a catalog key, as far as its text shows.
package enum KeyReference: Sendable, Hashable {
    /// A literal in the code is the key (or the key with its specifiers as interpolations).
    case used
    /// A key built at run time could be it (`"error.\(code)"`, `"error." + code`): never reported as
    /// unused.
    case possiblyUsed
    case unused
}

/// Reads Apple string catalogs (`.strings`, `.stringsdict`, `.xcstrings`) into one model of tables,
/// keys and per-language values, and checks a key's translations (presence, state, format
/// specifiers, plural categories). errorlint uses it; it does not depend on swift-syntax.
public enum StringCatalogKit {}

import PreflightCore

/// The arguments a localized value reads, by 1-based position, after `%#@name@` placeholders are
/// expanded through their substitutions (xcstrings) or variables (`.stringsdict`).
///
/// Every form of a variation adds to the same signature, so a plural whose `one` form says
/// "One file" and whose `other` form says "%lld files" reads an integer at position 1.
struct FormatSignature: Sendable, Hashable {
    /// One argument: its class and the first directive that reads it.
    struct Argument: Sendable, Hashable {
        var argumentClass: FormatArgumentClass
        /// The directive as written (`%2$@`, `%#@files@`).
        var text: String
        /// The unit it is written in.
        var location: SourceLocation?
    }

    /// Something wrong within one value, whatever the other languages say.
    struct Problem: Sendable, Hashable {
        var message: String
        var location: SourceLocation?
    }

    /// Arguments by position.
    var arguments: [Int: Argument] = [:]
    /// Invalid directives (`%0$@`), placeholders without a definition, and a position read as two
    /// different classes.
    var problems: [Problem] = []

    init() {}

    /// The signature of a plain format string.
    init(format: String, location: SourceLocation? = nil) {
        var builder = Builder(substitutions: [])
        _ = builder.scan(format, location: location, next: 1, context: nil, depth: 0)
        self = builder.signature
    }

    /// The signature of a language's value: its text or every form of its variations, with
    /// `%#@name@` expanded.
    init(localization: CatalogLocalization) {
        var builder = Builder(substitutions: localization.substitutions)
        for unit in localization.content?.units ?? [] {
            _ = builder.scan(unit.value, location: unit.location, next: 1, context: nil, depth: 0)
        }
        self = builder.signature
    }

    /// The positions read, ascending.
    var positions: [Int] { arguments.keys.sorted() }

    private struct Builder {
        var substitutions: [CatalogSubstitution]
        var signature = FormatSignature()

        /// The argument `%arg` stands for inside a substitution's forms.
        struct Context {
            var position: Int
            var argumentClass: FormatArgumentClass?
            var text: String
        }

        /// Scans `text`, reading sequential arguments from `next`; returns the next sequential
        /// position.
        mutating func scan(
            _ text: String, location: SourceLocation?, next start: Int, context: Context?, depth: Int
        )
            -> Int
        {
            var next = start
            for specifier in FormatSpecifier.parse(text) {
                switch specifier.kind {
                case .argument(let argumentClass):
                    let position = specifier.position ?? next
                    if specifier.position == nil { next += 1 }
                    record(position, argumentClass, specifier.text, location)
                case .substitutionArgument:
                    if let context, let argumentClass = context.argumentClass {
                        record(context.position, argumentClass, context.text, location)
                    }
                case .substitution(let name):
                    guard let substitution = substitutions.first(where: { $0.name == name }) else {
                        signature.problems.append(
                            Problem(
                                message: "\(specifier.text) has no substitution named '\(name)'", location: location))
                        if specifier.position == nil { next += 1 }
                        continue
                    }
                    let position = specifier.position ?? substitution.argumentNumber ?? next
                    if specifier.position == nil { next += 1 }
                    let argumentClass = substitution.formatSpecifier.flatMap(FormatArgumentClass.init(conversion:))
                    if let argumentClass { record(position, argumentClass, specifier.text, location) }
                    guard depth < 8 else { continue }
                    let inner = Context(position: position, argumentClass: argumentClass, text: specifier.text)
                    for unit in substitution.variations.map({ LocalizedContent.variations($0).units }) ?? [] {
                        _ = scan(unit.value, location: unit.location, next: position, context: inner, depth: depth + 1)
                    }
                case .invalid(let reason):
                    signature.problems.append(
                        Problem(message: "\(specifier.text) is invalid: \(reason)", location: location))
                }
            }
            return next
        }

        mutating func record(
            _ position: Int, _ argumentClass: FormatArgumentClass, _ text: String, _ location: SourceLocation?
        ) {
            if let existing = signature.arguments[position] {
                if existing.argumentClass != argumentClass {
                    signature.problems.append(
                        Problem(
                            message:
                                "argument \(position) is read as \(existing.text) (\(existing.argumentClass.rawValue)) and as \(text) (\(argumentClass.rawValue))",
                            location: location))
                }
                return
            }
            signature.arguments[position] = Argument(argumentClass: argumentClass, text: text, location: location)
        }
    }
}

import Testing

@testable import prepush

/// The installed hook's `prepush hook <remote> <url>` is read without ArgumentParser, as
/// `CheckArguments()`: a check's options as plain values, which `CheckOptions.arguments` copies
/// field by field. An option added to one and not the other would be read by one path only.
@Suite("prepush's check options, read with and without ArgumentParser")
struct CheckArgumentsTests {
    /// The stored properties of `value`, a property wrapper's under its property's name.
    static func names(_ value: Any) -> [String] {
        Mirror(reflecting: value).children.compactMap(\.label).map { $0.hasPrefix("_") ? String($0.dropFirst()) : $0 }
            .sorted()
    }

    @Test("Every option has its field and every field its option; no option given is CheckArguments()")
    func sameFields() throws {
        let options = try CheckOptions.parse([])
        let optionNames = Self.names(options).map { $0 == "backendArguments" ? "backend" : $0 }.sorted()
        #expect(optionNames == Self.names(CheckArguments()))
        let backend = try BackendArguments.parse([])
        #expect(Self.names(backend) == Self.names(BackendValues()))
        #expect(String(describing: options.arguments) == String(describing: CheckArguments()))
        #expect(String(describing: backend.arguments) == String(describing: BackendValues()))
    }
}

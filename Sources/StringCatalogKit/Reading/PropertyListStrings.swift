import Foundation
import PreflightCore

/// `.strings` files that are XML or binary property lists (a dictionary of strings): Foundation
/// reads them as well as the usual text form, and some tools write them.
enum PropertyListStrings {
    /// `true` when the bytes start (after white space) like an XML or binary property list.
    static func isPropertyList(_ bytes: [UInt8]) -> Bool {
        if bytes.starts(with: Array("bplist".utf8)) { return true }
        var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        return index + 1 < bytes.count && bytes[index] == UInt8(ascii: "<")
            && (bytes[index + 1] == UInt8(ascii: "?") || bytes[index + 1] == UInt8(ascii: "!")
                || bytes[index + 1] == UInt8(ascii: "p"))
    }

    static func parse(_ data: Data, path: String) throws(CatalogReadError) -> StringsFile {
        if data.starts(with: Array("bplist".utf8)) { return try binary(data, path: path) }
        let root: PropertyListNode
        do {
            root = try PropertyListNode.parse(data)
        } catch {
            throw .syntax(SourceLocation(path: path, line: error.line, column: error.column), message: error.message)
        }
        guard root.kind == .dictionary else {
            throw .invalidStructure(
                SourceLocation(path: path, line: root.line, column: root.column),
                message: "the property list is not a dictionary")
        }
        var entries: [StringsFile.Entry] = []
        for member in root.members {
            let location = SourceLocation(path: path, line: member.line, column: member.column)
            guard let value = member.value.string else {
                throw .invalidStructure(location, message: "the value of key \"\(member.key)\" is not a string")
            }
            entries.append(StringsFile.Entry(key: member.key, value: value, location: location))
        }
        return StringsFile(entries: entries, duplicates: [])
    }

    /// A binary property list has no lines: every key is reported at line 1.
    private static func binary(_ data: Data, path: String) throws(CatalogReadError) -> StringsFile {
        let location = SourceLocation(path: path, line: 1, column: 1)
        let object: Any
        do {
            object = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        } catch {
            throw .syntax(location, message: "unreadable binary property list")
        }
        guard let dictionary = object as? [String: Any] else {
            throw .invalidStructure(location, message: "the property list is not a dictionary")
        }
        var entries: [StringsFile.Entry] = []
        for key in dictionary.keys.sorted() {
            guard let value = dictionary[key] as? String else {
                throw .invalidStructure(location, message: "the value of key \"\(key)\" is not a string")
            }
            entries.append(StringsFile.Entry(key: key, value: value, location: location))
        }
        return StringsFile(entries: entries, duplicates: [])
    }
}

// Fuzz target `stringsdict`: a `.stringsdict` file's bytes (XML property list), read as the
// catalog loader reads a file.

import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Data(bytes: data, count: size)
    checkCatalogParse(bytes, format: .stringsdict, path: "Fuzz/en.lproj/Localizable.stringsdict")
    return 0
}

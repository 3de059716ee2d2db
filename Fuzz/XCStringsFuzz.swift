// Fuzz target `xcstrings`: an Xcode string catalog's bytes (JSON), read as the catalog loader
// reads a file.

import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Data(bytes: data, count: size)
    checkCatalogParse(bytes, format: .xcstrings, path: "Fuzz/Localizable.xcstrings")
    return 0
}

// Fuzz target `strings`: a `.strings` file's bytes (text, XML or binary property list, any
// encoding), read as the catalog loader reads a file.

import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Data(bytes: data, count: size)
    checkCatalogParse(bytes, format: .strings, path: "Fuzz/en.lproj/Localizable.strings")
    return 0
}

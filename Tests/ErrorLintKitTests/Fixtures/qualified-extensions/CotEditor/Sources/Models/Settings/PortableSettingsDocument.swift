import SwiftUI
import UniformTypeIdentifiers

struct PortableSettingsDocument: FileDocument {

    enum Error: Swift.Error {

        case versionMismatch(Version)
    }
}

import Foundation
import Testing

@testable import PrePushKit

/// Which Apple-only modules a source imports unconditionally, on IceCubesApp's real sources
/// (Fixtures/icecubes-*.swift.txt) and on the shapes conditional imports take.
@Suite("Apple-only imports")
struct AppleOnlyImportsTests {
    static func fixture(_ name: String) throws -> String {
        try String(contentsOfFile: XcodeBackendToolOutputTests.fixtures + "/" + name, encoding: .utf8)
    }

    @Test func iceCubesSources() throws {
        // import SwiftUI, then UIKit under #if canImport(UIKit).
        #expect(AppleOnlyImports.unconditional(in: try Self.fixture("icecubes-ThemeApplier.swift.txt")) == ["SwiftUI"])
        // import Combine, Foundation, Models, OSLog, Observation, SwiftUI, os.
        #expect(
            AppleOnlyImports.unconditional(in: try Self.fixture("icecubes-MastodonClient.swift.txt"))
                == ["Combine", "OSLog", "SwiftUI", "os"])
    }

    @Test func conditionalCommentedAndQuotedImportsDoNotCount() {
        let text = """
            import Foundation
            #if os(macOS)
              import AppKit
            #elseif canImport(UIKit)
              import UIKit
            #else
              import CoreGraphics
            #endif
            #if DEBUG
              #if targetEnvironment(simulator)
                import CoreLocation
              #endif
            #endif
            // import WebKit
            /* import MapKit
               import StoreKit */
            let help = \"\"\"
                import Photos
                \"\"\"
            import Dispatch
            """
        #expect(AppleOnlyImports.unconditional(in: text) == [])
    }

    /// swift-algorithms 1.2.1's Sources/Algorithms/RandomSample.swift (lines 13-41, their shape):
    /// `import Darwin` under a flag of its own that its manifest never defines.
    @Test func anImportUnderAPackagesOwnFlagIsNotUnconditional() {
        let text = """
            #if ALGORITHMS_DARWIN_ONLY
            internal import Darwin
            #elseif swift(>=5.11)
            internal import RealModule
            #else
            import RealModule
            #endif
            #if DEBUG && swift(>=5.9)
            import os
            #endif
            #if compiler(>=6.0) || DEBUG
            import UIKit
            #endif
            #if !DEBUG
            import AppKit
            #endif
            """
        #expect(AppleOnlyImports.unconditional(in: text) == ["os", "UIKit"])
    }

    @Test func everyFormOfImportNamesItsModule() {
        let text = """
            @testable import Combine
            @_exported import os.log
            import struct CoreGraphics.CGRect
            public import SwiftUI;
            #if DEBUG
            import WebKit
            #endif
            import Logging
            """
        // #if DEBUG asks for no platform: WebKit is imported in every debug build.
        #expect(AppleOnlyImports.unconditional(in: text) == ["Combine", "os", "CoreGraphics", "SwiftUI", "WebKit"])
    }

    @Test func theWordPassFindsEveryModuleAnImportNames() {
        for text in [
            "import os.log", "import struct UIKit.UIColor", "@testable import SwiftUI;", "import\tCombine",
            "import os/* log */", "import OSLog// logs",
        ] {
            #expect(AppleOnlyImports.mentionsAModule(text), "\(text)")
            #expect(!AppleOnlyImports.unconditional(in: text).isEmpty, "\(text)")
        }
        for text in ["import Foundation\nlet osLog = 1\nimport Dispatch", "import os_log", "import UIKitten", ""] {
            #expect(!AppleOnlyImports.mentionsAModule(text), "\(text)")
            #expect(AppleOnlyImports.unconditional(in: text).isEmpty, "\(text)")
        }
    }
}

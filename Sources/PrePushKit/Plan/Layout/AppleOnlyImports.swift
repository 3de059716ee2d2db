import Foundation

/// The modules a Swift source imports that only Apple's platforms have (`os`, `UIKit`, `AppKit`,
/// `SwiftUI`, …), imported unconditionally: outside every `#if` whose conditions ask for a platform
/// or a module (`canImport`, `os`, `targetEnvironment`, `arch`). A package whose sources import one
/// cannot build on Linux: SwiftPM stops at `no such module 'os'`.
///
/// Read from the text (no compiler): comments and multi-line string literals are skipped, and
/// `import os.log`, `@testable import`, `@_exported import` and `import struct UIKit.UIColor` all
/// name their module.
enum AppleOnlyImports {
    /// Modules of Apple's SDKs that the Swift toolchains for Linux and Windows do not ship.
    static let modules: Set<String> = [
        "os", "OSLog", "Darwin", "ObjectiveC", "UIKit", "AppKit", "Cocoa", "SwiftUI", "Combine", "CoreData",
        "SwiftData", "CoreGraphics", "CoreImage", "CoreText", "CoreLocation", "MapKit",
        "AVFoundation", "AVKit", "Photos", "PhotosUI", "WebKit", "StoreKit", "QuartzCore", "UserNotifications",
        "WidgetKit", "ActivityKit", "AppIntents", "SafariServices", "MessageUI", "Security", "CryptoKit", "Network",
        "NaturalLanguage", "Vision", "CoreML", "Metal", "MetalKit", "SpriteKit", "SceneKit", "ARKit", "RealityKit",
        "HealthKit", "CloudKit", "GameKit", "EventKit", "Contacts", "ContactsUI", "LocalAuthentication",
        "AuthenticationServices", "CoreMotion", "CoreBluetooth", "Accelerate", "ImageIO", "UniformTypeIdentifiers",
        "LinkPresentation", "QuickLook", "CoreHaptics", "CoreSpotlight", "CoreTransferable", "TipKit",
        "PDFKit", "Speech", "CoreAudio", "AudioToolbox", "MediaPlayer", "VisionKit", "WatchKit", "ClockKit",
        "TVUIKit", "CoreServices", "IOKit", "SystemConfiguration", "OSAKit", "Carbon", "ServiceManagement",
        "BackgroundTasks", "Intents", "IntentsUI", "PassKit", "CallKit", "PushKit", "NetworkExtension", "GameplayKit",
        "XCUIAutomation",
    ]

    /// Whether this machine's toolchain lacks ``modules``: every platform but Apple's.
    static var hostLacksAppleModules: Bool {
        #if canImport(Darwin)
        false
        #else
        true
        #endif
    }

    /// The Apple-only modules `text` imports unconditionally, in the order first imported.
    static func unconditional(in text: String) -> [String] {
        var found: [String] = []
        // Per open `#if`: whether its chain so far asks for a platform or a module.
        var guards: [Bool] = []
        var inBlockComment = false
        var inMultilineString = false
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = Substring(rawLine)
            if inBlockComment {
                guard let end = line.range(of: "*/") else { continue }
                line = line[end.upperBound...]
                inBlockComment = false
            }
            if line.components(separatedBy: "\"\"\"").count % 2 == 0 {
                inMultilineString.toggle()
                continue
            }
            if inMultilineString { continue }
            if let comment = line.range(of: "//") { line = line[..<comment.lowerBound] }
            if let open = line.range(of: "/*") {
                if line[open.upperBound...].range(of: "*/") == nil { inBlockComment = true }
                line = line[..<open.lowerBound]
            }
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("#if") {
                guards.append(asksForPlatform(trimmed))
                continue
            }
            if trimmed.hasPrefix("#elseif") {
                if !guards.isEmpty { guards[guards.count - 1] = guards[guards.count - 1] || asksForPlatform(trimmed) }
                continue
            }
            if trimmed.hasPrefix("#endif") {
                _ = guards.popLast()
                continue
            }
            guard !guards.contains(true), let module = importedModule(trimmed), modules.contains(module),
                !found.contains(module)
            else { continue }
            found.append(module)
        }
        return found
    }

    /// `canImport(…)`, `os(…)`, `targetEnvironment(…)` or `arch(…)` in a `#if` or `#elseif` line.
    static func asksForPlatform(_ line: String) -> Bool {
        ["canImport(", "os(", "targetEnvironment(", "arch("].contains { line.contains($0) }
    }

    /// The module an `import` declaration names; `nil` for any other line.
    static func importedModule(_ line: String) -> String? {
        var words = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        // Attributes (`@testable`, `@_exported`, `@preconcurrency`) and access levels before `import`.
        let accessLevels: Set<String> = ["public", "internal", "package", "private", "fileprivate"]
        while let first = words.first, first.hasPrefix("@") || accessLevels.contains(first) {
            words.removeFirst()
        }
        guard words.first == "import", words.count >= 2 else { return nil }
        var path = words[1]
        let kinds = ["typealias", "struct", "class", "enum", "protocol", "let", "var", "func"]
        if kinds.contains(path), words.count >= 3 { path = words[2] }
        let module = path.split(separator: ".").first.map(String.init) ?? path
        return module.trimmingCharacters(in: CharacterSet(charactersIn: ";"))
    }
}

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
        guard mentionsAModule(text) else { return [] }
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

    /// Whether a `#if` or `#elseif` line's condition can be false in a debug build here: it asks
    /// for a platform or a module (`canImport(…)`, `os(…)`, `targetEnvironment(…)`, `arch(…)`), or
    /// for anything else but a Swift or compiler version at least some number and `DEBUG` — a
    /// flag of the package's own (`#if ALGORITHMS_DARWIN_ONLY`, swift-algorithms' guard of
    /// `import Darwin`, which no manifest defines) is off unless a build defines it, so an import
    /// under it is not taken for unconditional: a package is skipped only when it surely cannot build.
    static func asksForPlatform(_ line: String) -> Bool {
        var condition = line.trimmingCharacters(in: .whitespaces)
        for directive in ["#elseif", "#if"] where condition.hasPrefix(directive) {
            condition = String(condition.dropFirst(directive.count))
            break
        }
        if ["canImport(", "os(", "targetEnvironment(", "arch("].contains(where: { condition.contains($0) }) {
            return true
        }
        // What is always true here, removed; anything left is a condition that can be false.
        for always in ["swift(>=", "compiler(>="] {
            while let start = condition.range(of: always),
                let end = condition[start.upperBound...].firstIndex(of: ")")
            {
                condition.removeSubrange(start.lowerBound...end)
            }
        }
        let words = condition.split(whereSeparator: { " \t()&|".contains($0) })
        return words.contains { $0 != "DEBUG" && $0 != "true" }
    }

    /// Whether a word of `text` (a run of ASCII letters, digits and `_`) is one of ``modules``:
    /// an import names its module as such a word, so a text without one imports none. A byte pass
    /// that spares most files the line-by-line reading (a verified push reads every Swift file).
    static func mentionsAModule(_ text: String) -> Bool {
        let moduleInitials = Set(modules.compactMap(\.utf8.first))
        let longestModule = modules.map(\.utf8.count).max() ?? 0
        var text = text
        return text.withUTF8 { bytes in
            var start = -1
            for index in 0...bytes.count {
                let byte = index < bytes.count ? bytes[index] : 0
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                    UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"):
                    if start < 0 { start = index }
                default:
                    guard start >= 0 else { continue }
                    let word = UnsafeBufferPointer(rebasing: bytes[start..<index])
                    start = -1
                    guard word.count <= longestModule, moduleInitials.contains(word[0]) else { continue }
                    if modules.contains(String(decoding: word, as: UTF8.self)) { return true }
                }
            }
            return false
        }
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

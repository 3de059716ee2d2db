import Foundation
import Testing

@testable import PrePushKit

/// The verified-tree cache's toolchain key, read from files instead of `swift --version`.
@Suite("Toolchain identity")
struct ToolchainIdentityTests {
    private let environment = ProcessInfo.processInfo.environment
    private let directory = NSTemporaryDirectory()

    @Test("The same environment gives the same identity, naming the compiler's folder")
    func stable() async throws {
        let identity = ToolchainIdentity.current(environment: environment, directory: directory)
        #expect(identity == ToolchainIdentity.current(environment: environment, directory: directory))
        let folder = try await SwiftCompilerFolder.locate(environment: environment, directory: directory).get()
        #expect(identity.contains(folder.path + "\n"))
    }

    @Test("Another Xcode or toolchain selection, or no swift at all, is another identity")
    func selection() {
        let identity = ToolchainIdentity.current(environment: environment, directory: directory)
        var xcode = environment
        xcode["DEVELOPER_DIR"] = "/Applications/Xcode-16.4.app/Contents/Developer"
        var toolchains = environment
        toolchains["TOOLCHAINS"] = "org.swift.62202505141a"
        var noSwift = environment
        noSwift["PATH"] = "/nonexistent"
        let others = [xcode, toolchains, noSwift].map {
            ToolchainIdentity.current(environment: $0, directory: directory)
        }
        #expect(Set(others + [identity]).count == 4)
    }

    @Test("A compiler replaced in place is another identity")
    func reinstalled() throws {
        let toolchain = NSTemporaryDirectory() + "prepush-toolchain-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: toolchain, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: toolchain) }
        for name in ["swift", "swiftc", "swift-frontend"] {
            try Data("#!/bin/sh\n".utf8).write(to: URL(fileURLWithPath: toolchain + "/" + name))
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: toolchain + "/" + name)
        }
        let before = ToolchainIdentity.current(environment: ["PATH": toolchain], directory: toolchain)
        try Data("#!/bin/sh\n# 6.3.2\n".utf8).write(to: URL(fileURLWithPath: toolchain + "/swift-frontend"))
        #expect(ToolchainIdentity.current(environment: ["PATH": toolchain], directory: toolchain) != before)
    }
}

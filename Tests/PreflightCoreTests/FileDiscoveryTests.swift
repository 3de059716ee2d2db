import Foundation
import TestSupport
import Testing

@testable import PreflightCore

@Suite("File discovery")
struct FileDiscoveryTests {
    /// A tree of `folders` nested folders with `filesPerFolder` files each, and some clutter.
    private func makeTree(_ fixture: GitFixture, folders: Int, filesPerFolder: Int) throws -> [String] {
        var expected: [String] = []
        for folder in 0..<folders {
            // Nest every third folder in the one before, so the walk goes deep as well as wide.
            let directory = folder % 3 == 0 ? "d\(folder)" : "d\(folder - folder % 3)/sub\(folder)"
            for file in 0..<filesPerFolder {
                let relative = "\(directory)/f\(file).swift"
                try fixture.write(relative, "// \(relative)\n")
                expected.append(relative)
            }
        }
        try fixture.write(".build/debug/Generated.swift", "")
        try fixture.write("node_modules/x/index.swift", "")
        return expected.sorted()
    }

    @Test("A tree walk finds every file once, on all cores, and lists them sorted")
    func walkFindsEveryFileOnce() throws {
        let fixture = try GitFixture(initialize: false, linksResolved: true)
        let expected = try makeTree(fixture, folders: 60, filesPerFolder: 25)

        let found = FileDiscovery().files(under: [fixture.root])
        #expect(found.problems.isEmpty)
        #expect(found.files == expected.map { fixture.root + "/" + $0 })

        // The visitor hands each file to exactly one worker.
        let (workers, problems) = FileDiscovery().visitFiles(under: [fixture.root], makeWorker: { [String]() }) {
            $0.append($1)
        }
        #expect(problems.isEmpty)
        #expect(workers.count == max(1, ProcessInfo.processInfo.activeProcessorCount))
        #expect(workers.flatMap { $0 }.sorted() == found.files)
    }

    @Test("Inside a git work tree: tracked and untracked-not-ignored files, not ignored ones")
    func gitListing() throws {
        let fixture = try GitFixture(linksResolved: true)
        try fixture.write(".gitignore", "ignored/\n")
        try fixture.write("Sources/A.swift", "")
        try fixture.write("ignored/B.swift", "")
        try fixture.commitAll("first")
        try fixture.write("Sources/Untracked.swift", "")

        let found = FileDiscovery().files(under: [fixture.root])
        #expect(found.files == [".gitignore", "Sources/A.swift", "Sources/Untracked.swift"].map { fixture.path($0) })
        let walked = FileDiscovery(usesGit: false).files(under: [fixture.root])
        #expect(walked.files.contains(fixture.path("ignored/B.swift")))
    }

    @Test("Overlapping roots and a file named twice give each file once")
    func overlappingRoots() throws {
        let fixture = try GitFixture(initialize: false, linksResolved: true)
        try fixture.write("Sources/A.swift", "")
        try fixture.write("Sources/Inner/B.swift", "")
        let roots = [fixture.root, fixture.path("Sources"), fixture.path("Sources/Inner/B.swift")]
        let found = FileDiscovery().files(under: roots)
        #expect(found.files == ["Sources/A.swift", "Sources/Inner/B.swift"].map { fixture.path($0) })
    }

    @Test("A staged list: the files under the roots, skipped folders left out, sorted whatever the list's order")
    func stagedList() {
        let staged = ["/r/b.swift", "/r/.build/x.swift", "/r/a/c.swift", "/other/d.swift", "/r/a.swift"]
        #expect(
            FileDiscovery().files(staged: staged, under: ["/r"]).files == ["/r/a.swift", "/r/a/c.swift", "/r/b.swift"])
        #expect(
            FileDiscovery().files(staged: staged.sorted(), under: ["/r/a", "/other"]).files == [
                "/other/d.swift", "/r/a/c.swift",
            ])
        #expect(
            FileDiscovery(excludes: [Glob("a/**")]).files(staged: staged, under: ["/r"]).files == [
                "/r/a.swift", "/r/b.swift",
            ])
    }

    @Test("Includes match file names, excludes any folder on the path")
    func includesAndExcludes() throws {
        let fixture = try GitFixture(initialize: false, linksResolved: true)
        try fixture.write("csv.swift/README.md", "")
        try fixture.write("csv.swift/Reader.swift", "")
        try fixture.write("Generated/Model.swift", "")
        try fixture.write("tool.py", "")
        let discovery = FileDiscovery(includes: [Glob("*.swift")], excludes: [Glob("Generated")])
        let found = discovery.files(under: [fixture.root])
        #expect(found.files == [fixture.path("csv.swift/Reader.swift")])
    }

    @Test("A symbolic link loop is not followed; a missing root and an unreadable folder are reported")
    func loopsAndProblems() throws {
        let fixture = try GitFixture(initialize: false, linksResolved: true)
        try fixture.write("a/A.swift", "")
        try FileManager.default.createSymbolicLink(atPath: fixture.path("a/loop"), withDestinationPath: "..")
        try fixture.write("locked/L.swift", "")
        chmod(fixture.path("locked"), 0)
        defer { chmod(fixture.path("locked"), 0o755) }

        let found = FileDiscovery().files(under: [fixture.root, fixture.path("missing")])
        #expect(found.files.contains(fixture.path("a/A.swift")))
        #expect(!found.files.contains { $0.contains("loop") })
        #expect(found.problems.map(\.path).contains(fixture.path("missing")))
        if FilePermissions.apply {  // root reads any folder
            #expect(found.problems.map(\.path).contains(fixture.path("locked")))
        }
    }
}

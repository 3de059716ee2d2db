import Foundation
import Testing

@testable import PrePushKit

/// The content keys of an Xcode scheme's test targets and the selection they make
/// (``XcodeTargetSelection``): a key moves with what its target reaches and with the shared part
/// (project, plan, build settings), and a package's test target named by `container:` is left to
/// the package's own check.
@Suite("Xcode test targets: keys and selection")
struct XcodeTargetSelectionTests {
    static let affected = XcodeAffectedTests(
        targets: [
            .init(name: "AppTests", reach: ["App", "AppTests", "Packages/Core"]),
            .init(name: "ModelTests", reach: ["Model", "ModelTests"]),
            .init(name: "CoreTests", reach: ["Packages/Core"], package: "Packages/Core"),
        ],
        everything: ["App.xcodeproj", "App.xctestplan"])

    static func listing(_ changes: [String: String] = [:]) -> TreeListing {
        var objects = [
            "": "root", "App": "a1", "AppTests": "t1", "Model": "m1", "ModelTests": "mt1", "Packages/Core": "c1",
            "App.xcodeproj": "p1", "App.xctestplan": "plan1", "Config/Base.xcconfig": "x1",
        ]
        objects.merge(changes) { $1 }
        return TreeListing(objects: objects, files: ["App.xctestplan", "Config/Base.xcconfig"])
    }

    static func keys(_ changes: [String: String] = [:], settings: String = "s") -> [String: String] {
        XcodeTargetSelection.content(affected, listing: listing(changes), settings: settings).keys
    }

    @Test func keysMoveWithWhatTheTargetReaches() {
        let before = Self.keys()
        #expect(Set(before.values).count == 3)
        let model = Self.keys(["Model": "m2"])
        #expect(model["ModelTests"] != before["ModelTests"])
        #expect(model["AppTests"] == before["AppTests"])
        let core = Self.keys(["Packages/Core": "c2"])
        #expect(core["AppTests"] != before["AppTests"] && core["ModelTests"] == before["ModelTests"])
        // The project, the plan, a build setting or the settings: every key.
        for changed in [
            Self.keys(["App.xcodeproj": "p2"]), Self.keys(["App.xctestplan": "plan2"]),
            Self.keys(["Config/Base.xcconfig": "x2"]), Self.keys(settings: "other"),
        ] {
            #expect(changed.allSatisfy { before[$0.key] != $0.value })
        }
    }

    @Test func recordedPassesAreSkippedAndPackageTestsLeftToThePackage() {
        let content = XcodeTargetSelection.content(Self.affected, listing: Self.listing(), settings: "s")
        let appKey = content.keys["AppTests"]!
        let record = TestRecords.Record(profile: "/records/\(appKey).profdata", tests: 7)
        let selection = XcodeTargetSelection.make(
            Self.affected, content: content, recorded: { $0 == appKey ? record : nil }, lastShared: content.shared)
        #expect(selection.run.map(\.name) == ["ModelTests"])
        #expect(selection.skipped.map(\.name) == ["AppTests"])
        #expect(selection.elsewhere.map(\.name) == ["CoreTests"])
        #expect(selection.affectedLine == "affected test targets: ModelTests")
        #expect(
            selection.line
                == "running ModelTests (affected by the change); skipping AppTests (unaffected: passed at this "
                + "content before); CoreTests is run by the check of package Packages/Core")
        let first = XcodeTargetSelection.make(
            Self.affected, content: content, recorded: { _ in nil }, lastShared: nil)
        #expect(first.run.map(\.name) == ["AppTests", "ModelTests"])
        #expect(first.line.hasPrefix("all 2 test targets run, each on its own: no cached baseline for this app yet"))
    }
}

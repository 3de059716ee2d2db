import Foundation
import Testing

@testable import PrePushKit

/// Layout decisions read from tracked Xcode files, with the shapes of swift-collections 1.6.0's
/// `Xcode/Collections.xcodeproj` (a framework target compiled from `../Sources`) and
/// `Utils/swift-collections.xcworkspace` (opens the package folder; schemes `container:..`), and
/// of IceCubesApp's root project (an application target on a synchronized folder).
@Suite("Xcode projects: app or not")
struct AppDecisionTests {
    static func pbxproj(target: String, productType: String, groupPath: String, synchronized: Bool) -> String {
        let sources =
            synchronized
            ? "fileSystemSynchronizedGroups = (G2); buildPhases = ();"
            : "buildPhases = (P1);"
        return """
            // !$*UTF8*$!
            {
            archiveVersion = 1; objectVersion = 77;
            objects = {
            B1 = {isa = PBXBuildFile; fileRef = F1; };
            F1 = {isa = PBXFileReference; path = Deque.swift; sourceTree = "<group>"; };
            G0 = {isa = PBXGroup; children = (G1, G2); sourceTree = "<group>"; };
            G1 = {isa = PBXGroup; children = (F1); path = \(groupPath); sourceTree = "<group>"; };
            G2 = {isa = PBXFileSystemSynchronizedRootGroup; path = \(groupPath); sourceTree = "<group>"; };
            P1 = {isa = PBXSourcesBuildPhase; files = (B1); };
            T1 = {isa = PBXNativeTarget; name = \(target); productType = "\(productType)"; \(sources) };
            R1 = {isa = PBXProject; mainGroup = G0; projectDirPath = ""; targets = (T1); };
            };
            rootObject = R1;
            }
            """
    }

    static func listing(_ files: [String: String]) -> (TreeListing, [String: Data]) {
        var objects: [String: String] = [:]
        var blobs: [String: Data] = [:]
        for (index, (path, text)) in files.sorted(by: { $0.key < $1.key }).enumerated() {
            objects[path] = "blob\(index)"
            blobs["blob\(index)"] = Data(text.utf8)
            var folder = RepositoryLayout.parent(of: path)
            while !folder.isEmpty {
                objects[folder] = objects[folder] ?? "tree-" + folder
                folder = RepositoryLayout.parent(of: folder)
            }
        }
        return (TreeListing(objects: objects, files: files.keys.sorted()), blobs)
    }

    static func layout(_ files: [String: String]) async throws -> RepositoryLayout {
        let (listing, blobs) = listing(files)
        return try await RepositoryLayout.discover(listing, settings: LayoutSettings()).decidingApps(listing) {
            blobs[$0] ?? Data()
        }
    }

    @Test func swiftCollectionsProjectsAreNotApps() async throws {
        let layout = try await Self.layout([
            "Package.swift": "// swift-tools-version: 5.9\n",
            "Sources/DequeModule/Deque.swift": "",
            "Xcode/Collections.xcodeproj/project.pbxproj": Self.pbxproj(
                target: "Collections", productType: "com.apple.product-type.framework",
                groupPath: "../Sources/DequeModule", synchronized: false),
            "Utils/swift-collections.xcworkspace/contents.xcworkspacedata": """
            <?xml version="1.0" encoding="UTF-8"?>
            <Workspace
               version = "1.0">
               <FileRef
                  location = "group:../../swift-collections">
               </FileRef>
            </Workspace>
            """,
            "Utils/swift-collections.xcworkspace/xcshareddata/xcschemes/DequeModule.xcscheme": """
            <Scheme>
               <BuildAction>
                  <BuildActionEntries>
                     <BuildActionEntry>
                        <BuildableReference
                           BuildableIdentifier = "primary"
                           BlueprintIdentifier = "DequeModule"
                           BuildableName = "DequeModule"
                           BlueprintName = "DequeModule"
                           ReferencedContainer = "container:..">
                        </BuildableReference>
                     </BuildActionEntry>
                  </BuildActionEntries>
               </BuildAction>
            </Scheme>
            """,
        ])
        #expect(layout.units == [CheckUnit(path: "", kind: .package)])
        #expect(layout.notChecked["Xcode"]?.contains("Collections compiled from a package's sources") == true)
        #expect(layout.notChecked["Utils"]?.contains("opens no Xcode project") == true)
    }

    @Test func anApplicationOnItsOwnSourcesIsAnAppNamedAfterItsProject() async throws {
        let layout = try await Self.layout([
            "Packages/Env/Package.swift": "// swift-tools-version: 6.2\n",
            "IceCubesApp.xcodeproj/project.pbxproj": Self.pbxproj(
                target: "IceCubesApp", productType: "com.apple.product-type.application", groupPath: "IceCubesApp",
                synchronized: true),
            "IceCubesApp/App.swift": "",
        ])
        let app = try #require(layout.units.first { $0.kind == .app })
        #expect(app.name == "IceCubesApp.xcodeproj")
        #expect(layout.notChecked.isEmpty)
    }

    @Test func anExampleAppInsideAPackageFolderIsAnApp() async throws {
        let layout = try await Self.layout([
            "Package.swift": "// swift-tools-version: 6.0\n",
            "Example/Example.xcodeproj/project.pbxproj": Self.pbxproj(
                target: "Example", productType: "com.apple.product-type.application", groupPath: "Sources",
                synchronized: false),
        ])
        #expect(layout.units.contains { $0.kind == .app && $0.path == "Example" })
    }

    static func fixture(_ name: String) throws -> String {
        try String(contentsOfFile: XcodeBackendToolOutputTests.fixtures + "/" + name, encoding: .utf8)
    }

    /// element-x-ios: the root Package.swift builds its command-line tools, ElementX.xcodeproj
    /// beside it the app (real project file and scheme, Fixtures/element-x-ios-*).
    @Test func anAppBesideAToolsPackageIsAnAppAndThePackageStays() async throws {
        let layout = try await Self.layout([
            "Package.swift": try Self.fixture("element-x-ios-Package.swift.txt"),
            "Tools/Sources/Tools.swift": "",
            "ElementX/Sources/Application/Application.swift": "",
            "ElementX.xcodeproj/project.pbxproj": try Self.fixture("element-x-ios-ElementX.pbxproj"),
            "ElementX.xcodeproj/xcshareddata/xcschemes/ElementX.xcscheme": try Self.fixture(
                "element-x-ios-ElementX.xcscheme"),
            "compound-ios/Package.swift": "// swift-tools-version: 5.9\n",
        ])
        #expect(
            layout.units == [
                CheckUnit(path: "", kind: .app), CheckUnit(path: "", kind: .package),
                CheckUnit(path: "compound-ios", kind: .package),
            ])
        let app = try #require(layout.units.first { $0.kind == .app })
        #expect(app.container == "ElementX.xcodeproj")
        #expect(app.name == "ElementX.xcodeproj")
        #expect(layout.notChecked.isEmpty)
        // A change to the app's sources is both the app's and the root package's (one folder).
        #expect(
            layout.owners(of: "ElementX/Sources/Application/Application.swift")
                == [CheckUnit(path: "", kind: .package), CheckUnit(path: "", kind: .app)])
        let selection = UnitSelection.affected(
            by: ["ElementX/Sources/Application/Application.swift"], layout: layout, dependencies: [:])
        #expect(selection.affected.map(\.kind) == [.package, .app])
        #expect(selection.unchanged == [CheckUnit(path: "compound-ios", kind: .package)])
    }

    @Test func aProjectBesideAPackageWithoutApplicationsIsThePackagesAndSaysSo() async throws {
        let layout = try await Self.layout([
            "Package.swift": "// swift-tools-version: 5.9\n",
            "Sources/DequeModule/Deque.swift": "",
            "Collections.xcodeproj/project.pbxproj": Self.pbxproj(
                target: "Collections", productType: "com.apple.product-type.framework",
                groupPath: "Sources/DequeModule", synchronized: false),
        ])
        #expect(layout.units == [CheckUnit(path: "", kind: .package)])
        #expect(
            layout.notChecked["Collections.xcodeproj"]
                == "the package .'s own project (Collections.xcodeproj: no scheme builds an application target)")
    }
}

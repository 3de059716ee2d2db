import Foundation
import TestSupport
import Testing

@testable import PrePushKit

/// ``AskedIdentities/stamp(_:)`` reads `lstat` and writes what it wrote from `attributesOfItem`,
/// so the identities kept under the old stamps are still found.
@Suite struct AskedIdentitiesStampTests {
    @Test func sameWordsAsAttributesOfItem() throws {
        let folder = TemporaryFolder("asked-identities-stamp")
        let file = folder.path + "/tool"
        try Data(repeating: 7, count: 1234).write(to: URL(fileURLWithPath: file))
        let link = folder.path + "/link"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: file)
        func old(_ path: String) -> String? {
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
                let size = attributes[.size] as? NSNumber, let date = attributes[.modificationDate] as? Date
            else { return nil }
            return "\(size) \(date.timeIntervalSince1970)"
        }
        let times: [TimeInterval] = [1_795_859_482.123456789, 1_000_000_000, 1_700_000_000.5, 1_795_859_482.999999999]
        for time in times {
            try FileManager.default.setAttributes(
                [.modificationDate: Date(timeIntervalSince1970: time)], ofItemAtPath: file)
            #expect(AskedIdentities.stamp(file) == old(file))
            #expect(AskedIdentities.stamp(link) == old(link))
        }
        // Files as the system stamps them (nanoseconds): a date made from 1970 rounds differently
        // from Foundation's (made from 2001) in about one file in fourteen.
        var fresh: [String] = []
        for index in 0..<100 {
            fresh.append(folder.path + "/fresh-\(index)")
            try Data().write(to: URL(fileURLWithPath: fresh[index]))
        }
        for path in fresh + [ProcessInfo.processInfo.arguments[0], "/usr/bin/git", "/bin/sh", folder.path] {
            #expect(AskedIdentities.stamp(path) == old(path), "\(path)")
        }
        #expect(AskedIdentities.stamp(folder.path + "/missing") == nil)
    }
}

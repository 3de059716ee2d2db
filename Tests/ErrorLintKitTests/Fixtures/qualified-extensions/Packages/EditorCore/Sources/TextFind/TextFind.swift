public import Foundation

public struct TextFind: Equatable, Sendable {

    public enum Error: Swift.Error, Equatable, Sendable {

        case regularExpression(reason: String)
        case emptyFindString
        case emptyInSelectionSearch
    }
}

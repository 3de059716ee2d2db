public import Foundation
public import TextFind

extension TextFind.Error: @retroactive LocalizedError {

    public var errorDescription: String? {

        switch self {
            case .regularExpression:
                String(localized: "TextFind.Error.regularExpression.errorDescription",
                       defaultValue: "Invalid regular expression",
                       table: "TextFind")
            case .emptyFindString:
                String(localized: "TextFind.Error.emptyFindString.errorDescription",
                       defaultValue: "Empty find text",
                       table: "TextFind")
            case .emptyInSelectionSearch:
                String(localized: "TextFind.Error.emptyInSelectionSearch.errorDescription",
                       defaultValue: "The option “in selection” is selected, although nothing is selected.",
                       table: "TextFind")
        }
    }
}

// Fuzz target `pushrequest`: what git writes on a pre-push hook's standard input.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let lines = input.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).count
    do {
        let request = try PushRequest.parse(arguments: ["origin", "https://example.com/repo.git"], input: input)
        precondition(request.updates.count <= lines, "more updates than lines")
        for update in request.updates {
            precondition(ObjectName.isValid(update.localObject) && ObjectName.isValid(update.remoteObject))
            precondition(update.localObject.utf8.count == update.remoteObject.utf8.count)
            precondition(!update.localRef.isEmpty && !update.remoteRef.isEmpty)
        }
        precondition(request.pushedUpdates.allSatisfy { !$0.isDeletion })
    } catch {
        switch error {
        case .wrongArguments: preconditionFailure("two arguments were refused")
        case .malformedLine(let number, _):
            precondition(number >= 1 && number <= lines, "line \(number) of \(lines)")
        }
        precondition(error.errorDescription != nil && error.failureReason != nil)
    }
    return 0
}

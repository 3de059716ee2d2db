import ArgumentParser
import PreflightCore

/// `--format text|json|sarif|github`, the same for every scanner.
extension DiagnosticFormat: ExpressibleByArgument {}

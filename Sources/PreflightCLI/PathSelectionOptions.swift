import ArgumentParser

/// `--include` and `--exclude`, the same for every scanner.
public struct PathSelectionOptions: ParsableArguments {
    @Option(
        name: .customLong("include"),
        help: ArgumentHelp("Only read paths matching this glob (repeatable).", valueName: "glob"))
    public var includes: [String] = []

    @Option(
        name: .customLong("exclude"),
        help: ArgumentHelp("Skip paths matching this glob (repeatable).", valueName: "glob"))
    public var excludes: [String] = []

    public init() {}
}

/// `--config PATH`, the same for every tool.
public struct ConfigurationFileOption: ParsableArguments {
    @Option(
        help: ArgumentHelp("Read settings from this file instead of the nearest .preflight.json.", valueName: "path"))
    public var config: String?

    public init() {}
}

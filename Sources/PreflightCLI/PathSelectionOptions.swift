import ArgumentParser

/// `--include` and `--exclude`, the same for every scanner.
package struct PathSelectionOptions: ParsableArguments {
    @Option(
        name: .customLong("include"),
        help: ArgumentHelp("Only read paths matching this glob (repeatable).", valueName: "glob"))
    package var includes: [String] = []

    @Option(
        name: .customLong("exclude"),
        help: ArgumentHelp("Skip paths matching this glob (repeatable).", valueName: "glob"))
    package var excludes: [String] = []

    package init() {}
}

/// `--config PATH`, the same for every tool.
package struct ConfigurationFileOption: ParsableArguments {
    @Option(
        help: ArgumentHelp("Read settings from this file instead of the nearest .preflight.json.", valueName: "path"))
    package var config: String?

    package init() {}
}

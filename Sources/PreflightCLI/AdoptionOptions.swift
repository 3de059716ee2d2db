import ArgumentParser
import PreflightCore

/// `--since`, `--baseline` and `--write-baseline`, the same for every scanner.
package struct AdoptionOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Report only findings on lines added since this revision (diffed against its merge base with HEAD; "
                + "uncommitted and untracked files included).", valueName: "revision"))
    var since: String?

    @Option(help: ArgumentHelp("Do not report findings accepted in this baseline file.", valueName: "path"))
    var baseline: String?

    @Option(help: ArgumentHelp("Write the current findings to this baseline file and exit 0.", valueName: "path"))
    var writeBaseline: String?

    package init() {}

    /// The flags given, over the settings from the configuration file.
    package func apply(to settings: inout AdoptionSettings) {
        if let since { settings.sinceRevision = since }
        if let baseline { settings.baselinePath = baseline }
        if let writeBaseline { settings.writeBaselinePath = writeBaseline }
    }
}

/// Whether this run is a CI job's, from the variables CI services set: `CI` (GitHub Actions,
/// GitLab, Buildkite, CircleCI, Travis, Bitrise, Xcode Cloud), and each service's own, which some
/// set without `CI` (Jenkins, TeamCity, AWS CodeBuild, Bamboo, Azure Pipelines) and which a job
/// cannot unset by setting `CI=false`.
enum ContinuousIntegration {
    /// Variables only a CI service sets.
    static let serviceVariables = [
        "GITHUB_ACTIONS", "GITLAB_CI", "BUILDKITE", "CIRCLECI", "TRAVIS", "BITRISE_IO", "CI_XCODE_PROJECT",
        "JENKINS_URL", "TEAMCITY_VERSION", "CODEBUILD_BUILD_ID", "bamboo_buildKey", "TF_BUILD", "BUILD_BUILDID",
    ]

    static func isRunning(_ environment: [String: String]) -> Bool {
        if serviceVariables.contains(where: { environment[$0].map { !$0.isEmpty } == true }) { return true }
        guard let ci = environment["CI"], !ci.isEmpty else { return false }
        return !["false", "0", "no"].contains(ci.lowercased())
    }
}

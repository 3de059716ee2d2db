/// Whether this run is a CI job's, from the variables CI services set: `CI` (GitHub Actions,
/// GitLab, Buildkite, CircleCI, Travis, Bitrise, Xcode Cloud), `JENKINS_URL` (Jenkins sets no `CI`),
/// `TF_BUILD` (Azure Pipelines). `CI=false` or `CI=0` says it is not.
enum ContinuousIntegration {
    static func isRunning(_ environment: [String: String]) -> Bool {
        if let ci = environment["CI"], !ci.isEmpty { return !["false", "0", "no"].contains(ci.lowercased()) }
        return environment["JENKINS_URL"].map { !$0.isEmpty } == true || environment["TF_BUILD"] != nil
    }
}

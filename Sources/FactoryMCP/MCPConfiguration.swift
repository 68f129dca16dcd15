import FactoryCore
import FactoryReview
import Foundation

/// What `factory mcp` serves: one output folder (every tool writes there and every resource comes
/// from there, whatever a manifest's `output:` says), its state, and the `factory` binary whose
/// subcommands the tools run.
public struct MCPConfiguration: Sendable {
    /// The output folder, absolute.
    public var output: URL
    /// `--state`, when given (else each command's own default, `<output>/.factory` or $FACTORY_STATE).
    public var state: URL?
    /// The `factory` binary the tools run (this very one).
    public var binary: String
    /// The children's environment; nil inherits the server's.
    public var environment: [String: String]?
    public var version: String
    /// The week as `factory review` reads it: bundles and report, then the repeats from the content
    /// memory and the approvals and posts from the journal (the CLI's own code, handed in).
    public var review: @Sendable (URL) async throws -> WeekReview
    /// The kinds the process knows (its composition root's registry): what `validate_manifest`
    /// loads manifests with and `plan_week` lists.
    public var kinds: KindRegistry
    /// Resources per `resources/list` page.
    public var pageSize = 100

    public init(output: URL, state: URL?, binary: String, environment: [String: String]? = nil, version: String, kinds: KindRegistry,
                review: @escaping @Sendable (URL) async throws -> WeekReview) {
        self.kinds = kinds
        self.output = output.standardizedFileURL
        self.state = state?.standardizedFileURL
        self.binary = binary
        self.environment = environment
        self.version = version
        self.review = review
    }

    /// The flags every child gets, so they all work on this output and state.
    var flags: [String] { ["--output", output.path] + (state.map { ["--state", $0.path] } ?? []) }
}

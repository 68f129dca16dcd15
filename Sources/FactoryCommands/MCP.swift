import ArgumentParser
import FactoryCore
import FactoryMCP
import FactoryReview
import Foundation

extension FactoryCommand {
    /// `factory mcp`: the factory as a Model Context Protocol server over stdio, for an agent's host.
    struct MCPServe: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "mcp",
            abstract: "Serve the factory to an AI agent over MCP (stdio): its commands as tools, its bundles as resources (docs/mcp.md).",
            discussion: """
            An MCP host (Claude Desktop, an IDE's agent) starts it and speaks JSON-RPC on its standard input and output; \
            nothing else is printed there. Each tool runs the CLI command it stands for (validate, estimate, run, regenerate, \
            review, approve, publish) with this output folder, state and database. run_week and regenerate_item make nothing \
            without confirm_cost_usd of at least the estimate; publish_due is a dry run unless dry_run is false. Resources \
            (factory://WEEK/ITEM/FILE) come only from the output folder. Exit codes: 0 the host closed the connection; 2 bad arguments.
            """)

        @Option(help: "The output folder every tool writes to and every resource comes from (whatever a manifest's `output:` says).")
        var output: String = "output"

        @Option(help: "The state folder (default <output>/.factory or $FACTORY_STATE).")
        var state: String?

        @OptionGroup var cluster: ClusterOptions

        func run() async throws {
            _ = try cluster.url()
            if let url = cluster.database {
                // Children read it from the environment: a password in argv shows in `ps`.
                setenv("FACTORY_DATABASE_URL", url, 1)
            }
            let environment = ProcessInfo.processInfo.environment
            SecretEnvironment.register(environment)
            let outputFolder = URL(fileURLWithPath: output).standardizedFileURL
            let stateFolder = state.map { URL(fileURLWithPath: $0).standardizedFileURL }
            let stateFlags = stateFolder.map { ["--state", $0.path] } ?? []
            let binary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
            let configuration = MCPConfiguration(output: outputFolder, state: stateFolder, binary: binary, version: FactoryCommand.configuration.version,
                                                 kinds: ProcessRoot.current.kinds) { folder in
                // `factory review`'s own reading: the repeats from the content memory, the approvals and posts from the journal.
                let review = try Review.parse(["--output", outputFolder.path] + stateFlags)
                return try await review.markRepeats(try WeekReview.load(folder: folder))
            }
            printError("factory mcp: serving \(outputFolder.path) to an MCP client over stdio (docs/mcp.md)")
            try await FactoryMCPServer(configuration).serve()
        }
    }
}

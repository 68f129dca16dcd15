import FactoryCore
import Foundation
import Logging
import MCP

/// `factory mcp`: the factory's commands as MCP tools and its bundles as resources, served over
/// stdio with the official Swift SDK. Standard output carries the protocol and nothing else; the
/// children's output is read through pipes and comes back, redacted, inside tool results.
public struct FactoryMCPServer: Sendable {
    let configuration: MCPConfiguration

    public init(_ configuration: MCPConfiguration) { self.configuration = configuration }

    /// What the client is told on `initialize`; the kinds are the registry's.
    static func instructions(kinds: KindRegistry) -> String {
        let names = kinds.descriptors.map(\.look.name).joined(separator: ", ")
        return """
    ContentFactory makes a week of social content (kinds: \(names)) from a YAML manifest. \
    Check a manifest with validate_manifest and price it with estimate_week before run_week; run_week and regenerate_item spend \
    money and make nothing without confirm_cost_usd of at least the estimate: ask the user first. Read a week with review_week \
    and the bundles' files (metadata.json, caption.txt, captions, stills as images) as factory:// resources. publish_due is a \
    dry run unless dry_run is false; approve_items says what may be posted.
    """
    }

    /// Serves until the client closes standard input.
    public func serve() async throws {
        let server = Server(name: "contentfactory", version: configuration.version, title: "ContentFactory",
                            instructions: Self.instructions(kinds: configuration.kinds),
                            capabilities: .init(prompts: .init(listChanged: false), resources: .init(subscribe: false, listChanged: false),
                                                tools: .init(listChanged: false)))
        await register(on: server)
        try await server.start(transport: StdioTransport(logger: Logger(label: "factory.mcp", factory: { _ in SwiftLogNoOpLogHandler() })))
        await server.waitUntilCompleted()
        // The host is gone: a run still going stops cleanly, its report written, before we exit.
        await RunningChildren.shared.stopAll()
        await server.stop()
    }

    /// Every handler; registered before the transport starts, so no request finds one missing.
    func register(on server: Server) async {
        let tools = FactoryTools(configuration)
        let catalog = ResourceCatalog(output: configuration.output, state: configuration.state, pageSize: configuration.pageSize)
        await server.withMethodHandler(ListTools.self) { _ in ListTools.Result(tools: ToolCatalog.all) }
        await server.withMethodHandler(CallTool.self) { params in
            let sink = params._meta?.progressToken.map { token in
                ProgressSink { progress, total, message in
                    try? await server.notify(ProgressNotification.message(.init(progressToken: token, progress: progress, total: total,
                                                                                 message: Secrets.redact(message))))
                }
            } ?? .none
            return try await tools.call(params, progress: sink)
        }
        await server.withMethodHandler(ListResources.self) { params in try catalog.page(cursor: params.cursor) }
        await server.withMethodHandler(ListResourceTemplates.self) { _ in ListResourceTemplates.Result(templates: ResourceCatalog.templates) }
        await server.withMethodHandler(ReadResource.self) { params in try catalog.read(params.uri) }
        await server.withMethodHandler(ListPrompts.self) { _ in ListPrompts.Result(prompts: PromptCatalog.all) }
        await server.withMethodHandler(GetPrompt.self) { params in try PromptCatalog.get(params.name, params.arguments ?? [:], kinds: configuration.kinds) }
    }
}

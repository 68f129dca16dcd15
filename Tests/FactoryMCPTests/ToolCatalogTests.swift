import MCP
import Testing
@testable import FactoryMCP

/// The tools as a host sees them: closed input schemas whose required keys exist, an output
/// schema each, every hint said, and the paid and public actions gated by their arguments.
@Suite struct ToolCatalogTests {
    @Test func everyToolHasClosedSchemasAndEveryHint() throws {
        #expect(Set(ToolCatalog.all.map(\.name)).count == ToolCatalog.all.count)
        for tool in ToolCatalog.all {
            let input = try #require(tool.inputSchema.objectValue, "\(tool.name)")
            #expect(input["type"] == "object" && input["additionalProperties"] == false, "\(tool.name)")
            let properties = try #require(input["properties"]?.objectValue, "\(tool.name)")
            for key in input["required"]?.arrayValue ?? [] {
                #expect(properties[key.stringValue ?? ""] != nil, "\(tool.name) requires \(key), which it does not describe")
            }
            let output = try #require(tool.outputSchema?.objectValue, "\(tool.name) has no output schema")
            #expect(output["type"] == "object", "\(tool.name)")
            for key in output["required"]?.arrayValue ?? [] {
                #expect(output["properties"]?.objectValue?[key.stringValue ?? ""] != nil, "\(tool.name) output requires \(key)")
            }
            let hints = tool.annotations
            #expect(hints.readOnlyHint != nil && hints.destructiveHint != nil && hints.idempotentHint != nil && hints.openWorldHint != nil,
                    "\(tool.name) leaves a hint to the host's default")
        }
    }

    @Test func readingToolsAreReadOnlyAndPaidOnesAskForTheCost() throws {
        for name in ["validate_manifest", "estimate_week", "review_week"] {
            #expect(ToolCatalog.named(name)?.annotations.readOnlyHint == true, "\(name)")
        }
        for name in ["run_week", "regenerate_item"] {
            let tool = try #require(ToolCatalog.named(name))
            #expect(tool.annotations.readOnlyHint == false && tool.annotations.openWorldHint == true)
            let input = try #require(tool.inputSchema.objectValue)
            #expect(input["properties"]?.objectValue?["confirm_cost_usd"]?.objectValue?["type"] == "number")
            // Not required: without it the tool answers with the estimate.
            let required = (input["required"]?.arrayValue ?? []).compactMap(\.stringValue)
            #expect(!required.isEmpty && !required.contains("confirm_cost_usd"), "\(required)")
        }
        let publish = try #require(ToolCatalog.named("publish_due")?.inputSchema.objectValue?["properties"]?.objectValue)
        #expect(publish["dry_run"]?.objectValue?["default"] == true)
        #expect(ToolCatalog.named("revoke_items")?.annotations.destructiveHint == true)
    }
}

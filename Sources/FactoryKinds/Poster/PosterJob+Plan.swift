import FactoryCore
extension PosterJob {
    /// The quote (unless the manifest gives it) and one image per variant: all known up front.
    package func plan(_ planner: Planner) throws -> [PlannedStage] {
        var stages: [PlannedStage] = []
        let text = providers.text, image = providers.image
        if let brief = quoteBrief {
            stages.append(try planner.stage(item, .text, provider: text.identity, paid: text.isPaid) { try text.plannedCall(write: QuotePrompt.request(brief)) })
        }
        for (stage, request) in imageRequests {
            stages.append(try planner.stage(item, stage, provider: image.identity, paid: image.isPaid) { try image.plannedCall(request) })
        }
        return stages
    }
}

import FactoryCore
extension ChatJob {
    /// One writer call, unless the conversation is written by hand (then nothing is paid).
    func plan(_ planner: Planner) throws -> [PlannedStage] {
        let writer = chatWriter, text = providers.text
        if try writer.handWritten() != nil { return [] }
        return [try planner.stage(item, .text, provider: text.identity, paid: text.isPaid) {
            try text.plannedCall(write: ChatPrompt.request(writer.brief()).with(item.reasoning))
        }]
    }
}

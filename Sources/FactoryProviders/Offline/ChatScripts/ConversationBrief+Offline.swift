import FactoryCore
import FactoryKinds
import Foundation

extension ConversationBrief: OfflineWritable {
    func writeOffline(_ request: TextRequest, library: OfflineLibrary, provider: String, context: CallContext) throws -> WrittenText {
        guard let (conversation, script) = OfflineChatWriter.write(self, library: library) else {
            throw OfflineTextProvider.exhausted(item: context.item, library: "chat-script library", what: "\(genre.rawValue) script",
                                                size: library.scripts(for: genre).count,
                                                fix: "write the thread by hand (`messages:` or `conversation:`), use a live text provider")
        }
        return WrittenText(text: try OfflineTextProvider.json(conversation),
                           record: GenerationRecord(stage: context.stage, provider: provider, model: OfflineChatWriter.model,
                                                    parameters: ["genre": genre.rawValue, "mood": mood.rawValue, "script": script.id],
                                                    seed: seed, promptHash: Digest.sha256(request.system + request.user),
                                                    units: ["messages": Double(conversation.messages.count)], costUSD: 0))
    }
}

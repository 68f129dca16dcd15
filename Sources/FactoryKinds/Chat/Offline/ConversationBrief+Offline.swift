import FactoryCore
import Foundation

extension ConversationBrief {
    /// How a chat story's text is written offline (its descriptor's `offline`): from `ChatScriptShelf`.
    static let offlineWriter = OfflineWriter(shelf: ChatScriptShelf.self, bundled: ChatScriptShelf.bundled, brief: ConversationBrief.self) {
        try $0.writeOffline($1, library: $2, context: $3)
    }

    func writeOffline(_ request: TextRequest, library: ContentLibrary, context: CallContext) throws -> WrittenText {
        guard let (conversation, script) = OfflineChatWriter.write(self, library: library) else {
            throw OfflineWriter.exhausted(item: context.item, library: "chat-script library", what: "\(genre.rawValue) script",
                                           size: library.scripts(for: genre).count,
                                           fix: "write the thread by hand (`messages:` or `conversation:`), use a live text provider")
        }
        return WrittenText(text: try OfflineWriter.json(conversation),
                           record: GenerationRecord(stage: context.stage, provider: OfflineWriter.provider, model: OfflineChatWriter.model,
                                                    parameters: ["genre": genre.rawValue, "mood": mood.rawValue, "script": script.id],
                                                    seed: seed, promptHash: Digest.sha256(request.system + request.user),
                                                    units: ["messages": Double(conversation.messages.count)], costUSD: 0))
    }
}

import FactoryCore
import FactoryMedia
import Foundation

extension Kind {
    /// A text-message chat story, written by the model or by hand.
    public static let chatStory = Kind("chat-story")
}

extension MemoryField {
    /// A chat's characters by name: kept, and may recur.
    public static let cast = MemoryField("cast", checked: false)
}

/// The chat-story kind's registration: how its items decode and how its job is made.
public enum ChatKind {
    /// The registration with the shipping render settings.
    public static let descriptor = tunedDescriptor(.standard)

    /// The registration whose jobs render with `tuning` (resolved by the command layer).
    public static func tunedDescriptor(_ tuning: RenderTuning) -> KindDescriptor {
        KindDescriptor(
            kind: .chatStory, keys: ChatSpec.keys, textEffort: .medium, summary: "a text-message chat story",
            look: KindLook(name: "chat story", filterLabel: "Chat stories", colour: "#0a84ff", soundRequired: true),
            memory: KindMemory(fields: [.cast]),
            offline: ConversationBrief.offlineWriter, fakeAnswer: FakeConversation.answer,
            decode: { try ChatSpec(from: $0) },
            job: { item, spec, context in
                ChatJob(item: item, spec: spec, manifest: context.manifest, providers: context.providers,
                        weekFolder: context.weekFolder, memory: context.memory.map { $0.guarding(item: item) }, tuning: tuning.sharing(renders: context.rendersAtOnce))
            })
    }
}

extension ChatSpec: KindSpec {
    /// Short, medium and long threads run about 35, 60 and 90 s at the item's frame rate.
    public var renderWork: RenderWork {
        RenderWork(seconds: [.short: 35, .medium: 60, .long: 90][length] ?? 60, fps: Double(fps))
    }

    public mutating func resolveFiles(_ locate: (_ value: String?, _ keyPath: [String]) -> String?) {
        conversation = conversation.map { locate($0, ["conversation"]) ?? $0 }
    }

    /// A conversation file is read now, so `validate` reports what `run` would fail the item for
    /// (a file that is not YAML, an alias bomb, no `messages:`), at the `conversation:` key.
    public func fileProblems(item: String) -> [KeyedProblem] {
        guard let path = conversation, path.hasPrefix("/"), FileManager.default.fileExists(atPath: path) else { return [] }
        do {
            _ = try ConversationFile.load(path: path, item: item)
            return []
        } catch {
            return [KeyedProblem(keyPath: ["conversation"], message: "\(error)")]
        }
    }

    public func missingStage(_ group: StageGroup) -> String? {
        switch group {
        case .speech: "only bedtime stories are narrated"
        case .text: "its conversation is written by hand"
        default: nil
        }
    }
}

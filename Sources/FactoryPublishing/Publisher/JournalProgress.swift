import FactoryCore
import Foundation

/// A client's progress on one post, written to the journal as it happens.
struct JournalProgress: PostProgress {
    let journal: any PostJournal
    let id: Int64

    func save(remoteId: String?, details: PostDetails, step: PostStep) async throws {
        try await journal.advance(id, state: step.state, remoteId: remoteId, details: details)
    }
}

extension PostStep {
    var state: PostState {
        switch self {
        case .intent: .intent
        case .started: .started
        case .uploaded: .uploaded
        case .publishing: .publishing
        }
    }

    init(_ state: PostState) {
        switch state {
        case .started: self = .started
        case .uploaded, .posted, .failed: self = .uploaded
        case .publishing: self = .publishing
        case .intent: self = .intent
        }
    }
}

import FactoryCore

/// The offline chat-script library: hand-written stories per genre, each with a hook, a middle of
/// ranked beats, a beat for every mood, and a twist ending (one file per genre).
enum ChatScripts {
    static func scripts(for genre: Genre) -> [ChatScript] {
        switch genre {
        case .drama: drama
        case .comedy: comedy
        case .romance: romance
        case .horror: horror
        case .mystery: mystery
        }
    }

    static var all: [ChatScript] { Genre.allCases.flatMap(scripts(for:)) }
}

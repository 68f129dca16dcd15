@testable import FactoryCore
@testable import FactoryKinds
import Foundation
import Testing

/// The writer's answers: a table of bad ones, each rejected with the problem named.
@Suite struct ConversationCheckTests {
    static let brief = ConversationBrief(prompt: "a door left open", genre: .horror, mood: .scary, length: .short, messageCount: 6,
                                         cast: [], personalities: [:], seed: 1)

    static func answer(title: String = "The Open Door", characters: [[String: Any]]? = nil, messages: [[String: Any]]) -> String {
        let cast = characters ?? [["name": "Jess", "colour": "#34C759", "side": "other", "avatar": "🙂"],
                                  ["name": "Sam", "colour": "#007AFF", "side": "me", "avatar": "😎"]]
        let object: [String: Any] = ["title": title, "characters": cast, "messages": messages]
        return String(decoding: try! JSONSerialization.data(withJSONObject: object), as: UTF8.self)
    }

    static func m(_ sender: String, _ text: String, pause: Any = NSNull(), reaction: Any = NSNull()) -> [String: Any] {
        ["sender": sender, "text": text, "pause": pause, "reaction": reaction]
    }

    static var good: [[String: Any]] { [
        m("Jess", "are you home?? the front door is wide open 😳"), m("Sam", "no I'm at work. what do you mean open"),
        m("Jess", "like WIDE open. lights on too"), m("Sam", "don't go in. call someone"),
        m("Jess", "too late I'm inside"), m("Jess", "it's your cat. she learned to open doors 💀"),
    ] }

    @Test func aGoodAnswerPasses() throws {
        let result = ConversationCheck.validate(Self.answer(messages: Self.good), brief: Self.brief)
        let conversation = try result.get()
        #expect(conversation.messages.count == 6)
        #expect(conversation.me?.name == "Sam")
        #expect(conversation.contacts.map(\.name) == ["Jess"])
    }

    @Test func jsonInsideProseOrACodeFenceIsRead() throws {
        let fenced = "Here you go:\n```json\n" + Self.answer(messages: Self.good) + "\n```"
        #expect(throws: Never.self) { try ConversationCheck.validate(fenced, brief: Self.brief).get() }
    }

    struct Bad: CustomTestStringConvertible, Sendable {
        var name: String
        var text: String
        var expected: String
        var testDescription: String { name }
    }

    static let bad: [Bad] = {
        var rows: [Bad] = []
        rows.append(Bad(name: "not JSON", text: "Sure! Here is your story: {\"title\": \"The Ca", expected: "not the JSON object"))
        rows.append(Bad(name: "truncated messages", text: answer(messages: Array(good.prefix(2))), expected: "there are 2 messages"))
        rows.append(Bad(name: "too many", text: answer(messages: good + good), expected: "there are 12 messages"))
        var stranger = good; stranger[2] = m("Alex", "who is this")
        rows.append(Bad(name: "unknown sender", text: answer(messages: stranger), expected: "is from \"Alex\", who is not a character"))
        var empty = good; empty[3] = m("Sam", "   ")
        rows.append(Bad(name: "empty text", text: answer(messages: empty), expected: "message 4 has no text"))
        var long = good; long[1] = m("Sam", String(repeating: "very long ", count: 30))
        rows.append(Bad(name: "too long", text: answer(messages: long), expected: "message 2 has 299 characters"))
        rows.append(Bad(name: "one side only", text: answer(messages: good.map { m("Jess", $0["text"] as! String) }), expected: "only one side"))
        let twoMe: [[String: Any]] = [["name": "Jess", "colour": "#34C759", "side": "me", "avatar": "🙂"],
                                      ["name": "Sam", "colour": "#007AFF", "side": "me", "avatar": "😎"]]
        rows.append(Bad(name: "two phone owners", text: answer(characters: twoMe, messages: good), expected: "exactly one character must have side \"me\""))
        var bland = good; bland[0] = m("Jess", "hey"); bland[1] = m("Sam", "hi how are you")
        rows.append(Bad(name: "no hook", text: answer(messages: bland), expected: "open with a hook"))
        var flat = good; flat[4] = m("Jess", "ok"); flat[5] = m("Jess", "bye")
        rows.append(Bad(name: "no payoff", text: answer(messages: flat), expected: "end on the twist or payoff"))
        let badColour: [[String: Any]] = [["name": "Jess", "colour": "green", "side": "other", "avatar": "🙂"],
                                          ["name": "Sam", "colour": "#007AFF", "side": "me", "avatar": "😎"]]
        rows.append(Bad(name: "colour not hex", text: answer(characters: badColour, messages: good), expected: "\"green\" is not #RRGGBB"))
        var reaction = good; reaction[2] = m("Jess", "like WIDE open", reaction: "wow")
        rows.append(Bad(name: "reaction not emoji", text: answer(messages: reaction), expected: "use one emoji or null"))
        return rows
    }()

    @Test(arguments: bad) func aBadAnswerIsRejectedWithItsProblem(_ row: Bad) {
        switch ConversationCheck.validate(row.text, brief: Self.brief) {
        case .success: Issue.record("\(row.name) was accepted")
        case .failure(let problems): #expect(problems.description.contains(row.expected), "\(problems)")
        }
    }

    @Test func theManifestCastWinsOverTheWritersLooks() throws {
        var brief = Self.brief
        brief.cast = [.init(name: "Jess", colour: "#FF0000", side: "other", avatar: "👻"), .init(name: "Sam", colour: "#00FF00", side: "me", avatar: "🎮")]
        let conversation = try ConversationCheck.validate(Self.answer(messages: Self.good), brief: brief).get()
        #expect(conversation.character(named: "Jess")?.avatar == "👻")
        #expect(conversation.character(named: "Sam")?.colour == "#00FF00")
    }
}
